"""Write the API reference's pages, one per module: ``docs/contributors/api/``.

The reference is generated from the docstrings when the site is built
(mkdocstrings); each page here only names its module.  Which modules have a
page is decided once, in :data:`SECTIONS`, and ``tests/test_docs.py`` fails
when a public module of those packages has none (or a page names a module
that no longer exists).  Run it after adding or removing a module::

    python scripts/api_pages.py
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "docs" / "contributors" / "api"
GENERATED = "<!-- Written by scripts/api_pages.py: edit it, then run it. -->"

SECTIONS: dict[str, tuple[str, list[str]]] = {
    "The game contract": (
        "What every game meets and what outside code calls: a game author's and a "
        "researcher's first reading.",
        ["bodoge.engine"],
    ),
    "A game author's kit": (
        "The pieces the games share (zones and decks, secret and stepwise choices, dice, "
        "mixed strategies, rules with action tables and phases).",
        ["bodoge.engine.kit"],
    ),
    "Bots": ("Bot specs, the levels and the fair search.", ["bodoge.bots"]),
    "Research interfaces": (
        "Gymnasium, PettingZoo and OpenSpiel adapters, and outside policies as bots.",
        ["bodoge.interop"],
    ),
}
"""Each section: what it is for, and the packages whose public modules it documents."""


def modules(package: str) -> list[str]:
    """``package`` and its public modules (no leading underscore), in source order by name."""
    imported = importlib.import_module(package)
    found = [package]
    for info in pkgutil.iter_modules(imported.__path__):
        if not info.name.startswith("_") and not info.ispkg:
            found.append(f"{package}.{info.name}")
    return found


def own_members(module: str) -> list[str] | None:
    """A package's public names defined in the package itself; ``None`` for a plain module.

    A package mostly re-exports what its modules define, and those have
    pages of their own, so its page shows only its docstring and what it
    defines itself.
    """
    imported = importlib.import_module(module)
    if not hasattr(imported, "__path__"):
        return None
    return [
        name
        for name, value in vars(imported).items()
        if not name.startswith("_")
        and (inspect.isclass(value) or inspect.isfunction(value))
        and value.__module__ == module
    ]


def page(module: str) -> str:
    lines = [GENERATED, "", f"::: {module}", "    options:", "      heading_level: 1"]
    own = own_members(module)
    if own is not None:
        lines.append(f"      members: [{', '.join(own)}]" if own else "      members: false")
    return "\n".join(lines) + "\n"


def index() -> str:
    lines = [
        "# API reference",
        "",
        GENERATED,
        "",
        "Generated from the docstrings when the site is built, one page per module; "
        "names in the text link to their own entries.  The package `bodoge` re-exports the "
        "public game contract:",
        "",
        "::: bodoge",
        "    options:",
        "      members: [get_game, game_ids, replay, parse_record]",
        "      show_root_heading: false",
    ]
    for title, (purpose, packages) in SECTIONS.items():
        lines += ["", f"## {title}", "", purpose, ""]
        for package in packages:
            lines += [f"- [`{name}`]({name}.md)" for name in modules(package)]
    return "\n".join(lines) + "\n"


def pages() -> dict[str, str]:
    """Every page this script writes, by file name under :data:`FOLDER`."""
    written = {"README.md": index()}
    for _, packages in SECTIONS.values():
        for package in packages:
            written.update({f"{name}.md": page(name) for name in modules(package)})
    return written


def main() -> int:
    FOLDER.mkdir(parents=True, exist_ok=True)
    for stale in {p.name for p in FOLDER.glob("*.md")} - set(pages()):
        (FOLDER / stale).unlink()
    for name, text in pages().items():
        (FOLDER / name).write_text(text, encoding="utf-8")
    print(f"wrote {len(pages())} pages to {FOLDER.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
