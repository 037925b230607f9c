"""No import circle inside bodoge: its modules import one another without a cycle.

The graph is read from the source with :mod:`ast`, not by importing it.  An
edge is any import statement of a module: at module level, in a class body,
under ``if`` or ``try``, or inside a function; absolute or relative (``from
. import spaces`` names the module ``spaces``; ``from .rules import X`` the
module ``rules``; ``from ...engine import X`` the package ``bodoge.engine``).
An import inside a function runs later, on demand, but a circle it closes is
a circle all the same: a view whose functions import the declarations that
import the view.

Imports under ``if TYPE_CHECKING:`` count.  A module that names another's
types knows it as surely as one that calls it: the type checker loads both,
and the layering of docs/architecture.md (inside a game, the view reads the
rules, not the reverse) is about what a module knows.  A circle closed by a
type-only import is also one a run never notices: a game's rules importing
its view while the view imports the state class for its annotations.

One such edge is declared and allowed: a state holds the game that made it
(``state.game``) and a game makes states, so ``engine.state`` names the
``Game`` type, for type checking only.
"""

from __future__ import annotations

import ast
import graphlib
from collections.abc import Collection, Iterable, Iterator, Mapping
from pathlib import Path

import pytest

import bodoge

SOURCE = Path(bodoge.__file__).parent

TYPE_ONLY_BACK_EDGES = {("bodoge.engine.state", "bodoge.engine.game")}
"""Edges left out of the graph when (and only when) they are type-checking imports."""


def module_names(root: Path) -> dict[str, Path]:
    """Every module under the package directory ``root``, by dotted name."""
    names = {}
    for path in root.rglob("*.py"):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports_in(
    nodes: Iterable[ast.AST], type_only: bool = False
) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import statement in ``nodes`` and below, each with whether it is type-only."""
    for node in nodes:
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node, type_only
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            yield from imports_in(node.body, True)
            yield from imports_in(node.orelse, type_only)
        else:
            yield from imports_in(ast.iter_child_nodes(node), type_only)


def imported_modules(
    name: str, is_package: bool, node: ast.Import | ast.ImportFrom, modules: Mapping[str, Path]
) -> set[str]:
    """The modules of ``modules`` that the statement ``node`` in module ``name`` names."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names} & modules.keys()
    base = node.module or ""
    if node.level:
        package = (name if is_package else name.rpartition(".")[0]).split(".")
        anchor = package[: len(package) - node.level + 1]
        base = ".".join([*anchor, base] if base else anchor)
    found = set()
    for alias in node.names:
        submodule = f"{base}.{alias.name}"
        found.add(submodule if submodule in modules else base)
    return found & modules.keys()


def import_graph(
    root: Path, type_only_allowed: Collection[tuple[str, str]] = TYPE_ONLY_BACK_EDGES
) -> dict[str, set[str]]:
    """Each module under ``root`` and the modules it imports (see the module docstring).

    An edge of ``type_only_allowed`` is left out when its import is type-only.
    """
    modules = module_names(root)
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        is_package = path.name == "__init__.py"
        graph[name] = set()
        for node, type_only in imports_in(tree.body):
            for target in imported_modules(name, is_package, node, modules):
                if target == name or (type_only and (name, target) in type_only_allowed):
                    continue
                graph[name].add(target)
    return graph


def find_cycle(graph: Mapping[str, set[str]]) -> list[str] | None:
    """A cycle of ``graph`` (its first node repeated at the end), or ``None``."""
    try:
        graphlib.TopologicalSorter(graph).prepare()
    except graphlib.CycleError as error:
        return list(error.args[1])
    return None


def test_bodoge_has_no_import_circle() -> None:
    graph = import_graph(SOURCE)
    assert len(graph) > 100  # the whole package was read
    cycle = find_cycle(graph)
    assert cycle is None, "import circle: " + " -> ".join(cycle or ())


def _package(tmp_path: Path, files: Mapping[str, str]) -> Path:
    root = tmp_path / "pkg"
    for name, text in {"__init__.py": "", **files}.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


@pytest.mark.parametrize(
    "view",
    [
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .rules import State\n",
        "from . import rules\n",
        "import pkg.game.rules\n",
        "try:\n    from ..game.rules import State\nexcept ImportError:\n    pass\n",
        "def state():\n    from .rules import State\n    return State\n",
        "class View:\n    def rules(self):\n        from . import rules\n        return rules\n",
    ],
    ids=[
        "type-checking",
        "from-dot",
        "absolute",
        "parent-relative-in-try",
        "in-function",
        "in-method",
    ],
)
def test_a_circle_is_found_however_it_is_imported(tmp_path: Path, view: str) -> None:
    root = _package(
        tmp_path,
        {"game/__init__.py": "", "game/rules.py": "from .view import VIEW\n", "game/view.py": view},
    )
    cycle = find_cycle(import_graph(root))
    assert cycle is not None
    assert set(cycle) == {"pkg.game.rules", "pkg.game.view"}


def test_a_package_importing_its_own_modules_makes_no_circle(tmp_path: Path) -> None:
    root = _package(
        tmp_path,
        {
            "game/__init__.py": "from .rules import State\n",
            "game/rules.py": "from .view import VIEW\n",
            "game/view.py": "from ..other import thing\n",
            "other.py": "import math\n",
        },
    )
    graph = import_graph(root)
    assert graph["pkg.game"] == {"pkg.game.rules"}
    assert graph["pkg.game.view"] == {"pkg.other"}
    assert find_cycle(graph) is None


def test_an_allowed_back_edge_is_left_out_only_when_type_only(tmp_path: Path) -> None:
    allowed = {("pkg.game.view", "pkg.game.rules")}
    guarded = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .rules import State\n"
    for view, circle in ((guarded, False), ("from .rules import State\n", True)):
        root = _package(
            tmp_path / str(circle),
            {
                "game/__init__.py": "",
                "game/rules.py": "from .view import VIEW\n",
                "game/view.py": view,
            },
        )
        assert (find_cycle(import_graph(root, allowed)) is not None) == circle
