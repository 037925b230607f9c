"""The project's own documents: links that resolve, a site that builds, words about the project.

Every relative link in ``README.md``, ``docs/**/*.md`` and ``bench/README.md``
must name a file or folder of the repository (and, with ``#anchor``, a
heading of that document), and none may point outside it: a user of the
project has only the repository, not the notes it was planned in.  The
documentation site (``mkdocs.yml``) builds with every warning an error, and
a broken link fails it.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = sorted(
    [
        ROOT / "README.md",
        ROOT / "CHANGELOG.md",
        ROOT / "bench" / "README.md",
        *ROOT.glob("docs/**/*.md"),
    ]
)
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)
CODE = re.compile(r"`[^`\n]*`")
SET_UP = "python3 -m venv .venv && . .venv/bin/activate && pip install . && bodoge serve"
"""The README's first command: install into a virtual environment, start the table."""
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


def build_site(root: Path, site: Path) -> subprocess.CompletedProcess[str]:
    """``mkdocs build --strict`` of the project at ``root`` into ``site``."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(root / "src")}
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)]
    return subprocess.run(command, cwd=root, env=env, capture_output=True, text=True, check=False)


def nav_pages() -> list[str]:
    """The pages named in ``mkdocs.yml``'s navigation, as paths under docs/."""
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    return re.findall(r"^\s+- (?:[^:\n]+: )?([\w/.-]+\.md)$", text.split("\nnav:", 1)[1], re.M)


def test_the_site_builds_strictly_from_the_documents(tmp_path: Path) -> None:
    result = build_site(ROOT, tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    home = re.sub(r"<[^>]+>", "", (tmp_path / "index.html").read_text(encoding="utf-8"))
    assert "pip install . &amp;&amp; bodoge serve" in home, "the README is the home page"
    bench = (tmp_path / "benchmarks.html").read_text(encoding="utf-8")
    assert "playouts.py" in bench, "bench/README.md is the benchmark reference"
    api = tmp_path / "contributors" / "api"
    state = (api / "bodoge.engine.state.html").read_text(encoding="utf-8")
    # generated from the docstrings, a page per module: the engine's classes, examples as code
    assert 'id="bodoge.engine.state.State"' in state
    assert 'id="bodoge.engine.rng.Rng"' in (api / "bodoge.engine.rng.html").read_text("utf-8")
    assert "&gt;&gt;&gt;" in state and "<blockquote>" not in state
    # a role in a docstring links to the entry it names (here :func:`~.zones.redeal`)
    kit = (api / "bodoge.engine.kit.html").read_text(encoding="utf-8")
    assert 'href="bodoge.engine.kit.zones.html#bodoge.engine.kit.zones.redeal"' in kit
    for page in tmp_path.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert "fonts.googleapis" not in text and "gtag" not in text, page  # nothing fetched
        assert not re.search(r"<(?:script|link)[^>]+(?:src|href)=\"https?:", text), page


def test_a_broken_link_fails_the_site_build(tmp_path: Path) -> None:
    copy = tmp_path / "project"
    shutil.copytree(ROOT / "docs", copy / "docs")
    for entry in ROOT.iterdir():
        if entry.name not in {"docs", "site", ".git"}:
            (copy / entry.name).symlink_to(entry)
    page = copy / "docs" / "bots.md"
    page.write_text(page.read_text(encoding="utf-8") + "\n[gone](no-such-page.md)\n")
    result = build_site(copy, tmp_path / "site")
    warnings = [line for line in result.stderr.splitlines() if line.startswith("WARNING")]
    assert result.returncode != 0
    assert warnings and all("no-such-page.md" in line for line in warnings), result.stderr


def test_the_readme_is_the_landing_page() -> None:
    """What bodoge is, the two set-up commands, the games table, and a link to every page."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = [block.strip() for block in re.findall(r"```sh\n(.*?)```", text, re.S)]
    assert SET_UP in blocks and "bash .ci/run" in blocks
    assert "| `hoarders` |" in text
    linked = {(ROOT / target.partition("#")[0]).resolve() for target in links(text)}
    pages = [
        page
        for page in nav_pages()
        if not re.match(r"(balance|research/environments|contributors/api)/(?!README)", page)
    ]
    assert len(pages) > 10
    outside = {
        "index.md": "README.md",
        "benchmarks.md": "bench/README.md",
        "changelog.md": "CHANGELOG.md",
    }
    files = {page: (ROOT / outside.get(page, f"docs/{page}")).resolve() for page in pages}
    missing = [page for page, path in files.items() if page != "index.md" and path not in linked]
    assert not missing, f"README.md does not link to {missing}"


def test_the_site_docstring_reader_fences_doctests() -> None:
    path = ROOT / "scripts" / "griffe_docstrings.py"
    spec = importlib.util.spec_from_file_location("griffe_docstrings", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    text = "See :class:`State`::\n\n    >>> [1, 2][0]\n    1\n\nDone."
    assert module.doctest_fenced(text) == (
        "See `State`:\n\n    ```pycon\n    >>> [1, 2][0]\n    1\n    ```\n\nDone."
    )
    linked = module.doctest_fenced(text, {"State": "bodoge.engine.state.State"}.get)
    assert linked.startswith(
        'See <autoref identifier="bodoge.engine.state.State" optional><code>State</code></autoref>:'
    )


SESSION_WORDS = re.compile(
    r"(first|second|third|[a-z]+th) session|\bh3[0-9]|\bsessions? [0-9]", re.IGNORECASE
)


def test_the_documents_speak_of_the_project_not_how_it_was_built() -> None:
    """No session numbers or branch names in docs/, bench/ or the README."""
    files = [ROOT / "README.md", *(ROOT / "docs").rglob("*"), *(ROOT / "bench").rglob("*")]
    found = [
        f"{path.relative_to(ROOT)}: {match[0]!r}"
        for path in files
        if path.is_file() and path.suffix in {".md", ".py", ".txt", ".html", ".json"}
        for match in SESSION_WORDS.finditer(path.read_text(encoding="utf-8", errors="replace"))
    ]
    assert not found, found


def test_the_benchmark_reference_stays_a_reference() -> None:
    """bench/README.md keeps one section per script and current figures only (history is in
    git), so it stays short enough to read: at most 700 lines."""
    text = (ROOT / "bench" / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 700
    scripts = sorted(path.name for path in (ROOT / "bench").glob("*.py"))
    missing = [name for name in scripts if f"## `{name}`" not in text]
    assert not missing, f"bench/README.md has no section for {missing}"
