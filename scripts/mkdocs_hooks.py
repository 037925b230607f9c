"""MkDocs hooks: the site is built from ``docs/`` and three documents outside it.

The README (the site's home page), ``bench/README.md`` (the benchmark
reference) and ``CHANGELOG.md`` live where a reader of the repository looks
for them; the site
takes them as they are.  Every page's relative links are written for the
repository, so that they work when browsing it; here each link is resolved
from the file it was written in:

* a file of the site (a page in ``docs/``, or one of the two documents
  above) gets the link the site needs from the page that shows it;
* a file of the repository that is no page (``src/bodoge/bots/ismcts.py``)
  links to the published repository when ``repo_url`` is set (the
  ``BODOGE_REPO_URL`` of the build); without one it keeps its words and loses
  the link, as the site has no copy of it;
* anything else, a file that does not exist, is left alone, for MkDocs'
  link check to fail the strict build on it.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

# Documents outside docs/ that are pages of the site: repository path -> page.
OUTSIDE_PAGES = {
    "README.md": "index.md",
    "bench/README.md": "benchmarks.md",
    "CHANGELOG.md": "changelog.md",
}
LINK = re.compile(r"(?<!!)\[(?P<text>[^\]]*)\]\((?P<target>[^)\s]+)\)")
FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.MULTILINE | re.DOTALL)


def repository(config: Any) -> Path:
    """The repository's root: where ``mkdocs.yml`` is."""
    return Path(config["config_file_path"]).absolute().parent


def on_files(files: Files, config: Any) -> Files:
    for source, page in OUTSIDE_PAGES.items():
        content = (repository(config) / source).read_text(encoding="utf-8")
        files.append(File.generated(config, page, content=content))
    return files


def repository_path(page_uri: str, docs: str) -> str:
    """Where the page's Markdown lives in the repository, as a POSIX path."""
    for source, page in OUTSIDE_PAGES.items():
        if page == page_uri:
            return source
    return f"{docs}/{page_uri}"


def site_link(target: str, written_in: str, page_uri: str, docs: str, root: Path) -> str | None:
    """The link ``target`` (written in the repository file ``written_in``) needs on the site.

    ``None`` when the target is a file of the repository that the site does not hold.
    """
    name, hash_, anchor = target.partition("#")
    path = posixpath.normpath(posixpath.join(posixpath.dirname(written_in), name))
    if path in OUTSIDE_PAGES:
        path = f"{docs}/{OUTSIDE_PAGES[path]}"
    if path == docs or path.startswith(docs + "/"):
        inside = path[len(docs) + 1 :] if path != docs else ""
        if (root / docs / inside).is_dir():  # a folder's page is its README (or index)
            readme, index = posixpath.join(inside, "README.md"), posixpath.join(inside, "index.md")
            inside = readme if (root / docs / readme).exists() else index
        relative = posixpath.relpath(inside, posixpath.dirname(page_uri) or ".")
        return relative + hash_ + anchor
    if path.startswith("..") or not (root / path).exists():
        return target  # broken: MkDocs reports it
    return None


def source_link(repo_url: str, target: str, written_in: str) -> str:
    """A repository file's address in the published repository (its main branch).

    >>> source_link("https://example.org/bodoge/", "../src/bodoge/x.py#L3", "docs/a.md")
    'https://example.org/bodoge/blob/main/src/bodoge/x.py#L3'
    """
    name, hash_, anchor = target.partition("#")
    path = posixpath.normpath(posixpath.join(posixpath.dirname(written_in), name))
    return f"{repo_url.rstrip('/')}/blob/main/{path}{hash_}{anchor}"


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    root = repository(config)
    docs = Path(config["docs_dir"]).absolute().relative_to(root).as_posix()
    written_in = repository_path(page.file.src_uri, docs)

    def rewrite(match: re.Match[str]) -> str:
        target = match["target"]
        if target.startswith("#") or re.match(r"[a-z][a-z0-9+.-]*:", target):
            return match[0]
        link = site_link(target, written_in, page.file.src_uri, docs, root)
        if link is None and config.get("repo_url"):
            link = source_link(config["repo_url"], target, written_in)
        return match["text"] if link is None else f"[{match['text']}]({link})"

    pieces, last = [], 0
    for fence in FENCE.finditer(markdown):
        pieces += [LINK.sub(rewrite, markdown[last : fence.start()]), fence[0]]
        last = fence.end()
    pieces.append(LINK.sub(rewrite, markdown[last:]))
    return "".join(pieces)
