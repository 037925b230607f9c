"""The rules of Hoarders: secret critters, revealed in turn, racing for five identical nuts.

A round has two parts.  In the *hide* phase every player at once places two
of their five critters face down, one :class:`HideCritter` step at a time.
In the *reveal* phase the turn goes clockwise from the crown holder for two
laps; on a turn the player reveals one face-down critter and carries it out
(a Raccoon then chooses its theft, and the victim may react with a Hamster).
A player with nothing face down passes.  Then the critters go back to their
owners, the crown moves left and the next round begins.

Nut collections are counts per kind, face-down critters short sorted lists of
critter indices: legality, copying and determinisation stay cheap.  See the
package docstring for the rulings applied.
"""

from __future__ import annotations

from typing import Any

from ...engine import Action, Outcome, Rng, State
from .actions import AllowTheft, HideCritter, RevealCritter, StealNut, UseHamster
from .data import (
    BEAVER,
    BEAVERLESS_DRAW,
    CHOSEN_PER_ROUND,
    CRITTERS,
    GROUNDHOG,
    HAMSTER,
    LONE_BEAVER_DRAW,
    NUT_DECK,
    NUTS,
    RACCOON,
    ROUND_LIMIT,
    SQUIRREL,
    SQUIRREL_DRAW,
    START_NUTS,
    WINNING_SET,
)
from .text import summary_lines

HIDE, REVEAL, STEAL, REACT, OVER = "hide", "reveal", "steal", "react", "over"
PHASES = (HIDE, REVEAL, STEAL, REACT, OVER)

BY_TURN, BY_BEAVER, BY_HAMSTER = "turn", "beaver", "hamster"
"""How a critter came face up: on its owner's turn, forced by a Beaver, or as a reaction."""
REVEAL_WAYS = (BY_TURN, BY_BEAVER, BY_HAMSTER)

FIVE_OF_A_KIND, DECK_EMPTY, ROUND_LIMIT_REACHED = "five", "deck", "limit"
ENDINGS = (FIVE_OF_A_KIND, DECK_EMPTY, ROUND_LIMIT_REACHED)

NUT_INDEX = {nut: kind for kind, nut in enumerate(NUTS)}
CRITTER_INDEX = {critter: index for index, critter in enumerate(CRITTERS)}

HIDE_ACTION = [HideCritter(critter) for critter in CRITTERS]
REVEAL_ACTION = [RevealCritter(critter) for critter in CRITTERS]
USE_HAMSTER = UseHamster()
ALLOW_THEFT = AllowTheft()
_STEALS: dict[tuple[int, int], StealNut] = {}


def steal_action(target: int, kind: int) -> StealNut:
    """Steal actions are made once and reused: legal lists are rebuilt every step."""
    action = _STEALS.get((target, kind))
    if action is None:
        action = _STEALS[target, kind] = StealNut(target, NUTS[kind])
    return action


def rank_without_set(nuts: list[list[int]]) -> tuple[int, ...]:
    """The ruling for a game that ends with the deck empty and no five identical nuts.

    Most cards of one kind wins; a tie goes to the most nuts in all; still
    tied, the win is shared.

    >>> rank_without_set([[4, 1, 0, 0, 0], [4, 0, 2, 0, 0], [3, 3, 3, 3, 0]])
    (1,)
    >>> rank_without_set([[2, 2, 0, 0, 0], [0, 0, 2, 2, 0]])
    (0, 1)
    """
    keys = [(max(counts), sum(counts)) for counts in nuts]
    best = max(keys)
    return tuple(seat for seat, key in enumerate(keys) if key == best)


class HoardersState(State):
    """A game of Hoarders in progress."""

    _copied = ("deck", "nuts", "face_down", "revealed", "revealed_how")

    def _setup(self) -> None:
        n = self.num_players
        self.deck = list(NUT_DECK)
        self.rng.shuffle(self.deck)  # the top of the deck is the end
        self.nuts = [[0] * len(NUTS) for _ in range(n)]
        for seat in range(n):
            for _ in range(START_NUTS):
                self.nuts[seat][self.deck.pop()] += 1
        self.face_down: list[list[int]] = [[] for _ in range(n)]
        """Each seat's face-down critters (sorted indices); only the owner sees them."""
        self.revealed: list[list[int]] = [[] for _ in range(n)]
        """Each seat's critters revealed this round, in the order they came face up."""
        self.revealed_how: list[list[str]] = [[] for _ in range(n)]
        """For each entry of ``revealed``: BY_TURN, BY_BEAVER or BY_HAMSTER."""
        self.crown = 0
        self.round = 1
        self.phase = HIDE
        self.slot = 0
        """Turns of this round's reveal phase so far: seat ``(crown + slot) % n``, two laps."""
        self.current = -1
        """The seat whose reveal turn it is (-1 while critters are being chosen)."""
        self.thief = -1
        self.thief_via = -1
        """The critter carrying out the pending theft: RACCOON, or GROUNDHOG copying it."""
        self.target = -1
        self.target_kind = -1
        self.ending = ""
        self.final: tuple[int, ...] = ()

    # ------------------------------------------------------------ turn order

    @property
    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == HIDE:
            return tuple(
                seat for seat, hidden in enumerate(self.face_down) if len(hidden) < CHOSEN_PER_ROUND
            )
        if phase == REACT:
            return (self.target,)
        if phase == OVER:
            return ()
        return (self.current,)

    @property
    def lap(self) -> int:
        """1 or 2 during the reveal phase, 0 while critters are being chosen."""
        if self.phase == HIDE or self.current < 0:
            return 0
        return min(2, self.slot // self.num_players + 1)

    def _start_reveals(self, public: dict[str, Any]) -> None:
        """Everyone has chosen: the crown holder reveals first."""
        self.slot = -1
        self._next_turn(public)

    def _next_turn(self, public: dict[str, Any]) -> None:
        """Pass the turn clockwise; skip players with nothing face down; end the round."""
        n = self.num_players
        self.thief = self.thief_via = self.target = self.target_kind = -1
        passed: list[int] = []
        self.slot += 1
        while self.slot < CHOSEN_PER_ROUND * n:
            seat = (self.crown + self.slot) % n
            if self.face_down[seat]:
                self.current = seat
                self.phase = REVEAL
                if passed:
                    public["passed"] = passed
                return
            passed.append(seat)
            self.slot += 1
        if passed:
            public["passed"] = passed
        self._end_round(public)

    def _end_round(self, public: dict[str, Any]) -> None:
        """Critters go home and the crown moves left; an empty deck ends the game."""
        public["round_over"] = self.round
        if not self.deck:
            self._finish(DECK_EMPTY, rank_without_set(self.nuts))
        elif self.round >= ROUND_LIMIT:
            self._finish(ROUND_LIMIT_REACHED, ())  # a safety limit, not a rule: no winner
        else:
            n = self.num_players
            self.round += 1
            self.crown = (self.crown + 1) % n
            self.revealed = [[] for _ in range(n)]
            self.revealed_how = [[] for _ in range(n)]
            self.current = -1
            self.slot = 0
            self.phase = HIDE
            public["crown"] = self.crown
        if self.phase == OVER:
            public["game_over"] = self.ending

    def _finish(self, ending: str, winners: tuple[int, ...]) -> None:
        self.phase = OVER
        self.ending = ending
        self.final = winners
        self.current = -1

    def clockwise_from_crown(self) -> list[int]:
        n = self.num_players
        return [(self.crown + step) % n for step in range(n)]

    def _check_win(self, public: dict[str, Any]) -> bool:
        """Five identical nuts win at once; several at once: earliest clockwise from the crown."""
        for seat in self.clockwise_from_crown():
            if max(self.nuts[seat]) >= WINNING_SET:
                self._finish(FIVE_OF_A_KIND, (seat,))
                public["game_over"] = FIVE_OF_A_KIND
                public["winner"] = seat
                return True
        return False

    # ---------------------------------------------------------------- legality

    def _legal(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == HIDE:
            hidden = self.face_down[seat]
            return [HIDE_ACTION[c] for c in range(len(CRITTERS)) if c not in hidden]
        if phase == REVEAL:
            return [REVEAL_ACTION[c] for c in self.face_down[seat]]
        if phase == STEAL:
            return self._steal_actions(seat)
        if HAMSTER in self.face_down[seat]:
            return [USE_HAMSTER, ALLOW_THEFT]
        return [ALLOW_THEFT]

    def steal_targets(self, thief: int) -> list[tuple[int, int]]:
        """(seat, kind) of every nut the thief may take: other players' nuts only."""
        n = self.num_players
        found = []
        for step in range(1, n):
            other = (thief + step) % n
            counts = self.nuts[other]
            found += [(other, kind) for kind in range(len(NUTS)) if counts[kind]]
        return found

    def _steal_actions(self, thief: int) -> list[Action]:
        return [steal_action(other, kind) for other, kind in self.steal_targets(thief)]

    def _why_illegal(self, seat: int, action: Action) -> str | None:
        phase = self.phase
        if phase == HIDE:
            if not isinstance(action, HideCritter):
                return "every player is choosing two critters to place face down"
            if action.critter not in CRITTER_INDEX:
                return f"there is no critter {action.critter!r}; the critters are {list(CRITTERS)}"
            return f"your {action.critter} is already face down"
        if phase == REVEAL:
            if not isinstance(action, RevealCritter):
                return "it is your turn: reveal one of your face-down critters"
            hidden = [CRITTERS[c] for c in self.face_down[seat]]
            return f"your {action.critter} is not face down; face down you have {hidden}"
        if phase == STEAL:
            if not isinstance(action, StealNut):
                return "your Raccoon is stealing: choose a nut from another player"
            if action.target == seat:
                return "you cannot steal from yourself"
            return f"seat {action.target} has no {action.nut} to steal"
        if isinstance(action, UseHamster):
            return "you have no face-down Hamster"
        return "your nut is being stolen: reveal a Hamster or let the theft happen"

    # ------------------------------------------------------------------- play

    def _play(self, seat: int, action: Action) -> Outcome | None:
        public: dict[str, Any] = {}
        if isinstance(action, HideCritter):
            return self._hide(seat, CRITTER_INDEX[action.critter])
        if isinstance(action, RevealCritter):
            self._reveal(seat, CRITTER_INDEX[action.critter], public)
        elif isinstance(action, StealNut):
            self._choose_theft(seat, action.target, NUT_INDEX[action.nut], public)
        elif isinstance(action, UseHamster):
            self._take_back_face_down(seat, HAMSTER, BY_HAMSTER)
            public["cancelled"] = True
            self._next_turn(public)
        else:
            assert isinstance(action, AllowTheft)
            self._steal(self.thief, self.target, self.target_kind, public)
        return Outcome(public) if public else None

    def _hide(self, seat: int, critter: int) -> Outcome:
        hidden = self.face_down[seat]
        hidden.append(critter)
        hidden.sort()
        if any(len(h) < CHOSEN_PER_ROUND for h in self.face_down):
            return Outcome(secret=True)
        public: dict[str, Any] = {"all_chosen": True}
        self._start_reveals(public)
        return Outcome(public, secret=True)

    def _take_back_face_down(self, seat: int, critter: int, how: str) -> None:
        """Turn one face-down critter face up (no effect of its own here)."""
        self.face_down[seat].remove(critter)
        self.revealed[seat].append(critter)
        self.revealed_how[seat].append(how)

    def _reveal(self, seat: int, critter: int, public: dict[str, Any]) -> None:
        self._take_back_face_down(seat, critter, BY_TURN)
        if critter == GROUNDHOG:
            copied = self.groundhog_copy(seat)
            public["copied"] = CRITTERS[copied] if copied >= 0 else None
            self._carry_out(seat, copied, GROUNDHOG, public)
        elif critter == BEAVER:
            self._beaver(seat, public)
        else:
            self._carry_out(seat, critter, critter, public)

    def groundhog_copy(self, seat: int) -> int:
        """The critter a Groundhog just revealed copies: the latest earlier one this round.

        Never a Beaver (nor another Groundhog); -1 when there is none.
        """
        for critter in reversed(self.revealed[seat][:-1]):
            if critter not in (BEAVER, GROUNDHOG):
                return critter
        return -1

    def _carry_out(self, seat: int, effect: int, via: int, public: dict[str, Any]) -> None:
        """The effect of a Squirrel, Raccoon or Hamster (revealed, or copied by a Groundhog)."""
        if effect == SQUIRREL:
            public["drew"] = self._draw(seat, SQUIRREL_DRAW)
            if not self._check_win(public):
                self._next_turn(public)
        elif effect == RACCOON and self.steal_targets(seat):
            self.phase = STEAL
            self.thief, self.thief_via = seat, via
        else:  # a Hamster on its owner's turn, a Raccoon with nothing to take, nothing copied
            public["no_effect"] = True
            self._next_turn(public)

    def _draw(self, seat: int, count: int) -> list[str]:
        """Draw up to ``count`` nuts into ``seat``'s collection (an empty deck gives nothing)."""
        drawn = []
        for _ in range(min(count, len(self.deck))):
            kind = self.deck.pop()
            self.nuts[seat][kind] += 1
            drawn.append(NUTS[kind])
        return drawn

    def _beaver(self, seat: int, public: dict[str, Any]) -> None:
        """Every other face-down Beaver comes out; alone: draw 3, else the others draw 1."""
        beavers = [seat]
        for other in self.clockwise_from_crown():
            if other != seat and BEAVER in self.face_down[other]:
                self._take_back_face_down(other, BEAVER, BY_BEAVER)
                beavers.append(other)
        public["beavers"] = beavers
        if len(beavers) == 1:
            draws = [[seat, self._draw(seat, LONE_BEAVER_DRAW)]]
        else:
            draws = [
                [other, self._draw(other, BEAVERLESS_DRAW)]
                for other in self.clockwise_from_crown()
                if other not in beavers
            ]
        public["draws"] = draws
        if not self._check_win(public):
            self._next_turn(public)

    def _choose_theft(self, thief: int, target: int, kind: int, public: dict[str, Any]) -> None:
        """The victim with anything face down decides; otherwise the nut moves now."""
        self.target, self.target_kind = target, kind
        if self.face_down[target]:
            self.phase = REACT
            public["theft"] = {"target": target, "nut": NUTS[kind]}
        else:
            self._steal(thief, target, kind, public)

    def _steal(self, thief: int, target: int, kind: int, public: dict[str, Any]) -> None:
        self.nuts[target][kind] -= 1
        self.nuts[thief][kind] += 1
        public["stolen"] = {"from": target, "nut": NUTS[kind]}
        if not self._check_win(public):
            self._next_turn(public)

    # ------------------------------------------------------- hidden information

    def _redeal(self, seat: int | None, rng: Rng) -> None:
        """Shuffle the deck and re-choose every face-down critter hidden from ``seat``.

        A seat's face-down critters are any of its critters not yet revealed
        this round, except a Beaver once a Beaver has come out this round
        (every hidden Beaver is forced out then, so none can be left).
        """
        self.deck.sort()  # the unseen cards as a set: their real order must not matter
        rng.shuffle(self.deck)
        beaver_out = any(BEAVER in shown for shown in self.revealed)
        for other, hidden in enumerate(self.face_down):
            if other == seat or not hidden:
                continue
            shown = self.revealed[other]
            unseen = [
                c
                for c in range(len(CRITTERS))
                if c not in shown and not (beaver_out and c == BEAVER)
            ]
            rng.shuffle(unseen)
            self.face_down[other] = sorted(unseen[: len(hidden)])

    # ------------------------------------------------------------ scoring

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's largest set of identical nuts (five wins)."""
        return tuple(max(counts) for counts in self.nuts)

    @property
    def winners(self) -> tuple[int, ...]:
        return self.final

    @property
    def stopped(self) -> bool:
        """Stopped by the safety limit of ``ROUND_LIMIT`` rounds (no winner), not by a rule."""
        return self.ending == ROUND_LIMIT_REACHED

    def summary(self, lang: str = "en") -> list[str]:
        if self.phase != OVER:
            return []
        return summary_lines(self.ending, self.nuts, self.final, lang)

    # ------------------------------------------------------------------ view

    def _view(self, seat: int | None) -> dict[str, Any]:
        theft = None
        if self.phase in (STEAL, REACT):
            theft = {
                "thief": self.thief,
                "via": CRITTERS[self.thief_via],
                "target": self.target if self.phase == REACT else None,
                "nut": NUTS[self.target_kind] if self.phase == REACT else None,
            }
        mine = None if seat is None else self.face_down[seat]
        return {
            "nut_kinds": list(NUTS),
            "critter_kinds": list(CRITTERS),
            "round": self.round,
            "round_limit": ROUND_LIMIT,
            "phase": self.phase,
            "crown": self.crown,
            "current": self.current if self.current >= 0 else None,
            "lap": self.lap,
            "deck": len(self.deck),
            "players": [self._player_view(other) for other in range(self.num_players)],
            "face_down": None if mine is None else [CRITTERS[c] for c in mine],
            "in_hand": None if seat is None else self._in_hand(seat),
            "theft": theft,
            "ending": self.ending or None,
        }

    def _in_hand(self, seat: int) -> list[str]:
        """The seat's critters neither face down nor revealed this round."""
        out = self.face_down[seat] + self.revealed[seat]
        return [critter for c, critter in enumerate(CRITTERS) if c not in out]

    def _player_view(self, seat: int) -> dict[str, Any]:
        return {
            "seat": seat,
            "nuts": list(self.nuts[seat]),
            "face_down": len(self.face_down[seat]),
            "revealed": [
                {"critter": CRITTERS[c], "how": how}
                for c, how in zip(self.revealed[seat], self.revealed_how[seat], strict=True)
            ],
        }
