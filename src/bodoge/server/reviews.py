"""Reviews of finished games asked for from the replay page, run by the server within bounds.

A review (:mod:`bodoge.review`) judges one seat's decisions from that
seat's information and draws every seat's curve.  It is slow next to a
bot's decision, so the server runs it on its own terms:

- **Stored.**  One review per table and seat, in the ``reviews`` table
  (queued, running, done or failed, its progress and its result).
- **Run once.**  Servers sharing the database (workers, or several
  ``bodoge serve`` on one file) each take reviews from it; a running review
  is held under a lease (its server and an expiry, renewed while it runs).
  A review left running by a stop is queued again; one whose server died is
  taken over once its lease has run out, never while it is held.
- **Bounded.**  Every decision gets the same small budget, set by the server
  (``BODOGE_REVIEW_BUDGET``), never by the client, and a review looks at
  most at ``review_decisions`` decisions and ``review_points`` points of each
  curve, evenly spread over the game, for at most ``review_seconds`` of
  running time: a longer game is reviewed in part, and says so.  A client
  (address) may have ``reviews_per_client`` reviews waiting or running, a
  table ``reviews_per_table``, the server ``review_queue`` in all; beyond
  that the request is refused (429).
- **Fair.**  The queue takes every client's first review before anyone's
  second (:func:`fair_order`), and a waiting review says how many are ahead
  of it and the longest it may wait (each of those at most
  ``review_seconds`` and its wrap-up, not counting pauses for live bots).
- **Live play first.**  One worker thread has the reviews run one after
  another, each in a child process at the lowest OS priority (never holding
  the server's GIL), which is stopped while any bot of a live table is
  thinking (:attr:`Hub.thinking`) and continued afterwards.  The child never
  outlives its server (:func:`end_with_parent`), nor its server's lease: it
  reads the lease itself and ends once another server holds the review
  (:func:`watch_lease`), however frozen its own server is.
- **Only what may be seen.**  Only a finished game may be reviewed, by anyone who may replay
  it (the replay page's own check); the review reads only what the seat
  could know, and the page shows the seat's own view at each step.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import logging
import math
import multiprocessing
import os
import secrets
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from multiprocessing.connection import Connection
from typing import Annotated, Any

from fastapi import APIRouter, Body, Request
from fastapi.responses import JSONResponse
from sqlalchemy import (
    JSON,
    DateTime,
    ForeignKey,
    Integer,
    String,
    and_,
    create_engine,
    func,
    or_,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column
from sqlalchemy.pool import NullPool

import bodoge
from bodoge.engine import BodogeError, Game, Text, register, replay, replay_stops
from bodoge.review import Budget, Judgement, Limits, review
from bodoge.review.words import STEP, describe, describe_judgement, figures, notes

from .access import NotSeen, seen_table
from .api import ApiError, client_of
from .db import TABLE_ID, Base, Store, digest, now
from .deps import HubDep, LangDep, StoreDep
from .hub import Hub
from .messages import bot_name, bot_seats, table_names
from .rebuilding import rebuild

log = logging.getLogger("bodoge.server.reviews")

NONE, QUEUED, RUNNING, DONE, FAILED = "none", "queued", "running", "done", "failed"
ACTIVE = (QUEUED, RUNNING)
DEFAULT_BUDGET = Budget(iterations=100, worlds=16, candidates=4, curve=6)
"""A review's budget per decision unless the server says otherwise: small, so that a
game of a hundred decisions is reviewed in about a minute on a loaded core."""
IDLE_SECONDS = 1.0
"""How often an idle worker looks for work queued by another process (its own wake it)."""
YIELD_SECONDS = 0.05
"""How long the worker sleeps at a time while live tables' bots think."""
PROGRESS_SECONDS = 0.5
"""Progress is stored at most this often: each write takes its turn with live tables' moves."""
LEASE_SECONDS = 30.0
"""How long a running review stays its server's without a renewal (renewed every third)."""
OVERTIME_SECONDS = 30.0
"""How long a review told its time is up may take to send what it has before it is ended."""
LEASE_CHECK_SECONDS = 1.0
"""How often a review's process reads whether its server still holds the review."""


class ReviewRow(Base):
    __tablename__ = "reviews"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    status: Mapped[str] = mapped_column(String(16), index=True)
    client: Mapped[str] = mapped_column(String(64), index=True)
    """A hash of the asking client's address (the cap on reviews per client)."""
    done: Mapped[int] = mapped_column(Integer, default=0)
    total: Mapped[int] = mapped_column(Integer, default=0)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    error: Mapped[str | None] = mapped_column(String(200), nullable=True)
    asked_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    owner: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The server (:attr:`ReviewWorker.owner`) running the review, while it runs."""
    lease_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """Until when the review stays its owner's unless renewed; then another may take it."""


REVIEWS = Base.metadata.tables[ReviewRow.__tablename__]

WORDS = {
    "not_found": Text("その卓はありません", "There is no such table"),
    "not_over": Text("検討は対局が終わってからできます", "A game can be reviewed once it is over"),
    "not_allowed": Text("この卓は見られません", "You may not see this table"),
    "bad_seat": Text("席{n}はありません", "There is no seat {n}"),
    "per_client": Text(
        "検討の依頼は同時に {n} 件までです。終わるまでお待ちください",
        "At most {n} reviews at a time; please wait for yours to finish",
    ),
    "per_table": Text(
        "この卓の検討は同時に {n} 件までです。終わるまでお待ちください",
        "At most {n} reviews of this table at a time; please wait for one to finish",
    ),
    "queue_full": Text(
        "検討の順番待ちがいっぱいです。しばらくしてからもう一度どうぞ",
        "The review queue is full; please try again a little later",
    ),
}
LANGS = ("ja", "en")
PAGE_WORDS = {
    "ask_own": Text("自分の手を検討する", "Review my play"),
    "ask_seat": Text("{name}の手を検討する", "Review {name}'s play"),
    "ask_bot": Text("ボット（{name}）の手を検討する", "Review the bot's play ({name})"),
    "choose": Text("検討する席を選んでください", "Choose a seat to review"),
    "pick": Text("席を選ぶ…", "Choose a seat…"),
    "seat": Text("検討する席", "Seat to review"),
    "queued": Text(
        "順番待ち…（前に{ahead}件、長くても約{minutes}分）",
        "Waiting in the queue… ({ahead} ahead, at most about {minutes} min)",
    ),
    "started": Text("検討を始めました…", "Reviewing…"),
    "running": Text("検討中… {done} / {total}", "Reviewing… {done} of {total}"),
    "failed": Text("検討できませんでした: {error}", "The review failed: {error}"),
    "done": Text("検討しました", "Reviewed"),
    "curve": Text(
        "各席がその時見えていたことから見た見込み（%）。太線が検討した席、帯はその95%区間、"
        "点はその席の判断（赤: 大悪手・悪手・不正確。押すとその局面へ）、薄い縦線は偶然"
        "（引き・出目）が動いた手。",
        "Each seat's prospect (%) from what it could see then; the thick line is the reviewed "
        "seat, its band the 95 % interval, the dots its decisions (red: blunders, mistakes, "
        "inaccuracies; click one to go there), faint lines the steps where chance (a draw, a "
        "roll) moved it.",
    ),
    "more": Text(
        "← 横にスクロールすると、ほかの手も見られます →",
        "← The curve and its marks scroll sideways to show every step →",
    ),
    "marks": Text("判断（← → で移動、Enter で開く）", "Decisions (← → to move, Enter to open)"),
    "axis_step": Text("手目", "Step"),
    "axis_value": Text("見込み（%）", "Prospect (%)"),
    "mark_label": Text("{step}手目: {mark}", "Step {step}: {mark}"),
    "fine": Text("問題なし", "no mark"),
    "blunder": Text("大悪手", "blunder"),
    "mistake": Text("悪手", "mistake"),
    "inaccuracy": Text("不正確", "inaccuracy"),
    "before": Text(
        "{step}手目を選ぶ前の局面（{name}から見たもの）",
        "The board before step {step}, as {name} saw it",
    ),
}
"""The replay page's words for reviews, given to replay.js."""


def page_words(lang: str) -> dict[str, str]:
    return {key: text(lang) for key, text in PAGE_WORDS.items()}


def reviewable_seats(
    names: list[str], bots: list[int], own: int | None, lang: str
) -> list[dict[str, Any]]:
    """The seats the replay page offers to review, each with the words of its button: any
    seat of a finished game, named ("Review Bob's play"); "my" only for the visitor's own.
    A bot's seat is named as a bot unless its name says so already: a bot nobody named is
    ``Bot 2``, and "the bot's play (Bot 2)" would say it twice.

    >>> [s["ask"] for s in reviewable_seats(["Ann", "Bot 2", "Hal"], [1, 2], 0, "en")]
    ['Review my play', "Review Bot 2's play", "Review the bot's play (Hal)"]
    """

    def ask(seat: int, name: str) -> str:
        if seat == own:
            return PAGE_WORDS["ask_own"](lang)
        told = seat in bots and name != bot_name(seat, lang)
        return PAGE_WORDS["ask_bot" if told else "ask_seat"].format(name=name)(lang)

    return [
        {"seat": seat, "name": name, "bot": seat in bots, "ask": ask(seat, name)}
        for seat, name in enumerate(names)
    ]


def refuse(status: int, code: str, lang: str, **values: object) -> ApiError:
    text = WORDS[code]
    return ApiError(status, code, (text.format(**values) if values else text)(lang))


def parse_budget(text: str) -> Budget:
    """A budget from ``iterations=100,worlds=16,curve=6,most_worlds=128`` (missing keys keep
    the default; ``most_worlds`` caps the worlds a decision may take to be sure).

    >>> budget = parse_budget("iterations=5,curve=0,most_worlds=64")
    >>> budget.iterations, budget.worlds, budget.curve, budget.most_worlds
    (5, 16, 0, 64)
    """
    values: dict[str, int] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, _, number = part.partition("=")
        if key not in ("iterations", "worlds", "candidates", "curve", "most_worlds"):
            raise ValueError(f"a review budget has no {key!r}")
        values[key] = int(number)
    defaults = DEFAULT_BUDGET
    return Budget(
        iterations=values.get("iterations", defaults.iterations),
        worlds=values.get("worlds", defaults.worlds),
        candidates=values.get("candidates", defaults.candidates),
        curve=values.get("curve", defaults.curve),
        most_worlds=values.get("most_worlds", defaults.most_worlds),
    )


# ----------------------------------------------------------------- storage


def read(store: Store, table_id: str, seat: int, seconds: float = 0.0) -> dict[str, Any] | None:
    """The review of that seat as the API shows it, or None if never asked for; a waiting
    one says how many reviews are ahead of it (``ahead``) and, each taking at most
    ``seconds`` and its wrap-up, the longest wait in minutes (``minutes``)."""
    with store.engine.connect() as connection:
        row = connection.execute(
            select(REVIEWS).where(REVIEWS.c.table_id == table_id, REVIEWS.c.seat == seat)
        ).first()
        line = _active(connection) if row is not None and row.status == QUEUED else []
    if row is None:
        return None
    shown = {
        "table": row.table_id,
        "seat": row.seat,
        "status": row.status,
        "done": row.done,
        "total": row.total,
        "error": row.error,
        "review": row.result,
    }
    if row.status == QUEUED:
        ahead = ahead_of(line, (table_id, seat))
        shown["ahead"] = ahead
        shown["minutes"] = math.ceil((ahead + 1) * (seconds + OVERTIME_SECONDS) / 60)
    return shown


Waiting = tuple[str, int, str, str, datetime]
"""An active review: table, seat, client, status, when asked."""


def _active(connection: Any) -> list[Waiting]:
    """The reviews waiting or running."""
    rows = connection.execute(
        select(
            REVIEWS.c.table_id,
            REVIEWS.c.seat,
            REVIEWS.c.client,
            REVIEWS.c.status,
            REVIEWS.c.asked_at,
        ).where(REVIEWS.c.status.in_(ACTIVE))
    ).all()
    return [(r.table_id, r.seat, r.client, r.status, r.asked_at) for r in rows]


def fair_order(active: list[Waiting]) -> list[Waiting]:
    """The reviews in the order the queue takes them: running ones first, then every
    client's first review (by when it was asked), then every client's second, and so on:
    a client with many reviews waiting delays nobody else's first.  Below, client ``x``
    asked first but has a review running, so ``y``'s first goes before ``x``'s others:

    >>> t = [datetime(2026, 1, 1, 0, m) for m in range(4)]
    >>> line = [("a", 0, "x", QUEUED, t[0]), ("a", 1, "x", QUEUED, t[1]),
    ...         ("b", 0, "y", QUEUED, t[2]), ("c", 0, "x", RUNNING, t[3])]
    >>> [(r[0], r[1]) for r in fair_order(line)]
    [('c', 0), ('b', 0), ('a', 0), ('a', 1)]
    """
    earlier: dict[str, int] = {}
    ranked = []
    for entry in sorted(active, key=lambda r: (r[3] != RUNNING, r[4])):
        rank = earlier.get(entry[2], 0)
        earlier[entry[2]] = rank + 1
        ranked.append((entry[3] != RUNNING, rank, entry[4], entry))
    return [e[-1] for e in sorted(ranked, key=lambda e: e[:3])]


def ahead_of(active: list[Waiting], wanted: tuple[str, int]) -> int:
    """How many of the ``active`` reviews the queue takes before ``wanted``."""
    order = [(r[0], r[1]) for r in fair_order(active)]
    return order.index(wanted) if wanted in order else 0


def ask(
    store: Store,
    table_id: str,
    seat: int,
    client: str,
    per_client: int,
    cap: int,
    lang: str,
    per_table: int = 0,
) -> bool:
    """Queue the review of ``seat`` unless it is queued, running or done; True if queued now.

    A failed review may be asked for again.  Refused (429) when the client
    already has ``per_client`` reviews waiting or running, the table
    ``per_table``, or the server ``cap`` in all (0: no cap).
    """
    try:
        return _ask(store, table_id, seat, digest(client), (per_client, per_table, cap), lang)
    except IntegrityError:  # another worker process queued the same review just now
        return False


def _ask(
    store: Store, table_id: str, seat: int, who: str, caps: tuple[int, int, int], lang: str
) -> bool:
    per_client, per_table, cap = caps
    with store.writing, store.engine.begin() as connection:
        status = connection.execute(
            select(REVIEWS.c.status).where(REVIEWS.c.table_id == table_id, REVIEWS.c.seat == seat)
        ).scalar()
        if status is not None and status != FAILED:
            return False
        active = REVIEWS.c.status.in_(ACTIVE)
        mine = connection.execute(
            select(func.count()).where(active, REVIEWS.c.client == who)
        ).scalar_one()
        if per_client and mine >= per_client:
            raise refuse(429, "per_client", lang, n=per_client)
        table = connection.execute(
            select(func.count()).where(active, REVIEWS.c.table_id == table_id)
        ).scalar_one()
        if per_table and table >= per_table:
            raise refuse(429, "per_table", lang, n=per_table)
        everyone = connection.execute(select(func.count()).where(active)).scalar_one()
        if cap and everyone >= cap:
            raise refuse(429, "queue_full", lang)
        fresh = {"status": QUEUED, "client": who, "done": 0, "total": 0, "result": None, **FREE}
        if status is None:
            connection.execute(
                REVIEWS.insert().values(
                    table_id=table_id, seat=seat, asked_at=now(), error=None, **fresh
                )
            )
        else:
            connection.execute(
                update(REVIEWS)
                .where(REVIEWS.c.table_id == table_id, REVIEWS.c.seat == seat)
                .values(asked_at=now(), error=None, **fresh)
            )
    return True


FREE: dict[str, Any] = {"owner": None, "lease_until": None}
"""A review no server holds."""


def claim(store: Store, owner: str, lease: float) -> tuple[str, int] | None:
    """The first review the queue takes (:func:`fair_order`) of those waiting or running
    under a lease that ran out (its server died), now running under ``owner``'s lease of
    ``lease`` seconds.

    The update checks again that the review is free: of servers claiming it at
    once, one takes it.  A lease still held is never taken.
    """
    with store.writing, store.engine.begin() as connection:
        moment = now()
        lapsed = or_(REVIEWS.c.lease_until.is_(None), REVIEWS.c.lease_until < moment)
        free = or_(REVIEWS.c.status == QUEUED, and_(REVIEWS.c.status == RUNNING, lapsed))
        takeable = {
            (r.table_id, r.seat)
            for r in connection.execute(select(REVIEWS.c.table_id, REVIEWS.c.seat).where(free))
        }
        order = [(r[0], r[1]) for r in fair_order(_active(connection))]
        row = next((review for review in order if review in takeable), None)
        if row is None:
            return None
        table_id, seat = row
        taken = connection.execute(
            update(REVIEWS)
            .where(REVIEWS.c.table_id == table_id, REVIEWS.c.seat == seat, free)
            .values(
                status=RUNNING,
                done=0,
                owner=owner,
                lease_until=moment + timedelta(seconds=lease),
            )
        )
    return (table_id, seat) if taken.rowcount == 1 else None


def renew(store: Store, table_id: str, seat: int, owner: str, lease: float) -> bool:
    """Hold the running review ``lease`` seconds more; False if ``owner`` no longer holds it."""
    return _set(store, table_id, seat, owner, lease_until=now() + timedelta(seconds=lease))


def _set(store: Store, table_id: str, seat: int, holder: str, **values: Any) -> bool:
    """Change the review ``holder`` runs (nothing if another took it over); True if changed."""
    with store.writing, store.engine.begin() as connection:
        changed = connection.execute(
            update(REVIEWS)
            .where(
                REVIEWS.c.table_id == table_id,
                REVIEWS.c.seat == seat,
                REVIEWS.c.status == RUNNING,
                REVIEWS.c.owner == holder,
            )
            .values(**values)
        )
    return changed.rowcount == 1


# ------------------------------------------------------------------ worker


class Stopped(Exception):
    """The server stops: the review under way is left to be queued again."""


class LeaseLost(Exception):
    """Another server took the review over (this one could not renew in time)."""


Names = dict[str, list[str]]
"""Each seat's display name, per language (``Bot 2`` / ``ボット2``)."""


def stored_record(store: Store, table_id: str) -> tuple[dict[str, Any], int, Names]:
    """The record of a stored game (``meta.bots`` says which seats bots played), its seed
    (the review's seed: the same review again) and its seats' names."""
    info = store.table(table_id)
    if info is None:
        raise BodogeError(f"table {table_id} is gone")
    record = rebuild(info, store.actions(table_id)).record()
    if bots := bot_seats(info):
        record["meta"] = {"bots": bots}
    return record, info.seed, {lang: table_names(info, lang) for lang in LANGS}


def review_result(
    record: dict[str, Any],
    seat: int,
    budget: Budget,
    seed: int,
    progress: Any,
    names: Names | None = None,
    limits: Limits | None = None,
    enough: Callable[[], bool] | None = None,
) -> dict[str, Any]:
    """Review a finished game and add what the page shows: sentences, the replay's steps,
    and a note when the review is partial or the game had no move."""
    done = review(record, seat, budget, seed=seed, progress=progress, limits=limits, enough=enough)
    result = done.to_json()
    stops = replay_stops(replay(record).events)
    named = names or {}
    for judgement, shown in zip(done.judgements, result["judgements"], strict=True):
        shown["replay_step"] = replay_step(stops, judgement.step)
        # told as the replay's counter reads when it shows the decision
        told = {
            lang: say(judgement, shown["replay_step"], lang, named.get(lang), budget.precision)
            for lang in LANGS
        }
        for part in ("said", "figures"):
            shown[part] = {lang: told[lang][part] for lang in LANGS}
    result["summary"] = {lang: describe(done, lang, named.get(lang)) for lang in LANGS}
    result["note"] = {lang: " ".join(notes(done, lang)) for lang in LANGS}
    result["actions"] = len(record["actions"])
    return result


@dataclass(frozen=True)
class Lease:
    """The review a child process runs, and the server whose lease it runs under."""

    url: str
    """The database's URL."""
    table_id: str
    seat: int
    owner: str


def watch_lease(lease: Lease, every: float = LEASE_CHECK_SECONDS) -> None:
    """End this process once the review is no longer running under ``lease.owner`` (another
    server took it over, or it was given up): read every ``every`` seconds, from a thread of
    the child's own, so a frozen server cannot keep its child computing.  A database that
    does not answer ends nothing: the lease decides, and it is read again."""
    engine = create_engine(lease.url, poolclass=NullPool)
    query = select(REVIEWS.c.owner, REVIEWS.c.status).where(
        REVIEWS.c.table_id == lease.table_id, REVIEWS.c.seat == lease.seat
    )
    while True:
        time.sleep(every)
        try:
            with engine.connect() as connection:
                row = connection.execute(query).first()
        except Exception:  # the database is away for a moment
            continue
        if row is None or row.owner != lease.owner or row.status != RUNNING:
            os._exit(0)


def review_in_child(
    game: Game,
    record: dict[str, Any],
    seat: int,
    budget: Budget,
    limits: Limits,
    seed: int,
    names: Names,
    pipe: Connection,
    parent: int,
    lease: Lease | None = None,
) -> None:
    """A review in a process of its own, at the lowest priority; it tells the pipe how it goes.

    ``game`` is the record's game as the server has it registered (a game
    registered at run time, not by its package, is registered here too).
    Messages: ``("ready",)`` once it is sure to end with its server (the
    worker stops it only from then on), ``("progress", done, total)``, then
    ``("done", result)`` or ``("failed", reason)``.  Anything the worker
    sends means the time is up: the review ends at the next position with
    what it has.  With a ``lease``, the process ends by itself once its server
    no longer holds the review (:func:`watch_lease`).
    """
    end_with_parent(parent)
    if lease is not None:
        threading.Thread(target=watch_lease, args=(lease,), daemon=True).start()
    pipe.send(("ready",))
    with contextlib.suppress(OSError):
        os.nice(19)
    if game.id not in bodoge.game_ids():
        register(game)
    try:
        result = review_result(
            record,
            seat,
            budget,
            seed,
            lambda done, total: pipe.send(("progress", done, total)),
            names,
            limits,
            pipe.poll,
        )
    except Exception as error:  # told to the worker, which stores it
        pipe.send(("failed", str(error)[:200] or type(error).__name__))
    else:
        pipe.send(("done", result))
    finally:
        pipe.close()


PR_SET_PDEATHSIG, PR_SET_NAME = 1, 15
"""Linux's ``prctl`` options: the signal sent at the parent's death; the process's name."""


def end_with_parent(parent: int) -> None:
    """End this process when ``parent`` (its server) ends, however it ends.

    On Linux the kernel sends SIGKILL at the parent's death, which ends a
    process stopped while bots think (SIGSTOP) too; strictly at the end of
    the thread that started it, the worker's, which ends its child first.
    The process is named ``bodoge-review`` for ``ps``.  Elsewhere a thread watches the parent,
    which ends a running review, not a stopped one.
    """
    if sys.platform == "linux":
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        libc.prctl(PR_SET_NAME, b"bodoge-review")
    else:
        threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    if os.getppid() != parent:  # the parent died before the kernel was told
        os._exit(1)


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(1)
    os._exit(1)


def replay_step(stops: list[int], action: int) -> int:
    """The replay's step that shows the position in which action ``action`` was chosen.

    >>> replay_step([0, 1, 3, 4], 2), replay_step([0, 1, 3, 4], 3)
    (1, 2)
    """
    return max(k for k, stop in enumerate(stops) if stop <= action)


def say(
    judgement: Judgement, step: int, lang: str, names: list[str] | None, precision: float
) -> dict[str, str]:
    """A judged decision shown at the replay's ``step``: its sentence and its figures, from
    the review's one wording.  The seat is named, a person's as a bot's: a stored review is
    read by whoever may replay the game, so it never says "you"."""
    at = STEP.format(step=step + 1)(lang)  # numbered as the replay numbers its steps
    return {
        "said": describe_judgement(judgement, lang, names, at, bot=True, precision=precision),
        "figures": figures(judgement, lang),
    }


class Stopwatch:
    """The time something ran, not counting the time it was paused."""

    def __init__(self) -> None:
        self.ran = 0.0
        self.paused = False
        self.since = time.monotonic()

    def read(self) -> float:
        moment = time.monotonic()
        if not self.paused:
            self.ran += moment - self.since
        self.since = moment
        return self.ran

    def pause(self, paused: bool) -> None:
        self.read()
        self.paused = paused


class ReviewWorker:
    """One thread that has the queued reviews run one at a time, giving way to live bots.

    Each review runs in a child process (spawned: the server's threads are
    not copied) at the lowest priority, so it never holds the server's GIL;
    while any live table's bot is thinking the child is stopped outright
    (``SIGSTOP``) and continued afterwards.  ``seconds`` bounds the time a
    review runs (not counting the time it was stopped): then it ends with
    what it has, a partial review.
    """

    def __init__(
        self,
        store: Store,
        budget: Budget,
        busy: Callable[[], bool],
        limits: Limits | None = None,
        seconds: float | None = None,
        lease: float = LEASE_SECONDS,
    ) -> None:
        self.store = store
        self.budget = budget
        self.busy = busy
        """Whether live play needs the processor now (a bot of a live table is thinking)."""
        self.limits = limits or Limits()
        self.seconds = seconds
        self.lease = lease
        self.owner = f"{socket.gethostname()[:32]}:{os.getpid()}:{secrets.token_hex(6)}"
        """This worker, as the leases it holds name it."""
        self.stopping = threading.Event()
        self.wake = threading.Event()
        self.thread: threading.Thread | None = None
        self.child: Any = None
        """The process of the review under way, if any."""
        self.looked = 0
        """How many times it has looked for work."""
        self.started = 0
        """How many reviews it has started."""

    def start(self) -> None:
        self.stopping.clear()
        self.thread = threading.Thread(target=self._run, name="bodoge-review", daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.stopping.set()
        self.wake.set()
        if self.thread is not None:
            self.thread.join(timeout=30)
            self.thread = None

    def _run(self) -> None:
        while not self.stopping.is_set():
            try:
                job = claim(self.store, self.owner, self.lease)
            except Exception:  # the database is away for a moment: try again later
                log.exception("reviews: cannot look for work")
                job = None
            self.looked += 1
            if job is None:
                self.wake.wait(IDLE_SECONDS)
                self.wake.clear()
                continue
            try:
                self._one(*job)
            except Stopped:
                self._leave(*job, status=QUEUED, done=0)
            except LeaseLost:
                log.warning("review of %s seat %d: taken over by another server", *job)
            except Exception as error:  # a broken record must not stop the worker
                log.exception("review of %s seat %d failed", *job)
                self._leave(*job, status=FAILED, error=str(error)[:200] or "error")

    def _leave(self, table_id: str, seat: int, **values: Any) -> None:
        """Give the review up (queued again, or failed); if the database is away, its lease
        runs out and another server takes it over."""
        try:
            _set(self.store, table_id, seat, self.owner, **values, **FREE)
        except Exception:
            log.exception("review of %s seat %d: cannot give it up", table_id, seat)

    def _set(self, table_id: str, seat: int, **values: Any) -> None:
        if not _set(self.store, table_id, seat, self.owner, **values):
            raise LeaseLost

    def _hold(self, table_id: str, seat: int, renewed: float) -> float:
        """Renew the review's lease when a third of it has passed since ``renewed``; when
        it was last renewed."""
        if time.monotonic() - renewed < self.lease / 3:
            return renewed
        if not renew(self.store, table_id, seat, self.owner, self.lease):
            raise LeaseLost
        return time.monotonic()

    def _one(self, table_id: str, seat: int) -> None:
        record, seed, names = stored_record(self.store, table_id)
        self.give_way(table_id, seat)
        context = multiprocessing.get_context("spawn")
        ours, theirs = context.Pipe()
        game = bodoge.get_game(record["game"])
        lease = Lease(self.store.url, table_id, seat, self.owner)
        args = (
            game,
            record,
            seat,
            self.budget,
            self.limits,
            seed,
            names,
            theirs,
            os.getpid(),
            lease,
        )
        child = context.Process(target=review_in_child, args=args, name="bodoge-review")
        child.daemon = True
        child.start()
        self.started += 1
        theirs.close()
        self.child = child
        try:
            self._follow(child, ours, table_id, seat)
        finally:
            self.child = None
            ours.close()
            if child.is_alive():
                child.kill()  # SIGKILL ends a stopped process too
            child.join()

    def _follow(self, child: Any, pipe: Connection, table_id: str, seat: int) -> None:
        """Store the child's progress and result; stop it while live bots think (once it is
        sure to end with the server); hold the review's lease; mind its time."""
        renewed, written = time.monotonic(), 0.0
        clock, told, ready, count = Stopwatch(), False, False, 0
        while True:
            if self.stopping.is_set():
                raise Stopped
            renewed = self._hold(table_id, seat, renewed)
            if ready and self.busy() != clock.paused:
                clock.pause(not clock.paused)
                os.kill(child.pid, signal.SIGSTOP if clock.paused else signal.SIGCONT)
            told = self._mind_time(pipe, clock, told)
            if not pipe.poll(YIELD_SECONDS):
                continue
            try:
                message = pipe.recv()
            except EOFError:
                raise BodogeError(f"the review ended without a result ({child.exitcode})") from None
            if message[0] == "ready":
                ready = True
            elif message[0] == "progress":
                count = message[2]
                if time.monotonic() - written >= PROGRESS_SECONDS:  # writes take turns with play
                    self._set(table_id, seat, done=message[1], total=count)
                    written = time.monotonic()
            elif message[0] == "done":
                self._set(
                    table_id,
                    seat,
                    status=DONE,
                    result=message[1],
                    done=count,
                    total=count,
                    **FREE,
                )
                return
            else:
                self._set(table_id, seat, status=FAILED, error=message[1], **FREE)
                return

    def _mind_time(self, pipe: Connection, clock: Stopwatch, told: bool) -> bool:
        """Tell the child when its time is up (it ends with what it has), and end it if it
        overruns; whether it has been told."""
        if not self.seconds or clock.read() < self.seconds:
            return told
        if clock.read() >= self.seconds + OVERTIME_SECONDS:
            raise BodogeError(f"the review took longer than {self.seconds:g} s")
        if not told:
            pipe.send("enough")
        return True

    def give_way(self, table_id: str, seat: int) -> None:
        """Wait while live tables' bots think, holding the review's lease; stop if the
        server stops."""
        renewed = time.monotonic()
        while self.busy() and not self.stopping.is_set():
            self.stopping.wait(YIELD_SECONDS)
            renewed = self._hold(table_id, seat, renewed)
        if self.stopping.is_set():
            raise Stopped


# ------------------------------------------------------------------ routes

router = APIRouter(include_in_schema=False)


async def finished_table(request: Request, hub: Hub, table_id: str, seat: int, lang: str) -> None:
    """Refuse unless the table exists, the visitor may see it, its game is over (so it may
    be replayed) and has ``seat``: the replay page's own checks."""
    try:
        live = await seen_table(request, hub, table_id) if TABLE_ID.fullmatch(table_id) else None
    except NotSeen:
        raise refuse(403, "not_allowed", lang) from None
    if live is None:
        raise refuse(404, "not_found", lang)
    if not live.ended:
        raise refuse(403, "not_over", lang)
    if not 0 <= seat < live.info.num_players:
        raise refuse(422, "bad_seat", lang, n=seat + 1)


@router.post("/t/{table_id}/reviews")
async def ask_review(
    table_id: str,
    request: Request,
    seat: Annotated[int, Body(embed=True, ge=-1000, le=1000)],
    hub: HubDep,
    store: StoreDep,
    lang: LangDep,
) -> JSONResponse:
    """Queue the review of ``seat`` (202), or show the one already asked for (200)."""
    await finished_table(request, hub, table_id, seat, lang)
    settings = request.app.state.settings
    queued = await asyncio.to_thread(
        ask,
        store,
        table_id,
        seat,
        client_of(request),
        settings.reviews_per_client,
        settings.review_queue,
        lang,
        settings.reviews_per_table,
    )
    worker: ReviewWorker | None = request.app.state.reviews
    if queued and worker is not None:
        worker.wake.set()
    seconds = settings.review_seconds
    shown = await asyncio.to_thread(read, store, table_id, seat, seconds)
    return JSONResponse(shown, status_code=202 if queued else 200)


@router.get("/t/{table_id}/reviews/{seat}")
async def show_review(
    table_id: str, seat: int, request: Request, hub: HubDep, store: StoreDep, lang: LangDep
) -> Any:
    """The review's status (``none`` if never asked for) and progress, its result once done."""
    await finished_table(request, hub, table_id, seat, lang)
    seconds = request.app.state.settings.review_seconds
    shown = await asyncio.to_thread(read, store, table_id, seat, seconds)
    return shown or unasked(table_id, seat)


def unasked(table_id: str, seat: int) -> dict[str, Any]:
    """A seat whose review nobody asked for (an answer, not an error: the page asks on load)."""
    return {
        "table": table_id,
        "seat": seat,
        "status": NONE,
        "done": 0,
        "total": 0,
        "error": None,
        "review": None,
    }
