"""Server-side HTML: one Jinja2 environment for the pages and every game's table.

A game's table template lives in its own package (``templates/<id>.html``)
and builds on the shared pieces of ``components.html``; a game without one
is shown by ``generic.html``.  A game's own player-facing words are its
:attr:`~bodoge.engine.Game.words` (in the game's ``text`` module) and reach
the template as ``t("key", name=value)``.  Templates only ever
receive the view of the seat being rendered, its legal actions and public
table data (seat names, which seats are filled).
"""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from jinja2 import ChoiceLoader, Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup

import bodoge
from bodoge.engine import Action, Game, Text
from bodoge.engine.text import signed

from .db import ABANDONED, Store
from .i18n import error_words, word
from .live import LiveTable
from .messages import bot_seats, seat_names

HERE = Path(__file__).parent
log = logging.getLogger("bodoge.server")
LOG_LENGTH = 40
"""How many recent events the table's action log shows."""


def _game_folder(game: Game) -> Path:
    module = sys.modules[type(game).__module__]
    return Path(module.__file__ or "").parent / "templates"


def _game_template_dirs() -> list[str]:
    dirs = []
    for game_id in bodoge.game_ids():
        folder = _game_folder(bodoge.get_game(game_id))
        if folder.is_dir():
            dirs.append(str(folder))
    return dirs


def game_words(game: Game) -> Mapping[str, Text]:
    """The game's own words for its table (:attr:`Game.words`)."""
    return game.words


def hue(number: object, spread: int = 24) -> int:
    """A stable colour (an HSL hue) for a card number or a seat.

    With the default spread fifteen numbers in a row get fifteen different hues.
    """
    return (int(str(number)) * spread) % 360 if str(number).lstrip("-").isdigit() else 0


def team_groups(seats: list[dict[str, Any]]) -> list[tuple[int | None, list[dict[str, Any]]]]:
    """The seats grouped by team, in team order (one group of every seat without teams)."""
    if all(s["team"] is None for s in seats):
        return [(None, seats)]
    teams = sorted({s["team"] for s in seats})
    return [(team, [s for s in seats if s["team"] == team]) for team in teams]


def make_environment() -> Environment:
    env = Environment(
        loader=ChoiceLoader(
            [FileSystemLoader(str(HERE / "templates")), FileSystemLoader(_game_template_dirs())]
        ),
        autoescape=select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals["word"] = word
    env.globals["error_words"] = error_words
    env.globals["hue"] = hue
    env.globals["team_groups"] = team_groups
    env.filters["pick"] = lambda seats, names: [names[seat] for seat in seats]
    env.filters["signed"] = signed
    env.filters["tojson_attr"] = lambda value: Markup.escape(json.dumps(value))
    return env


ENV = make_environment()


def table_template(game: Game) -> str:
    name = f"{game.id}.html"
    return name if name in ENV.list_templates() else "generic.html"


class Actions:
    """The seat's legal actions, numbered, and found by what they concern.

    ``acts.find("take_face_up", number=7)`` gives the index to put on the
    face-up 7's ``data-act``, or ``None`` when no legal action concerns it.
    Labels name players by their names (``Action.label(lang, names)``), not P1, P2, …
    """

    def __init__(self, legal: list[Action], lang: str, names: list[str] | None = None) -> None:
        self.items = [(i, a.to_json(), a.label(lang, names)) for i, a in enumerate(legal)]

    def find(self, kind: str, **fields: Any) -> int | None:
        for index, wire, _ in self.items:
            if wire["type"] == kind and all(wire.get(k) == v for k, v in fields.items()):
                return index
        return None

    def find_all(self, kind: str, **fields: Any) -> list[tuple[int, dict[str, Any], str]]:
        return [
            item
            for item in self.items
            if item[1]["type"] == kind and all(item[1].get(k) == v for k, v in fields.items())
        ]

    def of_type(self, kind: str) -> list[tuple[int, dict[str, Any], str]]:
        return [item for item in self.items if item[1]["type"] == kind]

    def types(self) -> list[str]:
        return list(dict.fromkeys(wire["type"] for _, wire, _ in self.items))

    def __iter__(self) -> Iterator[tuple[int, dict[str, Any], str]]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)


def named_record(live: LiveTable, lang: str, store: Store | None = None) -> dict[str, Any]:
    """The game's record with the players' display names (never their tokens).

    A replay of it, in the browser or the terminal, shows Alice, Bob, Bot 3
    rather than P1, P2, P3; the names do not take part in the game.  With
    ``store``, ``meta.bot_moves`` lists the steps a bot made for an absent
    person (the record marks them; they replay like any other); ``meta.bots``
    lists the seats bots played (a review of one names it, never "you").  A game its
    host ended has no ``result`` and ``meta.abandoned`` set.
    """
    record = {**live.state.record(), "players": seat_names(live, lang)}
    meta: dict[str, Any] = {}
    if bots := bot_seats(live.info):
        meta["bots"] = bots
    if live.info.status == ABANDONED and not live.state.is_over:
        meta["abandoned"] = True  # the host ended it: it has no result, nobody won
    if store is not None:
        moves = store.proxies(live.info.id)
        if moves:
            meta["bot_moves"] = moves
    if meta:
        record["meta"] = meta
    return record


def seat_list(live: LiveTable, lang: str) -> list[dict[str, Any]]:
    """Public facts about each seat: its name, person or bot, whether it is taken, its team
    (``None`` unless the game is played in teams: United Square's seats 1 & 3 and 2 & 4)."""
    names = seat_names(live, lang)
    team_of = seat_teams(live)
    return [
        {
            "seat": s.seat,
            "name": names[s.seat],
            "kind": s.kind,
            "filled": s.filled,
            "team": team_of.get(s.seat),
        }
        for s in live.info.seats
    ]


def seat_teams(live: LiveTable) -> dict[int, int]:
    """Each seat's team (0, 1, …) when the table is played in teams; else empty."""
    return {seat: n for n, team in enumerate(live.state.teams or ()) for seat in team}


def translator(game: Game, lang: str) -> Callable[..., str]:
    words = game_words(game)

    def t(key: str, **values: object) -> str:
        text = words.get(key)
        if text is None:
            return word(key, lang, **values)
        return (text.format(**values) if values else text)(lang)

    return t


def game_context(
    game: Game,
    state_view: Mapping[str, Any],
    seat: int | None,
    legal: list[Action],
    names: list[str],
    lang: str,
) -> dict[str, Any]:
    return {
        "game": game,
        "view": state_view,
        "seat": seat,
        "acts": Actions(legal, lang, names),
        "names": names,
        "lang": lang,
        "title": game.title(lang),
        "glossary": {key: text(lang) for key, text in game.glossary.items()},
        "t": translator(game, lang),
    }


SEEN_IN_REPLAY = "seen_in_replay"
"""The key a replay adds to the view its templates read (no game's view has it)."""


def render_game(live: LiveTable, seat: int | None, lang: str, replay: bool = False) -> str:
    """The game area for ``seat``: built from ``view(seat)`` and its legal actions only.

    Before every seat is filled it is the waiting room.  With ``replay`` the
    seat's decisions are shown but nothing is clickable.
    """
    state = live.state
    names = seat_names(live, lang)
    if not live.started:
        return ENV.get_template("waiting.html").render(
            lang=lang,
            seat=seat,
            seats=seat_list(live, lang),
            table=live.info.id,
            title=state.game.title(lang),
            game=state.game,
            options=_option_lines(state.game, live.info.options, lang),
            version=state.version,
            status=live.info.status,
        )
    view = state.view(seat)
    legal = state.legal_actions(seat) if seat is not None and not replay and live.playing else []
    if not replay and not live.playing:
        # Ended by the host (or over): nobody is asked to act, nothing is clickable.
        view = {**view, "to_act": []}
    if replay:  # the turn line names whose turn it was, never "your turn"
        view = {**view, SEEN_IN_REPLAY: True}
    context = game_context(state.game, view, seat, legal, names, lang)
    shown = [e for e in state.events if not e.outcome.draft][-LOG_LENGTH:]
    context["log"] = [e.for_seat(seat, lang, names) for e in shown]
    context["summary"] = state.summary(lang, names)
    context["replay"] = replay
    context["table"] = live.info.id
    context["status"] = live.info.status
    context["seats"] = seat_list(live, lang)
    name = table_template(state.game)
    try:
        return ENV.get_template(name).render(context)
    except Exception:
        if name == "generic.html":
            raise
        # A broken game template must not freeze the table: show the generic view.
        log.exception("rendering %s for seat %s failed; using the generic view", name, seat)
        return ENV.get_template("generic.html").render(context)


def _option_lines(game: Game, options: Mapping[str, Any], lang: str) -> list[tuple[str, str]]:
    lines = []
    for option in game.options:
        value = options.get(option.name, option.default)
        if isinstance(value, bool):
            shown = word("on" if value else "off", lang)
        else:
            shown = option.value_text(value, lang)
        lines.append((option.title(lang), shown))
    return lines


def render_page(name: str, **context: Any) -> str:
    return ENV.get_template(name).render(context)
