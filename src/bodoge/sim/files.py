"""The rows of ``bodoge sim --out``: one per game, as JSON lines or Parquet.

A row is :meth:`GameResult.to_json`: ``game``, ``base_seed``, ``variant``,
``index``, ``seed``, ``num_players``, ``options``, ``design``, ``bots`` (the
spec at each seat in this game), ``scores``, ``winners``, ``length``
(actions applied), ``ending`` (``normal``, or ``stopped`` by a safety
limit), ``actions`` (per seat: how often each action type was chosen),
``phases`` (the same for all seats, per third of the game), ``legal`` (per
seat: at how many of its decisions each action type was legal), ``trace``
(the running score: ``[actions applied, scores]`` whenever a score changed),
``subjects`` and ``subject_legal`` (per seat: how often each card or tile the
game names, ``Game.choice_subject``, was chosen, and at how many decisions it
could be; empty lists for a game that names none), ``units`` (the length as a
player counts it, ``Game.length_unit``), ``how_ended`` (the game's own word for
how it ended, "" for the ordinary end) and, when asked
for, ``record`` (the game's replayable record).

A file whose name ends in ``.parquet`` is written as Parquet (``pyarrow``,
the ``bodoge[parquet]`` extra), every other name as JSON lines.  In
Parquet the scalar fields and the lists (``bots``, ``scores``,
``winners``) are columns of their own; the nested ones (``options``,
``design``, ``actions``, ``phases``, ``legal``, ``trace``, ``subjects``,
``subject_legal``, ``record``) are JSON text, so that every row fits one schema whatever the game.

Writers keep every finished game: JSON lines are flushed as they are
written, and a Parquet file is closed (and so readable) on every exit but a
hard kill.  A JSON-lines file cut off in the middle of its last line (a
hard kill) reads without that line, and :func:`open_writer` with
``resume=True`` truncates it there before appending.

>>> import tempfile, pathlib, bodoge
>>> from bodoge.sim import run_many
>>> path = pathlib.Path(tempfile.mkdtemp()) / "games.jsonl"
>>> with open_writer(path) as writer:
...     for result in run_many("egyptian-bride", 3, seed=2, n=3):
...         writer.write(result)
>>> sorted(r.index for r in read_results(path))
[0, 1, 2]
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, Protocol

import orjson

from .play import GameResult

PARQUET_INSTALL = "pip install 'pyarrow>=15'"  # the parquet extra, from a checkout or not
NESTED = (
    "options",
    "design",
    "actions",
    "phases",
    "legal",
    "trace",
    "subjects",
    "subject_legal",
    "record",
)
"""Fields kept as JSON text in Parquet."""
ROW_GROUP = 2000


class BadResultsFile(ValueError):
    """A file that is not (or no longer) rows of ``bodoge sim --out``."""


class ParquetMissing(RuntimeError):
    """A Parquet file was named and pyarrow is not installed."""

    def __init__(self) -> None:
        super().__init__(f"Parquet needs pyarrow; install it with: {PARQUET_INSTALL}")


class Writer(Protocol):
    def write(self, result: GameResult) -> None: ...

    def flush(self) -> None: ...


def is_parquet(path: Path) -> bool:
    return path.suffix.lower() == ".parquet"


def _pyarrow() -> Any:
    try:
        import pyarrow  # type: ignore[import-untyped]
        import pyarrow.parquet  # type: ignore[import-untyped]
    except ImportError:
        raise ParquetMissing() from None
    return pyarrow


# ------------------------------------------------------------------ reading


def read_results(path: Path) -> list[GameResult]:
    """Every row of ``path`` as a result; :class:`BadResultsFile` if a row is not one."""
    rows = _read_parquet(path) if is_parquet(path) else _read_lines(path)[0]
    results = []
    for number, row in enumerate(rows, 1):
        try:
            results.append(GameResult.from_json(row))
        except ValueError as error:
            raise BadResultsFile(f"{path}, row {number}: {error}") from None
    return results


def _read_lines(path: Path) -> tuple[list[dict[str, Any]], int]:
    """The rows, and the length of the file up to the end of its last complete line."""
    data = path.read_bytes()
    end = data.rfind(b"\n") + 1
    rows = []
    for number, line in enumerate(data[:end].splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = orjson.loads(line)
        except orjson.JSONDecodeError as error:
            raise BadResultsFile(f"{path}, line {number}: not JSON ({error})") from None
        if not isinstance(row, dict):
            raise BadResultsFile(f"{path}, line {number}: not a JSON object")
        rows.append(row)
    return rows, end


def _read_parquet(path: Path) -> list[dict[str, Any]]:
    pa = _pyarrow()
    try:
        table = pa.parquet.read_table(path)
    except (pa.ArrowException, OSError) as error:
        raise BadResultsFile(f"{path}: not a readable Parquet file ({error})") from None
    rows: list[dict[str, Any]] = table.to_pylist()
    for row in rows:
        for name in NESTED:
            text = row.get(name)
            if isinstance(text, str):
                try:
                    row[name] = json.loads(text)
                except ValueError:
                    raise BadResultsFile(f"{path}: column {name!r} is not JSON") from None
    return rows


# ------------------------------------------------------------------ writing


class _LinesWriter:
    def __init__(self, file: IO[bytes]) -> None:
        self.file = file

    def write(self, result: GameResult) -> None:
        self.file.write(orjson.dumps(result.to_json()) + b"\n")

    def flush(self) -> None:
        self.file.flush()


class _ParquetWriter:
    def __init__(self, path: Path, before: list[GameResult]) -> None:
        self.pa = _pyarrow()
        pa = self.pa
        self.schema = pa.schema(
            [
                ("game", pa.string()),
                ("base_seed", pa.int64()),
                ("variant", pa.int64()),
                ("index", pa.int64()),
                ("seed", pa.int64()),
                ("num_players", pa.int64()),
                ("options", pa.string()),
                ("design", pa.string()),
                ("bots", pa.list_(pa.string())),
                ("scores", pa.list_(pa.float64())),
                ("winners", pa.list_(pa.int64())),
                ("length", pa.int64()),
                ("ending", pa.string()),
                ("actions", pa.string()),
                ("phases", pa.string()),
                ("legal", pa.string()),
                ("trace", pa.string()),
                ("subjects", pa.string()),
                ("subject_legal", pa.string()),
                ("units", pa.int64()),
                ("how_ended", pa.string()),
                ("record", pa.string()),
            ]
        )
        self.writer = pa.parquet.ParquetWriter(path, self.schema)
        self.rows: list[dict[str, Any]] = []
        for result in before:
            self.write(result)

    def write(self, result: GameResult) -> None:
        row = result.to_json()
        row.setdefault("record", None)
        for name in NESTED:
            if row[name] is not None:
                row[name] = json.dumps(row[name], ensure_ascii=False, separators=(",", ":"))
        self.rows.append(row)
        if len(self.rows) >= ROW_GROUP:
            self.flush()

    def flush(self) -> None:
        if self.rows:
            self.writer.write_table(self.pa.Table.from_pylist(self.rows, schema=self.schema))
            self.rows = []

    def close(self) -> None:
        self.flush()
        self.writer.close()


@contextmanager
def open_writer(path: Path, resume: bool = False) -> Iterator[Writer]:
    """A writer of rows to ``path``; with ``resume``, after the rows it already holds.

    A Parquet file cannot be appended to: a resumed one is written anew to
    ``path.partial`` (its old rows first) and replaces ``path`` when closed.
    """
    if is_parquet(path):
        before = read_results(path) if resume and path.exists() else []
        partial = path.with_name(path.name + ".partial")
        parquet = _ParquetWriter(partial, before)
        try:
            yield parquet
        finally:
            parquet.close()
            os.replace(partial, path)
        return
    if resume and path.exists():
        end = _read_lines(path)[1]
        file: IO[bytes] = path.open("r+b")
        file.truncate(end)
        file.seek(end)
    else:
        file = path.open("wb")
    with file:
        yield _LinesWriter(file)
