"""Balance statistics over many simulated games.

Definitions (the numbers ``bodoge sim`` prints):

* **Win rate** of a seat: its wins divided by the number of games, where a
  game won by several seats together (a shared win) counts ``1/k`` to each
  of its ``k`` winners.  A game nobody wins (everyone dropped out) counts 0
  to every seat, so the win rates add up to the share of games with a
  winner.  In a cooperative game the group wins or loses as one: a win
  counts 1 to every winner, so each seat's win rate is the group's; such a
  game reports the **team's success rate** (games won over games) and no
  seat advantage or shared wins (its JSON has neither).  The margin is the
  half-width of Wilson's 95 % score interval (``win_low``–``win_high``), as
  in the HTML report.
* **Score mean and spread** of a seat: the mean of its final scores and
  their sample standard deviation (divisor ``games - 1``; 0 for one game).
* **Stopped games**: games stopped by a safety limit rather than ended by
  a rule (``State.stopped``).  They have no winner, so they count among
  the games with no winner too; a bot that plays into a loop shows here.
* **Game length**: the number of applied actions (every decision, including
  each step of a split decision), mean, minimum and maximum.
* **First-player advantage**: seat 0's win rate minus the mean win rate of
  all seats (its fair share).  Positive: the start player wins more often
  than an equal share; e.g. +0.05 is five percentage points.  It means
  something only when the seats are comparable (:attr:`Stats.seats_comparable`):
  the same bot at every seat, or bots rotated through the seats.
* **Win rate of a bot**: its wins (shared wins split as above) divided by
  the seats it took, over all games.

Results are ordered by their index before anything is summed, and the sums
are exact (``math.fsum``, ``statistics``), so the same set of results gives
identical statistics whatever order the workers delivered them in.

>>> import bodoge
>>> from bodoge.sim import run_many
>>> stats = Stats.from_results(run_many("egyptian-bride", 3, seed=1, n=30))
>>> stats.games, len(stats.seats)
(30, 3)
>>> 0.0 <= sum(s.win_rate for s in stats.seats) <= 1.0
True
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any

from ..engine import UnknownGame, get_game
from .inference import wilson
from .play import GameResult


def _cooperative(result: GameResult) -> bool:
    try:
        return bool(result.game) and get_game(result.game).cooperative
    except UnknownGame:
        return False


def _share(result: GameResult) -> float:
    """What a win is worth to each winner: ``1/k`` of a shared win, all of a group's win."""
    if not result.winners:
        return 0.0
    return 1.0 if _cooperative(result) else 1 / len(result.winners)


Z95 = 1.96


@dataclass(frozen=True)
class SeatStats:
    """What happened to one seat over all games."""

    seat: int
    bot: str
    wins: float
    win_rate: float
    win_margin: float
    score_mean: float
    score_sd: float
    score_min: float
    score_max: float
    win_low: float = 0.0
    win_high: float = 1.0


@dataclass(frozen=True)
class BotStats:
    """What happened to one bot spec over all the seats it took."""

    bot: str
    seats: int
    wins: float
    win_rate: float
    win_margin: float


@dataclass(frozen=True)
class Stats:
    """A summary of many games with the same number of players."""

    games: int
    num_players: int
    seats: tuple[SeatStats, ...]
    length_mean: float
    length_min: int
    length_max: int
    no_winner: int
    shared_wins: int
    stopped: int
    first_player_advantage: float
    bots: tuple[BotStats, ...] = ()
    seats_comparable: bool = True
    """The same bot at every seat, or bots that moved between seats (rotated)."""
    cooperative: bool = False
    """The seats win or lose together: the team's success rate is the figure, not seats'."""
    team_wins: int = 0
    team_low: float = 0.0
    team_high: float = 1.0

    @property
    def team_rate(self) -> float:
        return self.team_wins / self.games

    @classmethod
    def from_results(cls, results: Iterable[GameResult]) -> Stats:
        """Summarise ``results`` (see the module docstring for the definitions)."""
        ordered = sorted(results, key=lambda r: (r.index, r.seed))
        if not ordered:
            raise ValueError("no results to summarise")
        players = {r.num_players for r in ordered}
        if len(players) != 1:
            raise ValueError(f"results mix player counts {sorted(players)}; summarise them apart")
        num_players = players.pop()
        games = len(ordered)
        shares: list[list[float]] = [[] for _ in range(num_players)]
        for result in ordered:
            for seat in result.winners:
                shares[seat].append(_share(result))
        seats = []
        for seat in range(num_players):
            scores = [float(r.scores[seat]) for r in ordered]
            wins = math.fsum(shares[seat])
            rate = wins / games
            low, high = wilson(wins, games)
            seated = sorted({r.bots[seat] for r in ordered})
            seats.append(
                SeatStats(
                    seat=seat,
                    bot=seated[0] if len(seated) == 1 else "/".join(seated),
                    wins=wins,
                    win_rate=rate,
                    win_margin=(high - low) / 2,
                    score_mean=statistics.fmean(scores),
                    score_sd=statistics.stdev(scores) if games > 1 else 0.0,
                    score_min=min(scores),
                    score_max=max(scores),
                    win_low=low,
                    win_high=high,
                )
            )
        taken: dict[str, list[float]] = {}
        for result in ordered:
            for seat, bot in enumerate(result.bots):
                share = _share(result) if seat in result.winners else 0.0
                taken.setdefault(bot, []).append(share)
        bots = tuple(
            BotStats(
                bot=bot,
                seats=len(shares),
                wins=math.fsum(shares),
                win_rate=math.fsum(shares) / len(shares),
                win_margin=_margin(math.fsum(shares) / len(shares), len(shares)),
            )
            for bot, shares in sorted(taken.items())
        )
        fixed = all(len({r.bots[seat] for r in ordered}) == 1 for seat in range(num_players))
        lengths = [r.actions for r in ordered]
        fair = math.fsum(s.win_rate for s in seats) / num_players
        team_wins = sum(1 for r in ordered if r.winners)
        team_low, team_high = wilson(team_wins, games)
        cooperative = _cooperative(ordered[0])
        return cls(
            games=games,
            num_players=num_players,
            seats=tuple(seats),
            length_mean=statistics.fmean(lengths),
            length_min=min(lengths),
            length_max=max(lengths),
            no_winner=sum(1 for r in ordered if not r.winners),
            shared_wins=sum(1 for r in ordered if len(r.winners) > 1),
            stopped=sum(1 for r in ordered if r.stopped),
            first_player_advantage=0.0 if cooperative else seats[0].win_rate - fair,
            bots=bots,
            seats_comparable=len(bots) == 1 or not fixed,
            cooperative=cooperative,
            team_wins=team_wins,
            team_low=team_low,
            team_high=team_high,
        )

    def to_json(self) -> dict[str, Any]:
        """The fields as data; a co-operative game's has no seat advantage and no shared
        wins (every win is the team's: ``team_wins``)."""
        data = asdict(self)
        if self.cooperative:
            del data["first_player_advantage"], data["shared_wins"]
        return data


def _margin(rate: float, count: int) -> float:
    low, high = wilson(rate * count, count)
    return (high - low) / 2
