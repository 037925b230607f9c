"""A Griffe extension: the project's reST-flavoured docstrings, read as Markdown.

The docstrings are written for ``help()`` and doctest: ``>>>`` examples,
``::`` literal blocks and roles such as ``:class:`State```.  Markdown would
read ``>>>`` as nested quotes and ``[5, 2, 6]`` in an example's output as a
link, so for the API reference (``mkdocs.yml``) each run of doctest lines
becomes a fenced ``pycon`` block, a ``::`` that opens a literal block becomes
``:``, and a role becomes a link to the object it names (resolved from where
the docstring stands, as Python would: ``:class:`State``` in
``bodoge.engine.game`` is ``bodoge.engine.state.State``).  The links are
autorefs' optional cross-references: one to an object the site does not
show stays plain code instead of failing the build.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

import griffe

ROLE = re.compile(r":(?:class|func|meth|attr|mod|data|exc|obj|const):`~?([^`]+)`")


def doctest_fenced(text: str, resolve: Callable[[str], str | None] | None = None) -> str:
    """``text`` with each doctest run (from ``>>>`` to the next blank line) in a fence.

    Roles become code, linked to the path ``resolve`` gives for their target
    (none: plain code).

    >>> doctest_fenced("Add:\\n\\n    >>> 1 + 1\\n    2\\n\\nDone.").splitlines()[2:6]
    ['    ```pycon', '    >>> 1 + 1', '    2', '    ```']
    >>> doctest_fenced("See :class:`~.state.State`.", lambda name: "bodoge.engine.state.State")
    'See <autoref identifier="bodoge.engine.state.State" optional><code>State</code></autoref>.'
    """
    role = functools.partial(linked_role, resolve=resolve)
    lines = text.split("\n")
    out: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        if not line.lstrip().startswith(">>>"):
            out.append(ROLE.sub(role, line))
            index += 1
            continue
        indent = line[: len(line) - len(line.lstrip())]
        out.append(f"{indent}```pycon")
        while index < len(lines) and lines[index].strip():
            out.append(lines[index])
            index += 1
        out.append(f"{indent}```")
    return re.sub(r"(\S)::$", r"\1:", "\n".join(out), flags=re.MULTILINE)


def linked_role(match: re.Match[str], resolve: Callable[[str], str | None] | None) -> str:
    """A role as code, linked when its target resolves; ``~`` shows the last name only."""
    written = match[1]
    shown = written.rsplit(".", 1)[-1] if match[0].split("`")[1].startswith("~") else written
    path = resolve(written) if resolve else None
    if path is None:
        return f"`{shown}`"
    return f'<autoref identifier="{path}" optional><code>{shown}</code></autoref>'


def resolver(obj: griffe.Object) -> Callable[[str], str | None]:
    """Resolves a role's target from ``obj``'s scope: a dotted path, ``.relative``, or a name."""

    def resolve(name: str) -> str | None:
        if name.startswith("bodoge."):
            return name
        if name.startswith("."):
            module = obj if obj.is_module else obj.module
            package = module.path if module.is_init_module else module.path.rpartition(".")[0]
            ups = len(name) - len(name.lstrip(".")) - 1
            base = package.rsplit(".", ups)[0] if ups else package
            return f"{base}.{name.lstrip('.')}"
        head, _, rest = name.partition(".")
        try:
            found = obj.resolve(head)
        except griffe.NameResolutionError:
            return None
        return f"{found}.{rest}" if rest else found

    return resolve


class DoctestBlocks(griffe.Extension):
    """Rewrites every docstring of a package once it is loaded, the package's own included."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        objects: list[griffe.Object] = [pkg]
        while objects:
            obj = objects.pop()
            if obj.docstring is not None:
                obj.docstring.value = doctest_fenced(obj.docstring.value, resolver(obj))
            objects += [member for member in obj.members.values() if not member.is_alias]
