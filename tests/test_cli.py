"""The ``bodoge`` command, driven in process with Typer's CliRunner."""

from __future__ import annotations

import builtins
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tomllib
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import typer
import typer.core
import typer.main
from typer.testing import CliRunner, Result

import bodoge
from bodoge.cli import build_app
from bodoge.engine import Action, Game, Outcome, State, Text, register, unregister

APP = build_app("en")
RUNNER = CliRunner()
BAD_ENTRIES = "abc\n0\n99\n\n"
ALWAYS_FIRST = "1\n" * 3000


def run(*args: str, input: str | None = None, env: Mapping[str, str] | None = None) -> Result:
    result = RUNNER.invoke(APP, list(args), input=input, env=env)
    # User errors end with a message and an exit code, never a traceback.
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


# ------------------------------------------------------------ the command


def test_version() -> None:
    result = run("--version")
    assert result.exit_code == 0
    assert result.stdout.strip() == f"bodoge {bodoge.__version__}"


@pytest.mark.parametrize(
    "command", [[], ["games"], ["play"], ["sim"], ["sweep"], ["report"], ["replay"]]
)
def test_help_everywhere(command: list[str]) -> None:
    result = run(*command, "--help")
    assert result.exit_code == 0
    assert "Usage" in result.stdout


def test_flags_show_no_value_type_in_any_help() -> None:
    group = typer.main.get_command(APP)
    assert isinstance(group, typer.core.TyperGroup)
    commands = list(group.commands)
    assert {"games", "play", "sim", "replay", "serve"} <= set(commands)
    for command in [[], *([name] for name in commands)]:
        result = run(*command, "--help")
        assert result.exit_code == 0
        assert "<bool>" not in result.stdout, command
        assert "--help" in result.stdout


@pytest.mark.parametrize("command", [["games"], ["sim", "egyptian-bride"]])
def test_a_value_after_a_flag_is_explained(command: list[str]) -> None:
    result = run(*command, "--json", "true")
    assert result.exit_code == 2
    assert "--json takes no value: write --json alone to turn it on" in result.stderr
    assert "unexpected extra argument" not in result.stderr
    ja = run(*command, "--json", "false", "--lang", "ja")
    assert "--json は値を取りません" in ja.stderr


def test_help_follows_the_help_language() -> None:
    result = RUNNER.invoke(build_app("ja"), ["play", "--help"])
    assert result.exit_code == 0
    assert "端末でボットと対戦する" in result.stdout


def test_a_bad_language_setting_is_a_clear_error() -> None:
    result = run("games", env={"BODOGE_LANG": "fr"})
    assert result.exit_code == 2
    assert "BODOGE_LANG='fr' is not a language" in result.stderr


# ------------------------------------------------------------------ games


def test_games_lists_every_game_with_options() -> None:
    result = run("games")
    assert result.exit_code == 0
    for game_id in bodoge.game_ids():
        assert game_id in result.stdout
    assert "Egyptian Bride" in result.stdout
    assert "3–5 players (3–6 with other options)" in result.stdout
    assert "expansion" in result.stdout
    assert "first_turn_limits" in result.stdout
    assert "on in the base game, off with the expansion" in result.stdout
    assert "Provisional data: none" in result.stdout


def test_games_in_japanese() -> None:
    result = run("games", "--lang", "ja")
    assert result.exit_code == 0
    assert "エジプトの花嫁" in result.stdout
    assert "基本ゲームでは有効、拡張では無効" in result.stdout
    assert "暫定データ: なし" in result.stdout


def test_games_json_lists_egyptian_bride_with_both_options() -> None:
    result = run("games", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert [entry["id"] for entry in data] == bodoge.game_ids()
    (egyptian,) = [entry for entry in data if entry["id"] == "egyptian-bride"]
    assert egyptian["title"] == {"ja": "エジプトの花嫁", "en": "Egyptian Bride"}
    assert egyptian["players"] == [3, 5]
    options = {option["name"]: option for option in egyptian["options"]}
    assert set(options) == {"expansion", "first_turn_limits"}
    assert options["expansion"]["type"] == "bool"
    assert options["expansion"]["default"] is False
    assert "default_text" in options["first_turn_limits"]


# ------------------------------------------------------------------- play


@pytest.fixture
def seen_views(monkeypatch: pytest.MonkeyPatch) -> list[int | None]:
    """The seats whose views the command rendered for the person."""
    seats: list[int | None] = []
    game = bodoge.get_game("egyptian-bride")
    original = game.describe_view

    def spy(view: Mapping[str, Any], lang: str = "en") -> str:
        seats.append(view["seat"])
        return original(view, lang)

    monkeypatch.setattr(game, "describe_view", spy)
    return seats


def test_play_a_whole_game_with_bad_entries_then_save_and_replay(
    tmp_path: Path, seen_views: list[int | None]
) -> None:
    saved = tmp_path / "game.json"
    result = run(
        "play",
        "egyptian-bride",
        "--seed",
        "5",
        "--seat",
        "2",
        "--save",
        str(saved),
        input=BAD_ENTRIES + ALWAYS_FIRST,
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Egyptian Bride — 3 players, seed 5" in out
    assert "You are P2." in out
    assert "P1: bot normal" in out and "P3: bot normal" in out
    assert "'abc' is not a number; enter a number from 1 to" in out
    assert "There is no choice 0; enter a number from 1 to" in out
    assert "There is no choice 99; enter a number from 1 to" in out
    assert "Please enter a number from 1 to" in out
    assert "P1: Take the" in out  # the bot at seat 0 moved first, shown by its label
    assert "── Game over ──" in out
    # The person saw only their own seat's view.
    assert seen_views
    assert set(seen_views) == {1}

    record = json.loads(saved.read_text(encoding="utf-8"))
    state = bodoge.replay(record)
    assert state.is_over
    assert record["seed"] == 5
    assert record["meta"] == {"bots": [0, 2]}  # a review of P1 or P3 names the bot
    for line in state.summary("en"):
        assert line in out
    assert ("You win!" if state.winners == (1,) else "You did not win.") in out

    replayed = run("replay", str(saved))
    assert replayed.exit_code == 0
    assert "Record verified: it replays exactly." in replayed.stdout
    for line in state.summary("en"):
        assert line in replayed.stdout


def test_the_same_seed_plays_the_same_bots(tmp_path: Path) -> None:
    records = []
    for name in ("a.json", "b.json"):
        path = tmp_path / name
        assert (
            run(
                "play", "egyptian-bride", "--seed", "9", "--save", str(path), input=ALWAYS_FIRST
            ).exit_code
            == 0
        )
        records.append(json.loads(path.read_text(encoding="utf-8")))
    assert records[0] == records[1]


def test_play_in_japanese_with_options(tmp_path: Path) -> None:
    saved = tmp_path / "ja.json"
    result = run(
        "play",
        "egyptian-bride",
        "--lang",
        "ja",
        "-p",
        "4",
        "-o",
        "expansion=true",
        "--bots",
        "random,random",
        "--bots",
        "random",
        "--seed",
        "3",
        "--save",
        str(saved),
        input=ALWAYS_FIRST,
    )
    assert result.exit_code == 0, result.output
    assert "エジプトの花嫁 — 4人、シード 3" in result.stdout
    assert "オプション: 拡張『ルクソールの娘』: あり、最初の手番の枚数制限: なし" in result.stdout
    assert "あなたは P1 です。" in result.stdout
    assert "番号を入力（1〜" in result.stdout
    assert "── ゲーム終了 ──" in result.stdout
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record["options"] == {"expansion": True, "first_turn_limits": False}
    assert record["num_players"] == 4


def test_end_of_input_abandons_the_game_and_saves_what_was_played(tmp_path: Path) -> None:
    saved = tmp_path / "partial.json"
    result = run("play", "egyptian-bride", "--seed", "1", "--save", str(saved), input="1\n")
    assert result.exit_code == 1
    assert "End of input: the game is abandoned." in result.stderr
    assert "The unfinished game's record is saved in" in result.stderr
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert len(record["actions"]) >= 1
    assert "result" not in record
    replayed = run("replay", str(saved))
    assert replayed.exit_code == 0
    assert "The game is not over yet" in replayed.stdout


def test_quitting_exits_non_zero() -> None:
    result = run("play", "egyptian-bride", "--seed", "1", input="q\n")
    assert result.exit_code == 1
    assert "You left the game before the end." in result.stderr


def test_ctrl_c_exits_cleanly(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(prompt: str = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(builtins, "input", interrupted)
    result = run("play", "egyptian-bride", "--seed", "1")
    assert result.exit_code == 130
    assert "Interrupted: the game is abandoned." in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nope"], "error: no game 'nope'; the games are: "),
        (["egyptian-bride", "-o", "expansion=maybe"], "option 'expansion' cannot be 'maybe'"),
        (["egyptian-bride", "-o", "colour=red"], "unknown option 'colour'"),
        (["egyptian-bride", "-o", "expansion"], "--option takes name=value, not 'expansion'"),
        (["egyptian-bride", "-o", "expansion=1", "-o", "expansion=0"], "given twice"),
        (["egyptian-bride", "-p", "9"], "egyptian-bride takes 3–5 players"),
        (["egyptian-bride", "--seat", "4"], "a 3-player game has seats 1–3 (P1–P3), not 4"),
        (["egyptian-bride", "--seat", "0"], "a 3-player game has seats 1–3 (P1–P3), not 0"),
        (["cardiceo", "-p", "8", "--seat", "9"], "an 8-player game has seats 1–8 (P1–P8), not 9"),
        (["egyptian-bride", "--bots", "genius"], "bad bot spec: unknown bot 'genius'"),
        (["egyptian-bride", "--bots", "random,random,random"], "one for each; got 3"),
        (["egyptian-bride", "--seed", "-4"], "a seed must be between"),
        (["egyptian-bride", "--save", "/no/such/folder/x.json"], "does not exist"),
    ],
)
def test_bad_play_invocations_exit_2_with_a_message(args: list[str], message: str) -> None:
    result = run("play", *args, input=ALWAYS_FIRST)
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.stdout == ""


def test_option_values_are_json_literals_or_text() -> None:
    result = run("play", "egyptian-bride", "-o", "expansion=yes")
    assert result.exit_code == 2
    assert "option 'expansion' cannot be 'yes'" in result.stderr


# ---------------------------- a tiny secret game: what the person must not see


@dataclass(frozen=True, slots=True)
class Pick(Action):
    TYPE = "pick"
    number: int

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return Text("{n}を選ぶ", "Pick {n}").format(n=self.number)(lang)


class SecretPickState(State):
    """Two players pick 1–3 at the same time, in secret; the higher pick wins."""

    picks: list[int]

    def _setup(self) -> None:
        self.picks = [0] * self.num_players

    @property
    def to_act(self) -> tuple[int, ...]:
        return tuple(seat for seat, pick in enumerate(self.picks) if not pick)

    def _legal(self, seat: int) -> list[Action]:
        return [Pick(n) for n in (1, 2, 3)]

    def _play(self, seat: int, action: Action) -> Outcome:
        assert isinstance(action, Pick)
        self.picks[seat] = action.number
        public = {"picks": list(self.picks)} if all(self.picks) else {}
        return Outcome(public, secret=True)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {
            "mine": None if seat is None else self.picks[seat],
            "committed": [bool(pick) for pick in self.picks],
            "picks": list(self.picks) if self.is_over else None,
        }

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.picks) if self.is_over else (0,) * self.num_players

    @property
    def winners(self) -> tuple[int, ...]:
        if not self.is_over:
            return ()
        best = max(self.picks)
        return tuple(seat for seat, pick in enumerate(self.picks) if pick == best)


class SecretPick(Game):
    id = "cli-test-secret-pick"
    title = Text("秘密の数", "Secret pick")
    players = (2, 2)
    action_types = (Pick,)
    state_class = SecretPickState
    simultaneous = True
    hidden_information = True


@pytest.fixture
def secret_game() -> Iterator[Game]:
    game = register(SecretPick())
    yield game
    unregister(game.id)


def test_a_bots_secret_decision_is_never_shown(secret_game: Game, tmp_path: Path) -> None:
    saved = tmp_path / "secret.json"
    result = run(
        "play", secret_game.id, "--seat", "2", "--seed", "2", "--save", str(saved), input="2\n"
    )
    assert result.exit_code == 0, result.output
    record = json.loads(saved.read_text(encoding="utf-8"))
    (bot_seat, bot_pick), (my_seat, my_pick) = record["actions"]
    assert (bot_seat, my_seat, my_pick) == (0, 1, {"type": "pick", "number": 2})
    assert "P1: (a secret decision)" in result.stdout
    assert "P1: Pick" not in result.stdout
    assert "P2: Pick 2" in result.stdout  # the person's own decision is theirs to see
    before_the_end = result.stdout.split("── Game over ──")[0]
    assert '"picks": null' in before_the_end
    assert '"seat": 1' in before_the_end
    assert '"seat": 0' not in before_the_end

    spectator = run("replay", str(saved), "--step")
    assert spectator.exit_code == 0
    assert "1. P1: (a secret decision)" in spectator.stdout
    assert "2. P2: (a secret decision)" in spectator.stdout
    as_bot = run("replay", str(saved), "--step", "--seat", "1")
    assert f"1. P1: Pick {bot_pick['number']}" in as_bot.stdout
    assert "2. P2: (a secret decision)" in as_bot.stdout


# ------------- a tiny game of stepwise secret picks, then a move with no choice


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    TYPE = "reveal"

    def label(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return Text("公開する", "Reveal")(lang)


class TwoPicksState(State):
    """P1 then P2 each pick two of 1–4 in secret, one pick at a time; then each reveals."""

    picks: list[list[int]]
    revealed: list[bool]

    def _setup(self) -> None:
        self.picks = [[] for _ in range(self.num_players)]
        self.revealed = [False] * self.num_players

    @property
    def to_act(self) -> tuple[int, ...]:
        for seat, picks in enumerate(self.picks):
            if len(picks) < 2:
                return (seat,)
        for seat, revealed in enumerate(self.revealed):
            if not revealed:
                return (seat,)
        return ()

    def _legal(self, seat: int) -> list[Action]:
        if len(self.picks[seat]) < 2:
            return [Pick(n) for n in (1, 2, 3, 4) if n not in self.picks[seat]]
        return [Reveal()]

    def _play(self, seat: int, action: Action) -> Outcome | None:
        if isinstance(action, Pick):
            self.picks[seat].append(action.number)
            return Outcome(secret=True)
        self.revealed[seat] = True
        return Outcome({"picks": list(self.picks[seat])})

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"mine": None if seat is None else list(self.picks[seat])}

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(sum(picks) for picks in self.picks)

    @property
    def winners(self) -> tuple[int, ...]:
        if not self.is_over:
            return ()
        best = max(self.scores)
        return tuple(seat for seat, score in enumerate(self.scores) if score == best)


class TwoPicks(Game):
    id = "cli-test-two-picks"
    title = Text("二つの秘密", "Two picks")
    players = (2, 2)
    action_types = (Pick, Reveal)
    state_class = TwoPicksState
    hidden_information = True


@pytest.fixture
def two_picks() -> Iterator[Game]:
    game = register(TwoPicks())
    yield game
    unregister(game.id)


def test_stepwise_secret_picks_one_line_several_numbers_and_forced_moves(
    two_picks: Game, tmp_path: Path
) -> None:
    saved = tmp_path / "picks.json"
    result = run(
        "play",
        two_picks.id,
        "--seat",
        "2",
        "--seed",
        "4",
        "--save",
        str(saved),
        input="1 1\n5 1\n1 3\n",
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "P1: bot random" in out  # a game without a heuristic bot gets random ones
    assert out.count("P1: (a secret decision)") == 1  # two secret picks, one line
    assert "Choose 1–4, or several in a row like 3 7 12 (q to quit)> " in out
    assert "1 is not possible after 1 (the numbers are those of the list above)" in out
    assert "There is no choice 5" in out
    assert "P2: Pick 1\nP2: Pick 3\n" in out  # one line of input, two picks
    assert out.count("── Your turn (P2) ──") == 1  # the reveal was not asked for
    assert "P2: Reveal (your only move, played for you)" in out
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record["actions"][2:] == [
        [1, {"type": "pick", "number": 1}],
        [1, {"type": "pick", "number": 3}],
        [0, {"type": "reveal"}],
        [1, {"type": "reveal"}],
    ]
    walked = run("replay", str(saved), "--step").stdout
    assert "1–2. P1: (a secret decision)" in walked
    assert "3–4. P2: (a secret decision)" in walked
    assert "5. P1: Reveal" in walked
    assert run("replay", str(saved), "--step", "--seat", "2").stdout.count("P2: Pick") == 2


def test_several_numbers_cannot_run_past_the_end_of_a_turn(two_picks: Game) -> None:
    result = run("play", two_picks.id, "--seed", "4", input="1 2 3\n1 2\n")
    assert result.exit_code == 0, result.output
    assert "Choosing 2 ends your turn, so 3 cannot follow it; choose again." in result.stdout


def test_play_in_japanese_says_one_thing_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(prompt: str = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(builtins, "input", interrupted)
    result = run("play", "papayoo", "--seed", "3", "--lang", "ja")
    assert result.exit_code == 130
    assert "オプション: ハンド数: n、渡す相手を毎ハンドずらす: なし" in result.stdout
    assert "あなたは P1 です。" in result.stdout
    assert "席 0" not in result.stdout
    assert result.stderr.strip() == "ゲームを中断しました。"


def test_papayoo_pass_in_one_line_and_the_cards_received(tmp_path: Path) -> None:
    saved = tmp_path / "papayoo.json"
    result = run("play", "papayoo", "--seed", "3", "--save", str(saved), input="3 7 12 1 2\n6\n")
    assert result.exit_code == 1  # the input ends at the first trick
    out = result.stdout
    assert "Options: Number of hands: n; Shifting pass: off" in out
    assert "P2: bot normal" in out
    assert out.count("P2 has chosen") == 1 and out.count("P3 has chosen") == 1
    assert "(a secret decision)" not in out
    record = json.loads(saved.read_text(encoding="utf-8"))
    state = bodoge.replay(record)
    view = state.view(0)
    mine = [wire for seat, wire in record["actions"] if seat == 0]
    assert [wire["card"] for wire in mine[:5]] == ["H2", "C5", "D3", "S7", "H1"]
    assert len(view["received"]) == 5
    words = " ".join(bodoge.games.papayoo.actions.card_name(c, "en") for c in view["received"])
    assert f"You received from P3: {words}" in out


# ----------------------------------------------------------------- replay


@pytest.fixture
def record_file(tmp_path: Path) -> Path:
    game = bodoge.get_game("egyptian-bride")
    state = game.new_game(3, seed=12)
    bot = bodoge.bots.RandomBot(1)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, bot.choose(state, seat))
    path = tmp_path / "record.json"
    path.write_text(json.dumps(state.record()), encoding="utf-8")
    return path


def test_replay_shows_the_result(record_file: Path) -> None:
    record = json.loads(record_file.read_text(encoding="utf-8"))
    result = run("replay", str(record_file), "--lang", "ja")
    assert result.exit_code == 0
    assert f"エジプトの花嫁 — 3人、シード 12、{len(record['actions'])}手" in result.stdout
    for line in bodoge.replay(record).summary("ja"):
        assert line in result.stdout


def test_replay_step_walks_every_action(record_file: Path) -> None:
    record = json.loads(record_file.read_text(encoding="utf-8"))
    result = run("replay", str(record_file), "--step", "--seat", "3")
    assert result.exit_code == 0
    count = len(record["actions"])
    assert "── Start ──" in result.stdout
    assert f"\n{count}. P" in result.stdout
    assert f"\n{count + 1}. P" not in result.stdout
    assert result.stdout.count("Your hand: ") == count + 1  # seat 2's hand at every step


def tamper(path: Path, change: Any) -> Path:
    record = json.loads(path.read_text(encoding="utf-8"))
    change(record)
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda r: r["actions"].__setitem__(
                4, [r["actions"][4][0], {"type": "take_chip", "number": 99}]
            ),
            "action 4",
        ),
        (lambda r: r["actions"][3].__setitem__(0, (r["actions"][3][0] + 1) % 3), "action 3"),
        (lambda r: r["result"]["scores"].__setitem__(0, 99), "does not match the replay"),
        (lambda r: r.__setitem__("seed", 13), ""),
        (lambda r: r.__setitem__("format", "other/9"), "unsupported record format"),
        (lambda r: r.pop("actions"), "missing ['actions']"),
    ],
)
def test_a_tampered_record_is_refused(record_file: Path, change: Any, message: str) -> None:
    tamper(record_file, change)
    result = run("replay", str(record_file))
    assert result.exit_code == 1
    assert f"error: {record_file} is not a valid game record: " in result.stderr
    assert message in result.stderr
    assert result.stdout == ""


def test_a_record_error_names_the_player_as_people_see_them(record_file: Path) -> None:
    record = json.loads(record_file.read_text(encoding="utf-8"))
    actor = record["actions"][3][0]
    wrong = (actor + 1) % 3
    tamper(record_file, lambda r: r["actions"][3].__setitem__(0, wrong))
    result = run("replay", str(record_file))
    assert result.exit_code == 1
    assert f"by P{wrong + 1}: P{wrong + 1} cannot act now" in result.stderr
    assert "by seat" not in result.stderr


def test_replay_of_a_missing_file(tmp_path: Path) -> None:
    result = run("replay", str(tmp_path / "nothing.json"))
    assert result.exit_code == 2
    assert "error: no such file: " in result.stderr


def test_replay_of_a_folder(tmp_path: Path) -> None:
    result = run("replay", str(tmp_path))
    assert result.exit_code == 2
    assert "error: cannot read" in result.stderr


def test_replay_of_invalid_json(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": ', encoding="utf-8")
    result = run("replay", str(path), "--lang", "ja")
    assert result.exit_code == 1
    assert "は JSON ではありません（1行12列" in result.stderr


def test_replay_of_json_that_is_not_a_record(tmp_path: Path) -> None:
    path = tmp_path / "list.json"
    path.write_text("[1, 2]", encoding="utf-8")
    result = run("replay", str(path))
    assert result.exit_code == 1
    assert "a record is a JSON object, not list" in result.stderr


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda text: text.replace('"seed": 12', '"seed": ' + "9" * 4301), "a number of 4301"),
        (lambda text: text.replace('"num_players": 3', '"num_players": 3' + "0" * 5000), "digits"),
        (lambda text: "[" * 100_000 + "]" * 100_000, "nests deeper than"),
        (lambda text: text[:-1] + ', "meta": ' + '{"a": ' * 100_000 + "}" * 100_001, "nests"),
        (lambda text: text.replace('"seed": 12', '"seed": NaN'), "NaN is not a JSON number"),
        (lambda text: text.replace('"seed": 12', '"seed": 12.0'), "seed must be an integer"),
        (lambda text: text.replace('"seed": 12', '"seed": true'), "seed must be an integer"),
        (lambda text: text.replace("[[0, {", "[[false, {", 1), "the seat must be a number"),
        (
            lambda text: text.replace('"actions": [', '"actions": [' + "[0, {}], " * 10**5, 1),
            "at most",
        ),
        (lambda text: text.replace('"game": "egyptian-bride"', '"game": {"a": []}'), "game id"),
    ],
    ids=[
        "seed",
        "players",
        "nested",
        "nested meta",
        "NaN",
        "float",
        "bool",
        "seat",
        "long",
        "game",
    ],
)
def test_replay_of_a_hostile_record(record_file: Path, change: Any, message: str) -> None:
    """Regression: a number of more than 4,300 digits or a record nested 100,000 deep
    ended in a traceback; every malformed file gets one line and exit status 1."""
    record_file.write_text(change(record_file.read_text(encoding="utf-8")), encoding="utf-8")
    result = run("replay", str(record_file))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"error: {record_file} is not a valid game record: ")
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and len(result.stderr) < 500
    assert result.stdout == ""


def test_replay_from_standard_input(record_file: Path) -> None:
    result = run("replay", "-", input=record_file.read_text(encoding="utf-8"))
    assert result.exit_code == 0
    assert "Record verified" in result.stdout


def test_replay_with_a_seat_that_does_not_exist(record_file: Path) -> None:
    result = run("replay", str(record_file), "--seat", "4")
    assert result.exit_code == 2
    assert "a 3-player game has seats 1–3 (P1–P3), not 4" in result.stderr


# -------------------------------------------------------------------- sim


def test_sim_prints_a_table() -> None:
    result = run("sim", "egyptian-bride", "-n", "30", "--seed", "4")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Egyptian Bride: 30 games, 3 players, seed 4" in out
    # the bots that bodoge play seats too, unless told otherwise
    for word in ("Seat", "Bot", "Win rate", "Mean score", "SD", "P1", "P2", "P3", "normal"):
        assert word in out
    assert "Game length (actions): mean " in out
    assert "First-player advantage: " in out
    assert "30 games in " in out


@pytest.mark.parametrize("command", ["play", "sim", "sweep", "tune"])
def test_the_bots_help_states_the_default_and_names_each_bot_once(command: str) -> None:
    words = " ".join(run(command, "--help", env={"COLUMNS": "400"}).stdout.split())
    assert "default: normal, or random for a game without a strategy" in words
    for name in ("easy", "normal", "strong", "random"):
        assert f"{name}: " in words and f"{name}: {name}:" not in words


def test_sim_in_japanese() -> None:
    result = run("sim", "egyptian-bride", "-n", "5", "--seed", "4", "--lang", "ja")
    assert result.exit_code == 0
    assert "勝率" in result.stdout
    assert "スタートプレイヤーの有利" in result.stdout


def sim_json(*args: str) -> dict[str, Any]:
    result = run("sim", "egyptian-bride", "--json", *args)
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_sim_json_matches_the_library_and_ignores_the_worker_count() -> None:
    alone = sim_json("-n", "40", "--seed", "8", "-p", "4")
    assert sim_json("-n", "40", "--seed", "8", "-p", "4", "--workers", "2") == alone
    expected = bodoge.sim.Stats.from_results(
        bodoge.sim.run_many("egyptian-bride", 4, None, 8, ["normal"], n=40)
    )
    assert alone["stats"] == json.loads(json.dumps(expected.to_json()))
    assert alone["seed"] == 8 and alone["num_players"] == 4
    assert sim_json("-n", "40", "--seed", "9", "-p", "4") != alone


def test_sim_out_writes_one_line_per_game_the_same_for_any_worker_count(tmp_path: Path) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    first = run(
        "sim",
        "egyptian-bride",
        "-n",
        "12",
        "--seed",
        "3",
        "--out",
        str(one),
        "-o",
        "expansion=true",
        "-p",
        "5",
    )
    assert first.exit_code == 0
    assert f"Wrote 12 games to {one}." in first.stdout
    second = run(
        "sim",
        "egyptian-bride",
        "-n",
        "12",
        "--seed",
        "3",
        "--out",
        str(two),
        "-o",
        "expansion=true",
        "-p",
        "5",
        "--workers",
        "2",
    )
    assert second.exit_code == 0
    assert one.read_bytes() == two.read_bytes()
    lines = [json.loads(line) for line in one.read_text(encoding="utf-8").splitlines()]
    assert [line["index"] for line in lines] == list(range(12))
    for line in lines:
        assert line["options"] == {"expansion": True, "first_turn_limits": False}
        assert line["design"] == {"set_aside": 10, "set_aside_expansion": 20}
        assert line["ending"] == "normal" and line["base_seed"] == 3
        assert sum(sum(seat.values()) for seat in line["actions"]) == line["length"]
        assert sum(sum(phase.values()) for phase in line["phases"]) == line["length"]
        assert "record" not in line
        again = bodoge.sim.play_game(
            "egyptian-bride", 5, line["options"], line["seed"], line["bots"], design=line["design"]
        )
        assert (list(again.scores), list(again.winners)) == (line["scores"], line["winners"])


def test_games_lists_design_parameters() -> None:
    result = run("games")
    assert "Design parameters (bodoge sim --set, bodoge sweep --vary):" in result.stdout
    assert "pass_4p  Cards passed with 4 players" in result.stdout


def test_sim_records_replay_with_their_design_values(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    args = ["sim", "hoarders", "-n", "4", "--seed", "2", "-p", "4", "--set", "winning_set=4"]
    result = run(*args, "--out", str(out), "--records")
    assert result.exit_code == 0, result.output
    assert "Design parameters: winning_set=4" in result.stdout
    for line in out.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        assert row["design"] == {"winning_set": 4} == row["record"]["design"]
        state = bodoge.replay(row["record"])
        assert state.design == {"winning_set": 4}
        assert list(state.winners) == row["winners"]
        assert row["record"]["meta"] == {"bots": [0, 1, 2, 3]}  # every seat a bot's
        assert all(bodoge.review.played_by_bot(row["record"], seat) for seat in range(4))
    bad = run("sim", "hoarders", "--set", "winning_set=12")
    assert bad.exit_code == 2
    assert "design parameter 'winning_set' cannot be 12" in bad.stderr


def test_sim_rotates_seats_unless_fixed() -> None:
    rotated = sim_json("-n", "6", "--seed", "1", "--bots", "heuristic,random,random")
    assert rotated["stats"]["seats_comparable"] is True
    assert [s["bot"] for s in rotated["stats"]["seats"]] == ["heuristic/random"] * 3
    assert [(b["bot"], b["seats"]) for b in rotated["stats"]["bots"]] == [
        ("heuristic", 6),
        ("random", 12),
    ]
    fixed = sim_json("-n", "6", "--seed", "1", "--bots", "heuristic,random,random", "--fixed-seats")
    assert [s["bot"] for s in fixed["stats"]["seats"]] == ["heuristic", "random", "random"]
    assert fixed["stats"]["seats_comparable"] is False
    table = run(
        "sim", "egyptian-bride", "-n", "6", "--bots", "heuristic,random,random", "--fixed-seats"
    )
    assert "First-player advantage: not shown" in table.stdout
    assert "heuristic: wins " in table.stdout


def test_sim_resume_plays_only_the_missing_games(tmp_path: Path) -> None:
    whole, part = tmp_path / "whole.jsonl", tmp_path / "part.jsonl"
    bots = ["-b", "heuristic,random,random,random"]
    args = ["sim", "egyptian-bride", "--seed", "6", "-p", "4", *bots]
    assert run(*args, "-n", "10", "--out", str(whole)).exit_code == 0
    assert run(*args, "-n", "4", "--out", str(part)).exit_code == 0
    with part.open("ab") as file:
        file.write(b'{"game": "egyptian-bri')  # a line cut off by a hard kill
    # the seed and the player count come from the file
    resumed = run("sim", "egyptian-bride", *bots, "-n", "10", "--out", str(part), "--resume")
    assert resumed.exit_code == 0, resumed.output
    assert "Wrote 10 games" in resumed.stdout
    assert part.read_bytes() == whole.read_bytes()
    other = run("sim", "egyptian-bride", "-n", "10", "--seed", "7", "--out", str(part), "--resume")
    assert other.exit_code == 2
    assert "holds games of another run (base seed 6)" in other.stderr


def test_sim_writes_parquet_that_reads_back_like_json_lines(tmp_path: Path) -> None:
    lines, table = tmp_path / "g.jsonl", tmp_path / "g.parquet"
    args = ["sim", "papayoo", "-n", "5", "--seed", "3", "-p", "4", "-o", "hands=one"]
    assert run(*args, "--out", str(lines)).exit_code == 0
    assert run(*args, "--out", str(table)).exit_code == 0
    assert bodoge.sim.files.read_results(table) == bodoge.sim.files.read_results(lines)


def test_sim_report_and_report_command(tmp_path: Path) -> None:
    out, page = tmp_path / "g.jsonl", tmp_path / "r.html"
    result = run(
        "sim", "egyptian-bride", "-n", "20", "--seed", "2", "--out", str(out), "--report", str(page)
    )
    assert result.exit_code == 0, result.output
    html = page.read_text(encoding="utf-8")
    assert html.count("<svg") >= 4
    # self-contained: nothing is fetched (the only URLs are XML namespace names)
    urls = re.findall(r"https?://[^\"]*", html)
    assert all(url.startswith("http://www.w3.org/") for url in urls), urls
    assert "<link" not in html and "src=" not in html and "<script" not in html
    assert "Pearson&#39;s chi-square goodness of fit" in html
    again = run("report", str(out), "--lang", "ja")
    assert again.exit_code == 0, again.output
    assert "席ごとの勝率" in out.with_suffix(".html").read_text(encoding="utf-8")
    missing = run("report", str(tmp_path / "none.jsonl"))
    assert missing.exit_code == 2
    (tmp_path / "bad.jsonl").write_text('{"game": 1}\n', encoding="utf-8")
    bad = run("report", str(tmp_path / "bad.jsonl"))
    assert bad.exit_code == 1
    assert "not a row of bodoge sim --out" in bad.stderr


@pytest.mark.parametrize(
    "command",
    [
        ["sim", "hoarders", "-n", "3", "--report"],
        ["sweep", "hoarders", "-n", "3", "--vary", "winning_set=5,4", "--report"],
        ["tune", "hoarders", "--param", "winning_set=4..5", "--report"],
    ],
)
def test_a_report_without_matplotlib_is_refused_before_any_game(
    command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib fails

    def played(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("a game was played")

    monkeypatch.setattr(bodoge.sim.run, "play_game", played)  # every backend plays through it
    result = run(*command, str(tmp_path / "r.html"))
    assert result.exit_code == 2, result.output
    hint = "the report needs matplotlib; install it with: " + bodoge.sim.plots.REPORT_INSTALL
    assert hint in result.stderr
    assert not (tmp_path / "r.html").exists()


def test_every_install_hint_installs_its_extra_from_a_checkout_or_an_install() -> None:
    with (Path(__file__).parents[1] / "pyproject.toml").open("rb") as file:
        extras = tomllib.load(file)["project"]["optional-dependencies"]
    hints = {
        "sim": bodoge.sim.plots.REPORT_INSTALL,
        "parquet": bodoge.sim.files.PARQUET_INSTALL,
        "cluster": bodoge.sim.backends.RAY_INSTALL,
    }
    for extra, hint in hints.items():
        assert hint == "pip install " + " ".join(f"'{need}'" for need in extras[extra])


def test_sweep_plays_matched_pairs_and_reports_differences(tmp_path: Path) -> None:
    out, page = tmp_path / "s.jsonl", tmp_path / "s.html"
    args = ["sweep", "hoarders", "-p", "4", "-n", "12", "--seed", "5", "-b", "random"]
    result = run(*args, "--vary", "winning_set=5,4", "--out", str(out), "--report", str(page))
    assert result.exit_code == 0, result.output
    assert "2 variants × 12 games" in result.stdout
    assert "winning_set=4: game length -" in result.stdout
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [(r["index"], r["design"]["winning_set"]) for r in rows[:4]] == [
        (0, 5),
        (0, 4),
        (1, 5),
        (1, 4),
    ]
    assert all(a["seed"] == b["seed"] for a, b in zip(rows[::2], rows[1::2], strict=True))
    html = page.read_text(encoding="utf-8")
    assert 'data-testid="comparison"' in html  # 12 pairs: under the minimum, no test
    assert "too few games to say how it differs from the baseline (12 matched pairs" in html
    for bad_args, message in [
        ([], "give at least one --vary"),
        (["--vary", "goal=1,2"], "'goal' is neither an option nor a design parameter"),
        (["--vary", "winning_set=5,99"], "design parameter 'winning_set' cannot be 99"),
        (["--vary", "winning_set"], "--vary takes NAME=V1,V2"),
    ]:
        refused = run(*args, *bad_args, "--report", str(page))
        assert refused.exit_code == 2, refused.output
        assert message in refused.stderr


def test_ray_without_ray_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    real_import = builtins.__import__

    def no_ray(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "ray":
            raise ImportError("no ray here")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_ray)
    result = run("sim", "egyptian-bride", "-n", "2", "--ray", "auto")
    assert result.exit_code == 2
    assert "pip install 'ray>=2.9'" in result.stderr


def test_sim_with_a_bot_per_seat() -> None:
    data = sim_json("-n", "3", "--seed", "1", "--bots", "random,random,random")
    assert [seat["bot"] for seat in data["stats"]["seats"]] == ["random"] * 3


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-n", "0"], "-n must be at least 1, not 0"),
        (["--workers", "-1"], "--workers must be 0 (one per CPU) or more, not -1"),
        (["--bots", "random,random"], "give one bot spec for all 3 bot seats or one for each"),
        (["--bots", "smart"], "unknown bot 'smart'"),
        (["-o", "expansion=2"], "option 'expansion' cannot be 2"),
        (["-p", "2"], "takes 3–5 players"),
        (["--out", "/no/such/folder/out.jsonl"], "does not exist"),
    ],
)
def test_bad_sim_invocations_exit_2(args: list[str], message: str) -> None:
    result = run("sim", "egyptian-bride", *args)
    assert result.exit_code == 2
    assert message in result.stderr


def test_sim_of_an_unknown_game() -> None:
    result = run("sim", "chess")
    assert result.exit_code == 2
    assert "no game 'chess'" in result.stderr


def test_serve_refuses_several_workers_on_an_in_memory_database() -> None:
    result = run("serve", "--workers", "2", "--database", "sqlite://")
    assert result.exit_code == 2
    assert "in-memory SQLite" in result.output


@pytest.mark.parametrize("workers", ["1", "2"])
def test_serve_on_a_busy_port_says_so_and_creates_nothing(workers: str, tmp_path: Path) -> None:
    file = tmp_path / "b.sqlite"
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run(
            "serve", "--workers", workers, "--port", str(port), "--database", f"sqlite:///{file}"
        )
        ja = run(
            "serve",
            "--port",
            str(port),
            "--database",
            f"sqlite:///{file}",
            env={"BODOGE_LANG": "ja"},
        )
    assert result.exit_code == 1
    expected = f"error: port {port} is in use; try --port {port + 1}, or --port 0 for any free port"
    assert result.stderr.strip() == expected
    assert result.stdout == ""
    assert f"ポート {port} は使用中です。--port {port + 1} か" in ja.stderr
    assert not file.exists()


@pytest.mark.parametrize("workers", ["1", "2"])
def test_serve_on_any_free_port_says_where_and_logs_requests(workers: str, tmp_path: Path) -> None:
    file = tmp_path / "free.sqlite"
    command = [sys.executable, "-m", "bodoge.cli", "serve", "--port", "0", "--workers", workers]
    command += ["--database", f"sqlite:///{file}", "--log-requests"]
    env = {**os.environ, "BODOGE_LANG": "en"}
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env
    ) as process:
        assert process.stdout is not None
        try:
            lines = [process.stdout.readline() for _ in range(4)]
            head = lines[0].strip()
            assert head.startswith("bodoge is serving at http://127.0.0.1:"), lines
            url = head.rsplit(" ", 1)[1]
            assert not url.endswith(":0")
            assert lines[1:] == [
                f"Data is kept in the SQLite file {file}\n",
                "Requests are logged below, one per line\n",
                "Press Ctrl-C to stop\n",
            ]
            with urllib.request.urlopen(url + "/api/games", timeout=30) as answer:
                assert answer.status == 200
            assert '"GET /api/games HTTP/1.1" 200' in process.stdout.readline()
        finally:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        rest = process.stdout.read()
    assert process.returncode == 0, rest
    assert "Traceback" not in rest


# ----------------------------------------------------------------- set-up


def test_the_package_licence_is_an_spdx_expression() -> None:
    """A TOML table is deprecated by setuptools (an error from 2027-02-18)."""
    with (Path(__file__).parents[1] / "pyproject.toml").open("rb") as stream:
        project = tomllib.load(stream)
    assert project["project"]["license"] == "MIT"
    (setuptools,) = [r for r in project["build-system"]["requires"] if r.startswith("setuptools")]
    assert tuple(int(part) for part in setuptools.removeprefix("setuptools>=").split(".")) >= (77,)


def test_ctrl_c_keeps_every_finished_game(tmp_path: Path) -> None:
    from bodoge.cli import simkit
    from bodoge.cli.common import CliError

    out = tmp_path / "games.jsonl"
    played = by_index_list(bodoge.sim.run_many("egyptian-bride", 3, None, 4, n=5))

    def interrupted() -> Iterator[bodoge.sim.GameResult]:
        # games 0, 2 and 3 finish (out of order), then Ctrl-C
        yield from (played[0], played[3], played[2])
        raise KeyboardInterrupt

    order = [(index, 0) for index in range(5)]
    with pytest.raises(CliError) as caught:
        simkit.collect(interrupted(), order, out, "en", quiet=True)
    assert caught.value.code == 130
    assert "The 3 finished games are in" in caught.value.message.en
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [row["index"] for row in rows] == [0, 2, 3]


def by_index_list(results: Iterator[bodoge.sim.GameResult]) -> list[bodoge.sim.GameResult]:
    return sorted(results, key=lambda result: result.index)


def test_the_progress_bar_shows_games_per_second_on_a_terminal_only() -> None:
    import io

    from rich.console import Console

    from bodoge.cli import simkit

    screen = io.StringIO()
    terminal = Console(file=screen, force_terminal=True, width=120)
    with simkit.progress_bar("en", quiet=False, console=terminal) as progress:
        task = progress.add_task("Playing", total=10)
        for _ in range(10):
            progress.advance(task)
        progress.refresh()
    assert "games/s" in screen.getvalue() and "10/10" in screen.getvalue()
    assert simkit.progress_bar("en", quiet=True, console=terminal).disable
    piped = Console(file=io.StringIO(), force_terminal=False)
    assert simkit.progress_bar("en", quiet=False, console=piped).disable


def test_replay_step_walks_a_game_played_with_other_design_values(tmp_path: Path) -> None:
    result = bodoge.sim.play_game(
        "hoarders", 3, None, 4, ["heuristic"], design={"winning_set": 4}, keep_record=True
    )
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps(result.record), encoding="utf-8")
    replayed = run("replay", str(saved), "--step")
    assert replayed.exit_code == 0, replayed.output
    assert "Record verified" in replayed.stdout
    final = bodoge.replay(result.record)
    assert final.game.describe_view(final.view(None), "en") in replayed.stdout


def test_sim_resume_rewrites_a_parquet_file_with_its_old_games_first(tmp_path: Path) -> None:
    whole, part = tmp_path / "whole.parquet", tmp_path / "part.parquet"
    args = ["sim", "hoarders", "--seed", "3", "-p", "3"]
    assert run(*args, "-n", "6", "--out", str(whole)).exit_code == 0
    assert run(*args, "-n", "2", "--out", str(part)).exit_code == 0
    resumed = run(*args, "-n", "6", "--out", str(part), "--resume")
    assert resumed.exit_code == 0, resumed.output
    assert not (tmp_path / "part.parquet.partial").exists()
    read = bodoge.sim.files.read_results
    assert read(part) == read(whole)


def test_replay_explains_a_tie_break_and_names_the_players(tmp_path: Path) -> None:
    """Seed 0 at four with the expansion, random moves: P1 and P4 tie on 4 points."""
    state = bodoge.get_game("egyptian-bride").new_game(4, seed=0, options={"expansion": True})
    rng = random.Random(0)
    while not state.is_over:
        (seat,) = state.to_act
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    path = tmp_path / "tie.json"
    path.write_text(json.dumps(state.record()), encoding="utf-8")
    english = run("replay", str(path)).stdout
    assert "Winners: P4\nP1, P4 tie on 4 points: P4 married the highest number (18) and wins." in (
        english
    )
    assert "P1, P4が4点で同点。最も大きい数字（18）と結婚したP4の勝ち。" in (
        run("replay", str(path), "--lang", "ja").stdout
    )
    names = ["Alice", "Bob", "Bot 3", "Dan"]
    path.write_text(json.dumps({**state.record(), "players": names}), encoding="utf-8")
    assert "Alice, Dan tie on 4 points: Dan married the highest number (18)" in (
        run("replay", str(path)).stdout
    )


def test_play_names_tarot_storia_places_by_the_cards_around_them() -> None:
    """`bodoge play` lists a game's moves as the game describes them in context (Tarot
    Storia: "Place 3 below 12", not "column 1 at height 2"); end of input ends the game."""
    result = run("play", "tarot-storia", "--seed", "2", "--players", "1", input="1\n2\n")
    out = result.stdout
    assert "as the first card" in out
    assert re.search(r"Place \d+ (below|above|left of|right of) \d+", out)
    assert "at height" not in out and "in column" not in out
