"""The project's own documents link only to what the repository holds.

Every relative link in ``README.md``, ``docs/*.md`` and ``bench/README.md``
must name a file or folder of the repository (and, with ``#anchor``, a
heading of that document), and none may point outside it: a user of the
project has only the repository, not the notes it was planned in.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = sorted([ROOT / "README.md", ROOT / "bench" / "README.md", *ROOT.glob("docs/*.md")])
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)
CODE = re.compile(r"`[^`\n]*`")
OUTSIDE = re.compile(r"(\.\./)+shared/|\bshared/(DESIGN|GAME-DONE|STYLE|rules)")


def links(text: str) -> list[str]:
    """The targets of the Markdown links in ``text``, outside code."""
    return LINK.findall(CODE.sub("", FENCE.sub("", text)))


def slug(heading: str) -> str:
    """A heading's anchor as GitHub writes it."""
    words = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return words.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    return {slug(line.lstrip("#")) for line in text.splitlines() if line.startswith("#")}


def broken(document: Path, text: str | None = None) -> list[str]:
    """The links of ``document`` (or of ``text``, as if it were there) that do not resolve."""
    found = []
    for target in links(document.read_text(encoding="utf-8") if text is None else text):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto:
            continue
        name, _, anchor = target.partition("#")
        path = (document.parent / name).resolve() if name else document
        if ROOT not in (path, *path.parents):
            found.append(f"{target} (outside the repository)")
        elif not path.exists():
            found.append(f"{target} (no such file)")
        elif anchor and path.suffix == ".md" and anchor not in anchors(path):
            found.append(f"{target} (no such heading)")
    return found


def test_the_documents_exist() -> None:
    names = {path.relative_to(ROOT).as_posix() for path in DOCUMENTS}
    assert {"README.md", "docs/architecture.md", "docs/adding-a-game.md"} <= names


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_every_relative_link_resolves_inside_the_repository(document: Path) -> None:
    assert not broken(document), f"{document.relative_to(ROOT)}: broken links {broken(document)}"
    outside = OUTSIDE.findall(document.read_text(encoding="utf-8"))
    assert not outside, f"{document.relative_to(ROOT)} refers to notes outside the repository"


def test_broken_links_are_found() -> None:
    assert links("[a](x.md) `[b](y.md)` ![c](img/c.png)\n```\n[d](z.md)\n```\n") == [
        "x.md",
        "img/c.png",
    ]
    assert slug(" `bots.py` — bot strength") == "botspy--bot-strength"
    text = (
        "[fine](architecture.md#layers) [web](https://example.com) [up](../README.md)\n"
        "[gone](missing.md) [heading](architecture.md#no-such-heading) [out](../../../etc)\n"
    )
    assert broken(ROOT / "docs" / "page.md", text) == [
        "missing.md (no such file)",
        "architecture.md#no-such-heading (no such heading)",
        "../../../etc (outside the repository)",
    ]
    assert OUTSIDE.search("see ../shared/DESIGN.md") and OUTSIDE.search("`shared/DESIGN.md`")


def test_the_quick_start_says_how_a_friend_on_another_machine_joins() -> None:
    """Right after the first ``bodoge serve`` (127.0.0.1 only), the README says a friend on
    another machine needs ``--host`` and what ``--host 0.0.0.0`` exposes (issue 34, item 16)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    first = text.index("bodoge serve")
    after_command = text[first : text.index("\n## ", first)].split("```", 1)[1]
    paragraphs = [p for p in after_command.split("\n\n") if p.strip()]
    near = " ".join(" ".join(paragraphs[:1]).split())  # the paragraph after the command
    assert "--host 0.0.0.0" in near and "another machine" in near
    assert "127.0.0.1" in near, "say that the default listens on this machine only"
    assert "every network interface" in near and "anyone who can reach" in near
