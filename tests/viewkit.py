"""Shared checks for the games' browser tables, rendered in process (no browser).

Every game's ``test_view.py`` plays whole games and looks at every page a seat or a
spectator is sent, and checks that its template's words exist in both languages. The
loop and the word checks are the same logic for every game; only a few choices differ
(which seats act, how moves are chosen, how often the pages are looked at, what the end
screen must show). Those choices are the parameters here, so each game's file states
what is particular to it and nothing else.
"""

from __future__ import annotations

import random
import re
import string
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime

import bodoge
from bodoge.engine import Action, State, Text
from bodoge.server.db import BOT, PERSON, PLAYING, WAITING, SeatInfo, TableInfo
from bodoge.server.i18n import WORDS
from bodoge.server.live import LiveTable
from bodoge.server.render import ENV, game_words, render_game, table_template

ACT = re.compile(r'data-act="(\d+)"')
T_KEY = re.compile(r'\bt\(\s*["\'](\w+)["\']')
"""A word the template looks up: ``t("key")``, ``t("key", n=1)`` and ``t("prefix_" ~ x)``."""
T_WHOLE_KEY = re.compile(r'\bt\(\s*["\'](\w+)["\']\s*[,)]')
"""Only the whole keys: ``t("key")`` and ``t("key", n=1)``."""
T_PREFIX = re.compile(r'\bt\(\s*["\'](\w+)["\']\s*~')
"""Only the prefixes the template builds keys from: ``t("colour_" ~ colour)``."""
WORD_KEY = re.compile(r'\bword\(\s*["\'](\w+)["\']')
"""A word shared by every page (``bodoge.server.i18n.WORDS``)."""


def live_table(
    game_id: str,
    players: int,
    seed: int,
    options: dict[str, object] | None = None,
    status: str = PLAYING,
) -> LiveTable:
    """A table as the server holds it, seats alternating person and bot, named Name0…"""
    game = bodoge.get_game(game_id)
    state = game.new_game(players, seed=seed, options=options)
    seats = tuple(
        SeatInfo(seat, PERSON if seat % 2 == 0 else BOT, None, f"Name{seat}", status != WAITING)
        for seat in range(players)
    )
    info = TableInfo(
        "t" + str(seed),
        game_id,
        dict(state.options),
        players,
        seed,
        status,
        datetime.now(UTC),
        seats,
    )
    return LiveTable(info=info, state=state)


def clickable(html: str) -> list[int]:
    """The action indices a page makes clickable, once for every place that offers one."""
    return [int(index) for index in ACT.findall(html)]


# --- playing a game and checking every page -------------------------------------------


@dataclass
class Step:
    """One moment of a game being played: what a move chooser may look at.

    ``clicks`` holds, for each acting seat whose page was checked at this step, the
    indices its page made clickable (empty on the steps that are not checked).
    """

    live: LiveTable
    rng: random.Random
    clicks: dict[int, list[int]] = field(default_factory=dict)

    @property
    def state(self) -> State:
        return self.live.state


Choose = Callable[[Step], tuple[int, Action]]
"""How a move is chosen: the seat that moves and its action."""
When = Callable[[State], bool]
"""At which steps something is checked (where every n-th version is not the rule)."""
PageCheck = Callable[[str, int | None], None]
"""A game's own check of a page rendered during the game, given the html and its viewer."""


def _every(versions: int) -> When:
    """Check at every ``versions``-th version only: the check is costly, the game long."""
    return lambda state: state.version % versions == 0


def acting_seats(step: Step) -> list[int]:
    """The seats whose pages are checked at a step: by default all that may act."""
    return list(step.state.to_act)


def random_move(step: Step) -> tuple[int, Action]:
    """Any acting seat, any of its legal actions."""
    seat = step.rng.choice(step.state.to_act)
    return seat, step.rng.choice(step.state.legal_actions(seat))


def sole_random_move(step: Step) -> tuple[int, Action]:
    """The one seat that acts (the game has no simultaneous moves), any legal action."""
    (seat,) = step.state.to_act
    return seat, step.rng.choice(step.state.legal_actions(seat))


def clicked_move(step: Step) -> tuple[int, Action]:
    """The one checked seat's action behind a random click on its page (each place counts)."""
    (seat,) = step.clicks
    return seat, step.state.legal_actions(seat)[step.rng.choice(step.clicks[seat])]


def play_and_check_every_page(
    game_id: str,
    players: int,
    seed: int,
    *,
    choose: Choose = random_move,
    move_seed: int | None = None,
    options: dict[str, object] | None = None,
    exactly_twice: bool = False,
    listed_only: Collection[str] = (),
    pages_every: int | When = 1,
    seats_to_check: Callable[[Step], list[int]] = acting_seats,
    watchers_every: int | When | None = 7,
    check_page: PageCheck | None = None,
    end_marks: Iterable[str] = ("winners", "summary"),
) -> set[str]:
    """Play one game to its end, checking the pages sent along the way; the action TYPEs seen.

    Why: the table is a page of buttons drawn over the game's components, so a legal
    action missing from its component is a move a player cannot find, an extra index a
    click the server refuses, and a clickable page out of turn a leak of whose turn it is.

    At each checked step (``pages_every``: every n-th version, or a predicate) every
    checked seat's page uses the game's own template (its root class, see ``root_class``)
    and makes clickable exactly its legal actions, each one both on the component it
    concerns and in the list of buttons: twice, or at least twice (a few actions stand on
    more than one component). An action TYPE in ``listed_only`` has no component and needs
    only its button. When ``watchers_every`` says so, the seats that may not act and the
    spectators can click nothing. At the end every viewer, in both languages, sees the end
    screen (the ``data-testid`` of each of ``end_marks``) with nothing clickable, and a
    replay page links to no replay.

    Moves come from ``choose`` with a ``random.Random(move_seed)`` (``seed`` by default),
    so each game keeps its own policy and a failure replays exactly. ``check_page`` is
    the game's own check of each page rendered while it is played.
    """
    live = live_table(game_id, players, seed=seed, options=options)
    state = live.state
    assert table_template(state.game) == f"{game_id}.html"
    table_class = root_class(game_id)
    check_pages, check_watchers = _when(pages_every), _when(watchers_every)
    rng = random.Random(seed if move_seed is None else move_seed)
    kinds_seen: set[str] = set()
    while not state.is_over:
        lang = "ja" if state.version % 2 else "en"
        step = Step(live, rng)
        if check_pages(state):
            for seat in seats_to_check(step):
                html = _checked_page(live, seat, lang, table_class, check_page)
                step.clicks[seat] = clickable(html)
                kinds_seen |= _check_actions_on_page(
                    state.legal_actions(seat), step.clicks[seat], exactly_twice, listed_only
                )
        if check_watchers(state):
            _check_watchers_click_nothing(live, players, lang, table_class, check_page)
        state.apply(*choose(step))
    _check_the_end_screen(live, players, table_class, tuple(end_marks))
    return kinds_seen


def root_class(game_id: str) -> str:
    """The class of the game's template's root element (``hd-table``): only it renders it."""
    (found,) = re.findall(r'class="(\w+-table) game-root', template_source(game_id))
    return str(found)


def _when(every_or_when: int | When | None) -> When:
    if every_or_when is None:
        return lambda state: False
    if isinstance(every_or_when, int):
        return _every(every_or_when)
    return every_or_when


def _checked_page(
    live: LiveTable, viewer: int | None, lang: str, table_class: str, check_page: PageCheck | None
) -> str:
    html = render_game(live, viewer, lang)
    assert f'class="{table_class}' in html, "the game's own template was not used"
    if check_page is not None:
        check_page(html, viewer)
    return html


def _check_actions_on_page(
    legal: list[Action], indices: list[int], exactly_twice: bool, listed_only: Collection[str]
) -> set[str]:
    """Each legal action on its component and in the list; nothing else clickable."""
    for index, action in enumerate(legal):
        places = indices.count(index)
        if action.TYPE in listed_only:
            assert places >= 1, f"{action} is not listed"
        elif exactly_twice:
            assert places == 2, f"{action} is not on its component and in the list"
        else:
            assert places >= 2, f"{action} is not on its component and in the list"
    assert set(indices) == set(range(len(legal))), "the page offers what is not legal"
    return {action.TYPE for action in legal}


def _check_watchers_click_nothing(
    live: LiveTable, players: int, lang: str, table_class: str, check_page: PageCheck | None
) -> None:
    for viewer in [None, *range(players)]:
        if viewer not in live.state.to_act:
            html = _checked_page(live, viewer, lang, table_class, check_page)
            assert clickable(html) == [], f"{_viewer_name(viewer)} may click out of turn"


def _check_the_end_screen(
    live: LiveTable, players: int, table_class: str, end_marks: tuple[str, ...]
) -> None:
    for viewer in [None, *range(players)]:
        for lang in ("ja", "en"):
            html = render_game(live, viewer, lang)
            assert f'class="{table_class}' in html, "the game's own template was not used"
            for mark in end_marks:
                assert f'data-testid="{mark}"' in html, f"the end screen shows no {mark}"
            assert clickable(html) == [], f"{_viewer_name(viewer)} may click after the end"
        replay = render_game(live, viewer, "en", replay=True)
        assert 'data-testid="replay-link"' not in replay, "a replay links to a replay"


def _viewer_name(viewer: int | None) -> str:
    return "a spectator" if viewer is None else f"seat {viewer}"


def assert_stopped_without_winner(
    live: LiveTable, *, en_says: Iterable[str], ja_says: Iterable[str], en_never: Iterable[str]
) -> None:
    """A game stopped at its safety limit names no winner, and its end screen says why.

    A safety limit is not a rule: the pages must not rank the players as if it were.
    The English page is seat 0's, the Japanese one a spectator's.
    """
    assert live.state.stopped and live.state.winners == ()
    en, ja = render_game(live, 0, "en"), render_game(live, None, "ja")
    for text in en_says:
        assert text in en, text
    for text in ja_says:
        assert text in ja, text
    for text in en_never:
        assert text not in en, text


# --- the words a template uses ----------------------------------------------------------


def template_source(game_id: str) -> str:
    """The text of the game's own table template, as the renderer loads it."""
    game = bodoge.get_game(game_id)
    return ENV.loader.get_source(ENV, table_template(game))[0]  # type: ignore[union-attr]


def placeholders(text: str) -> set[str]:
    """The ``{fields}`` a word fills in."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def assert_in_both_languages(words: Mapping[str, Text]) -> None:
    """Every word has a ja and an en text, filling in the same values."""
    for key, text in words.items():
        assert text.ja.strip() and text.en.strip(), f"{key} is missing a language"
        assert placeholders(text.ja) == placeholders(text.en), (
            f"{key}: ja and en fill different values"
        )


def _assert_all_known(used: set[str], words: Mapping[str, Text]) -> None:
    """The template uses some words, each the game's own or a shared one."""
    known = set(words) | set(WORDS)
    assert used and used <= known, sorted(used - known)


def template_keys(game_id: str, *, whole_keys_only: bool = False) -> set[str]:
    """The keys of the words the template looks up (``T_KEY``, or ``T_WHOLE_KEY``)."""
    return set((T_WHOLE_KEY if whole_keys_only else T_KEY).findall(template_source(game_id)))


def check_template_words(
    game_id: str,
    used: set[str] | None = None,
    *,
    built_from: Iterable[str] = (),
    whole_keys_only: bool = False,
    all_used: bool = True,
) -> None:
    """Every word the template uses exists in both languages, and every word is used.

    Why: a missing word shows its key on the table, a word in one language only leaves
    the other language's players a gap, and a word nobody uses is text kept for nothing.

    ``used`` are the keys the template uses: by default its ``t("key")`` calls (with
    ``whole_keys_only``, only the whole keys, the prefix of each ``t("prefix_" ~ x)``
    going to ``built_from``); a game whose template builds keys otherwise says which
    itself. A word starting with a prefix in ``built_from`` counts as used. A template
    that picks keys in expressions (``t("a" if x else "b")``) sets ``all_used=False``.
    """
    words = game_words(bodoge.get_game(game_id))
    source = template_source(game_id)
    if whole_keys_only:
        built_from = [*built_from, *T_PREFIX.findall(source)]
    if used is None:
        used = template_keys(game_id, whole_keys_only=whole_keys_only)
    _assert_all_known(used, words)
    for key in WORD_KEY.findall(source):
        assert key in WORDS, f"the template uses the missing shared word {key!r}"
    assert_in_both_languages(words)
    if not all_used:
        return
    prefixes = tuple(built_from)
    unused = {key for key in set(words) - used if not key.startswith(prefixes)}
    assert not unused, f"words nobody uses: {sorted(unused)}"
