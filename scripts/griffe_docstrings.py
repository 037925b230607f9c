"""A Griffe extension: the project's reST-flavoured docstrings, read as Markdown.

The docstrings are written for ``help()`` and doctest: ``>>>`` examples,
``::`` literal blocks and roles such as ``:class:`State```.  Markdown would
read ``>>>`` as nested quotes and ``[5, 2, 6]`` in an example's output as a
link, so for the API reference (``mkdocs.yml``) each run of doctest lines
becomes a fenced ``pycon`` block, a ``::`` that opens a literal block becomes
``:``, and a role keeps only its code.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:class|func|meth|attr|mod|data|exc|obj|const):`~?([^`]+)`")


def doctest_fenced(text: str) -> str:
    """``text`` with each doctest run (from ``>>>`` to the next blank line) in a fence.

    >>> print(doctest_fenced("Add:\\n\\n    >>> 1 + 1\\n    2\\n\\nDone."))
    Add:
    <BLANKLINE>
        ```pycon
        >>> 1 + 1
        2
        ```
    <BLANKLINE>
    Done.
    """
    lines = text.split("\n")
    out: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        if not line.lstrip().startswith(">>>"):
            out.append(ROLE.sub(r"`\1`", line))
            index += 1
            continue
        indent = line[: len(line) - len(line.lstrip())]
        out.append(f"{indent}```pycon")
        while index < len(lines) and lines[index].strip():
            out.append(lines[index])
            index += 1
        out.append(f"{indent}```")
    return re.sub(r"(\S)::$", r"\1:", "\n".join(out), flags=re.MULTILINE)


class DoctestBlocks(griffe.Extension):
    """Rewrites every docstring of a package once it is loaded, the package's own included."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        objects: list[griffe.Object] = [pkg]
        while objects:
            obj = objects.pop()
            if obj.docstring is not None:
                obj.docstring.value = doctest_fenced(obj.docstring.value)
            objects += [member for member in obj.members.values() if not member.is_alias]
