"""The ``bodoge`` command, driven in process with Typer's CliRunner."""

from __future__ import annotations

import builtins
import json
import socket
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
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


@pytest.mark.parametrize("command", [[], ["games"], ["play"], ["sim"], ["replay"]])
def test_help_everywhere(command: list[str]) -> None:
    result = run(*command, "--help")
    assert result.exit_code == 0
    assert "Usage" in result.stdout


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
        "1",
        "--save",
        str(saved),
        input=BAD_ENTRIES + ALWAYS_FIRST,
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Egyptian Bride — 3 players, seed 5" in out
    assert "You are P2 (seat 1)." in out
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
    assert "オプション: expansion=true, first_turn_limits=false" in result.stdout
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
        (["egyptian-bride", "--seat", "3"], "a 3-player game has seats 0–2, not 3"),
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

    def label(self, lang: str = "en") -> str:
        return Text("{n}を選ぶ", "Pick {n}").format(n=self.number)(lang)


class SecretPickState(State):
    """Two players pick 1–3 at the same time, in secret; the higher pick wins."""

    _copied = ("picks",)

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
        "play", secret_game.id, "--seat", "1", "--seed", "2", "--save", str(saved), input="2\n"
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
    as_bot = run("replay", str(saved), "--step", "--seat", "0")
    assert f"1. P1: Pick {bot_pick['number']}" in as_bot.stdout
    assert "2. P2: (a secret decision)" in as_bot.stdout


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
    result = run("replay", str(record_file), "--step", "--seat", "2")
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
    result = run("replay", str(record_file), "--seat", "3")
    assert result.exit_code == 2
    assert "a 3-player game has seats 0–2, not 3" in result.stderr


# -------------------------------------------------------------------- sim


def test_sim_prints_a_table() -> None:
    result = run("sim", "egyptian-bride", "-n", "30", "--seed", "4")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Egyptian Bride: 30 games, 3 players, seed 4" in out
    for word in ("Seat", "Bot", "Win rate", "Mean score", "SD", "P1", "P2", "P3", "random"):
        assert word in out
    assert "Game length (actions): mean " in out
    assert "First-player advantage: " in out
    assert "30 games in " in out


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
        bodoge.sim.run_many("egyptian-bride", 4, None, 8, n=40)
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
        assert {"seed", "scores", "winners", "actions", "record"} <= set(line)
        state = bodoge.replay(line["record"])
        assert list(state.scores) == line["scores"]
        assert list(state.winners) == line["winners"]
        assert state.version == line["actions"]
        assert state.options == {"expansion": True, "first_turn_limits": False}


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


def test_serve_with_workers_says_when_its_port_is_taken(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        database = f"sqlite:///{tmp_path / 'b.sqlite'}"
        result = run("serve", "--workers", "2", "--port", port, "--database", database)
    assert result.exit_code == 1
    assert f"cannot listen at http://127.0.0.1:{port}" in result.output
