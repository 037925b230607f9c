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

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ...engine import Action, Outcome, Rng
from ...engine.kit import (
    Commitment,
    Phase,
    Rules,
    Stepwise,
    Zone,
    counted,
    draw,
    expect,
    explains,
    plays,
    redeal,
)
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
)
from .text import summary_lines
from .vocabulary import ENDINGS, PHASES, REVEAL_WAYS

HIDE, REVEAL, STEAL, REACT, OVER = PHASES
BY_TURN, BY_BEAVER, BY_HAMSTER = REVEAL_WAYS
FIVE_OF_A_KIND, DECK_EMPTY, ROUND_LIMIT_REACHED = ENDINGS

NUT_INDEX = {nut: kind for kind, nut in enumerate(NUTS)}
CRITTER_INDEX = {critter: index for index, critter in enumerate(CRITTERS)}

CHOOSING = Commitment.of_size(CHOSEN_PER_ROUND)
"""Every seat places two critters face down at once, in secret."""


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


class HoardersState(Rules):
    """A game of Hoarders in progress."""

    PHASES: ClassVar[Mapping[str, Phase]] = {
        HIDE: Phase((HideCritter,), "every player is choosing two critters to place face down"),
        REVEAL: Phase((RevealCritter,), "it is your turn: reveal one of your face-down critters"),
        STEAL: Phase((StealNut,), "your Raccoon is stealing: choose a nut from another player"),
        REACT: Phase(
            (UseHamster, AllowTheft),
            "your nut is being stolen: reveal a Hamster or let the theft happen",
        ),
    }

    deck: list[int]
    nuts: list[list[int]]
    face_down: list[list[int]]
    revealed: list[list[int]]
    revealed_how: list[list[str]]

    def _setup(self) -> None:
        n = self.num_players
        self.winning_set = int(self.design["winning_set"])
        table = self.table()
        hide, steal = table.of(HideCritter), table.of(StealNut)
        self.choosing = Stepwise(
            CHOSEN_PER_ROUND,
            pick={c: hide[name] for c, name in enumerate(CRITTERS)},
            unpick={},
            undo=False,
        )
        """Placing critters face down: two picks, no take-back, the second completes it."""
        self.reveals = tuple(table.of(RevealCritter)[name] for name in CRITTERS)
        self.steals = tuple(tuple(steal[seat, nut] for nut in NUTS) for seat in range(n))
        """steals[target][kind]: the action stealing that nut (from the declared space)."""
        self.use_hamster, self.allow_theft = table.one(UseHamster), table.one(AllowTheft)
        self.deck = list(NUT_DECK)
        self.rng.shuffle(self.deck)  # the top of the deck is the end
        self.nuts = [[0] * len(NUTS) for _ in range(n)]
        for seat in range(n):
            for _ in range(START_NUTS):
                self.nuts[seat][self.deck.pop()] += 1
        self.face_down = [[] for _ in range(n)]
        """Each seat's face-down critters (sorted indices); only the owner sees them."""
        self.revealed = [[] for _ in range(n)]
        """Each seat's critters revealed this round, in the order they came face up."""
        self.revealed_how = [[] for _ in range(n)]
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
            return CHOOSING.owing(self.face_down)
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
            if max(self.nuts[seat]) >= self.winning_set:
                self._finish(FIVE_OF_A_KIND, (seat,))
                public["game_over"] = FIVE_OF_A_KIND
                public["winner"] = seat
                return True
        return False

    # ---------------------------------------------------------------- legality

    def _legal(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == HIDE:
            return self.choosing.legal(self.face_down[seat], range(len(CRITTERS)))
        if phase == REVEAL:
            reveals = self.reveals
            return [reveals[c] for c in self.face_down[seat]]
        if phase == STEAL:
            steals = self.steals
            return [steals[other][kind] for other, kind in self.steal_targets(seat)]
        if HAMSTER in self.face_down[seat]:
            return [self.use_hamster, self.allow_theft]
        return [self.allow_theft]

    def steal_targets(self, thief: int) -> list[tuple[int, int]]:
        """(seat, kind) of every nut the thief may take: other players' nuts only."""
        n = self.num_players
        found = []
        for step in range(1, n):
            other = (thief + step) % n
            counts = self.nuts[other]
            found += [(other, kind) for kind in range(len(NUTS)) if counts[kind]]
        return found

    @explains(HideCritter)
    def _why_not_hide(self, seat: int, action: HideCritter) -> str:
        if action.critter not in CRITTER_INDEX:
            return f"there is no critter {action.critter!r}; the critters are {list(CRITTERS)}"
        return f"your {action.critter} is already face down"

    @explains(RevealCritter)
    def _why_not_reveal(self, seat: int, action: RevealCritter) -> str:
        hidden = [CRITTERS[c] for c in self.face_down[seat]]
        return f"your {action.critter} is not face down; face down you have {hidden}"

    @explains(StealNut)
    def _why_not_steal(self, seat: int, action: StealNut) -> str:
        if action.target == seat:
            return "you cannot steal from yourself"
        return f"seat {action.target} has no {action.nut} to steal"

    @explains(UseHamster)
    def _why_not_hamster(self, seat: int, action: UseHamster) -> str:
        return "you have no face-down Hamster"

    # ------------------------------------------------------------------- play

    @plays(HideCritter)
    def _hide(self, seat: int, action: HideCritter) -> Outcome:
        hidden = self.face_down[seat]
        hidden.append(CRITTER_INDEX[action.critter])
        hidden.sort()
        if not self.choosing.complete(hidden):
            return CHOOSING.step(complete=False)
        if CHOOSING.owing(self.face_down):
            return CHOOSING.step(complete=True)
        public: dict[str, Any] = {"all_chosen": True}
        self._start_reveals(public)
        return CHOOSING.step(complete=True, public=public)

    @plays(RevealCritter)
    def _reveal_action(self, seat: int, action: RevealCritter) -> Outcome | None:
        public: dict[str, Any] = {}
        self._reveal(seat, CRITTER_INDEX[action.critter], public)
        return Outcome(public) if public else None

    @plays(StealNut)
    def _steal_action(self, seat: int, action: StealNut) -> Outcome | None:
        public: dict[str, Any] = {}
        self._choose_theft(seat, action.target, NUT_INDEX[action.nut], public)
        return Outcome(public) if public else None

    @plays(UseHamster)
    def _use_hamster(self, seat: int, action: UseHamster) -> Outcome:
        public: dict[str, Any] = {}
        self._take_back_face_down(seat, HAMSTER, BY_HAMSTER)
        public["cancelled"] = True
        self._next_turn(public)
        return Outcome(public)

    @plays(AllowTheft)
    def _allow_theft(self, seat: int, action: AllowTheft) -> Outcome:
        public: dict[str, Any] = {}
        self._steal(self.thief, self.target, self.target_kind, public)
        return Outcome(public)

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
        collection = self.nuts[seat]
        drawn = draw(self.deck, count)
        for kind in drawn:
            collection[kind] += 1
        return [NUTS[kind] for kind in drawn]

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
        public["stolen"] = {"by": thief, "from": target, "nut": NUTS[kind]}
        if not self._check_win(public):
            self._next_turn(public)

    # ---------------------------------------------------- checks and positions

    def check_conservation(self) -> None:
        """All 55 nuts (11 per kind) are in the deck or a collection; every seat owns 5 critters."""
        per_kind = counted(self.deck, len(NUTS))
        for counts in self.nuts:
            expect(len(counts) == len(NUTS) and min(counts) >= 0, f"a collection {counts}")
            per_kind = [a + b for a, b in zip(per_kind, counts, strict=True)]
        expect(per_kind == [NUT_DECK.count(k) for k in range(len(NUTS))], f"nuts {per_kind}")
        for hidden, shown in zip(self.face_down, self.revealed, strict=True):
            out = hidden + shown
            expect(len(out) <= CHOSEN_PER_ROUND and len(set(out)) == len(out), f"critters {out}")
            expect(all(0 <= critter < len(CRITTERS) for critter in out), f"critters {out}")
        expect(0 <= self.crown < self.num_players, f"crown {self.crown}")

    def arrange(
        self,
        nuts: Mapping[int, Mapping[str, int]] | None = None,
        top: Sequence[str] = (),
        deck_size: int | None = None,
        crown: int | None = None,
        face_down: Mapping[int, Sequence[str]] | None = None,
    ) -> HoardersState:
        """Set up a position for a test or a puzzle, at the start of a round; returns the state.

        ``nuts`` gives chosen collections (seats not given hold none);
        ``top`` the deck's top cards, top first, the other nuts lying under
        them in a fixed order, cut to ``deck_size`` cards in all if given
        (the cards cut away are out of this game).  ``crown`` moves the
        crown.  With ``face_down`` (every seat's two critters) the choosing
        is over and the crown holder's reveal turn begins.

        >>> from bodoge.games.hoarders import GAME
        >>> state = GAME.new_game(3, seed=1).arrange({0: {"acorn": 4}}, top=["acorn"])
        >>> state.view(0)["players"][0]["nuts"], state.deck[-1] == NUTS.index("acorn")
        ([0, 0, 0, 4, 0], True)
        """
        self.nuts = [[0] * len(NUTS) for _ in range(self.num_players)]
        for seat, spec in (nuts or {}).items():
            for nut, count in spec.items():
                self.nuts[seat][NUT_INDEX[nut]] = count
        rest = list(NUT_DECK)
        for counts in self.nuts:
            for kind, count in enumerate(counts):
                for _ in range(count):
                    rest.remove(kind)
        on_top = [NUT_INDEX[nut] for nut in top]
        for kind in on_top:
            rest.remove(kind)
        under = rest if deck_size is None else rest[: max(0, deck_size - len(on_top))]
        self.deck = under + on_top[::-1]  # the top of the deck is the end
        if crown is not None:
            self.crown = crown
        if face_down is not None:
            self.face_down = [
                sorted(CRITTER_INDEX[c] for c in face_down[seat])
                for seat in range(self.num_players)
            ]
            self._start_reveals({})
        return self

    # ------------------------------------------------------- hidden information

    def _redeal(self, seat: int | None, rng: Rng) -> None:
        """Shuffle the deck and re-choose every face-down critter hidden from ``seat``.

        A seat's face-down critters are any of its critters not yet revealed
        this round, except a Beaver once a Beaver has come out this round
        (every hidden Beaver is forced out then, so none can be left).
        """
        redeal([Zone(self.deck, ordered=True)], rng)
        beaver_out = any(BEAVER in shown for shown in self.revealed)

        def unseen(other: int) -> list[int]:
            shown = self.revealed[other]
            return [
                c
                for c in range(len(CRITTERS))
                if c not in shown and not (beaver_out and c == BEAVER)
            ]

        Commitment.reinvent(self.face_down, seat, unseen, rng)

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

    def summary(self, lang: str = "en", names: Sequence[str] | None = None) -> list[str]:
        if self.phase != OVER:
            return []
        return summary_lines(self.ending, self.nuts, self.final, lang, names)
