"""Server-side HTML: one Jinja2 environment for the pages and every game's table.

A game's table template lives in its own package (``templates/<id>.html``)
and builds on the shared pieces of ``components.html``; a game without one
is shown by ``generic.html``.  Templates only ever receive the view of the
seat being rendered, its legal actions and public table data.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from jinja2 import ChoiceLoader, Environment, FileSystemLoader, select_autoescape

import bodoge
from bodoge.engine import Action, Game, seat_name

from .hub import LiveTable
from .i18n import word

HERE = Path(__file__).parent


def _game_template_dirs() -> list[str]:
    dirs = []
    for game_id in bodoge.game_ids():
        module = sys.modules[type(bodoge.get_game(game_id)).__module__]
        folder = Path(module.__file__ or "").parent / "templates"
        if folder.is_dir():
            dirs.append(str(folder))
    return dirs


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
    env.filters["pick"] = lambda seats, names: [names[seat] for seat in seats]
    return env


ENV = make_environment()


def table_template(game: Game) -> str:
    name = f"{game.id}.html"
    return name if name in ENV.list_templates() else "generic.html"


class Actions:
    """The seat's legal actions, numbered, and found by what they concern.

    ``acts.find("take_face_up", number=7)`` gives the index to put on the
    face-up 7's ``data-act``, or ``None`` when no legal action concerns it.
    """

    def __init__(self, legal: list[Action], lang: str) -> None:
        self.items = [(i, a.to_json(), a.label(lang)) for i, a in enumerate(legal)]

    def find(self, kind: str, **fields: Any) -> int | None:
        for index, wire, _ in self.items:
            if wire["type"] == kind and all(wire.get(k) == v for k, v in fields.items()):
                return index
        return None

    def of_type(self, kind: str) -> list[tuple[int, dict[str, Any], str]]:
        return [item for item in self.items if item[1]["type"] == kind]

    def __iter__(self) -> Any:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)


def seat_names(live: LiveTable, lang: str) -> list[str]:
    names = []
    for seat in live.info.seats:
        if seat.name:
            names.append(seat.name)
        elif seat.kind == "bot":
            names.append(f"{seat_name(seat.seat, lang)} ({word('bot', lang)})")
        else:
            names.append(seat_name(seat.seat, lang))
    return names


def game_context(
    game: Game,
    state_view: dict[str, Any],
    seat: int | None,
    legal: list[Action],
    names: list[str],
    lang: str,
) -> dict[str, Any]:
    return {
        "game": game,
        "view": state_view,
        "seat": seat,
        "acts": Actions(legal, lang),
        "names": names,
        "lang": lang,
        "title": game.title(lang),
        "glossary": {key: text(lang) for key, text in game.glossary.items()},
    }


def render_game(live: LiveTable, seat: int | None, lang: str) -> str:
    """The game area for ``seat``: built from ``view(seat)`` and its legal actions only."""
    state = live.state
    legal = state.legal_actions(seat) if seat is not None and live.started else []
    context = game_context(state.game, state.view(seat), seat, legal, seat_names(live, lang), lang)
    context["log"] = [e.for_seat(seat, lang) for e in state.events[-30:]]
    context["summary"] = state.summary(lang)
    return ENV.get_template(table_template(state.game)).render(context)


def render_page(name: str, **context: Any) -> str:
    return ENV.get_template(name).render(context)
