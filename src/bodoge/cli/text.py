"""Every word the ``bodoge`` command says, in Japanese and English."""

from __future__ import annotations

from ..engine import Text

# ------------------------------------------------------------------ general

ERROR = Text("エラー: {message}", "error: {message}")
VERSION = Text("bodoge {version}", "bodoge {version}")
BAD_LANG_ENV = Text(
    "環境変数 BODOGE_LANG の値「{value}」は使えません（ja か en）",
    "BODOGE_LANG={value!r} is not a language; use ja or en",
)
UNKNOWN_GAME = Text(
    "ゲーム「{game}」はありません。ゲーム一覧: {known}",
    "no game {game!r}; the games are: {known}",
)
INVALID_OPTIONS = Text("ゲームの設定が正しくありません: {detail}", "invalid game set-up: {detail}")
BAD_BOT_SPEC = Text("ボットの指定が正しくありません: {detail}", "bad bot spec: {detail}")
OPTION_FORMAT = Text(
    "--option は 名前=値 の形で指定してください（「{given}」は使えません）",
    "--option takes name=value, not {given!r}",
)
OPTION_TWICE = Text("オプション「{name}」が2回指定されています", "option {name!r} is given twice")
BAD_SEAT = Text(
    "{n}人のゲームの席は 1〜{n}（P1〜P{n}）です（{seat} は使えません）",
    "a {n}-player game has seats 1–{n} (P1–P{n}), not {seat}",
)
FLAG_TAKES_NO_VALUE = Text(
    "{flag} は値を取りません。有効にするなら {flag} とだけ書き、無効なら省いてください"
    "（{flag} {value} ではなく）",
    "{flag} takes no value: write {flag} alone to turn it on, leave it out to keep it off "
    "(not {flag} {value})",
)
CANNOT_WRITE = Text("{file} に書き込めません: {reason}", "cannot write {file}: {reason}")
NO_FOLDER = Text("フォルダ {folder} がありません", "the folder {folder} does not exist")
KNOWN_BOTS = Text("ボット一覧: ", "Known bots: ")
BOT_DEFAULT = Text(
    "（レベルは easy・normal・strong。省略時は normal、ゲームの戦略がなければ random）。",
    "(levels: easy, normal, strong; default: normal, or random for a game without a strategy).",
)
SEAT_BOT = Text("{name}: ボット {spec}", "{name}: bot {spec}")
SECRET_MOVE = Text("{name}: （秘密の選択）", "{name}: (a secret decision)")
CHOSEN_MOVE = Text("{name}: 選び終えました", "{name} has chosen")
MOVE = Text("{name}: {label}", "{name}: {label}")
FORCED_MOVE = Text(
    "{name}: {label}（選べる手はこれだけなので自動で指しました）",
    "{name}: {label} (your only move, played for you)",
)
HEADER = Text("{title} — {n}人、シード {seed}", "{title} — {n} players, seed {seed}")
OPTIONS_LINE = Text("オプション: {options}", "Options: {options}")
OPTION_WORDS = Text("{title}: {value}", "{title}: {value}")
OPTION_SEPARATOR = Text("、", "; ")
NO_OPTION_VALUES = Text("なし", "none")
ON = Text("あり", "on")
OFF = Text("なし", "off")

# -------------------------------------------------------------------- games

PLAYERS = Text("{low}〜{high}人", "{low}–{high} players")
PLAYERS_VARY = Text("（オプションにより{low}〜{high}人）", " ({low}–{high} with other options)")
FEATURES = {
    "hidden_information": Text("秘密情報あり", "hidden information"),
    "simultaneous": Text("同時の選択あり", "simultaneous decisions"),
    "cooperative": Text("協力ゲーム", "cooperative"),
    "teams": Text("チーム戦", "teams"),
}
COL_OPTION = Text("オプション", "Options")
COL_TYPE = Text("型", "type")
COL_DEFAULT = Text("初期値", "default")
COL_ALLOWED = Text("指定できる値", "allowed")
TYPE_NAMES = {
    "bool": Text("真偽値", "true/false"),
    "int": Text("整数", "integer"),
    "str": Text("文字列", "text"),
}
INT_RANGE = Text("整数 {low}〜{high}", "integers {low}–{high}")
ANY_TEXT = Text("任意の文字列", "any text")
NO_OPTIONS = Text("オプションなし", "No options")
PROVISIONAL = Text("暫定データ（原典にない値）", "Provisional data (not in the sources)")
NO_PROVISIONAL = Text("暫定データ: なし", "Provisional data: none")

# --------------------------------------------------------------------- play

YOU_ARE = Text("あなたは {name} です。", "You are {name}.")
YOUR_TURN = Text("── {name}（あなた）の番 ──", "── Your turn ({name}) ──")
PROMPT = Text("番号を入力（1〜{k}、q で終了）> ", "Choose 1–{k} (q to quit)> ")
PROMPT_SEVERAL = Text(
    "番号を入力（1〜{k}、続けて選ぶなら 3 7 12 のように複数可、q で終了）> ",
    "Choose 1–{k}, or several in a row like 3 7 12 (q to quit)> ",
)
NOT_IN_A_ROW = Text(
    "{before} を選ぶと手番が終わるので、続けて {number} は選べません。選び直してください。",
    "Choosing {before} ends your turn, so {number} cannot follow it; choose again.",
)
NOT_AFTER = Text(
    "{before} の後に {number} は選べません（番号は上の一覧のものです）。選び直してください。",
    "{number} is not possible after {before} (the numbers are those of the list above); "
    "choose again.",
)
EMPTY_ENTRY = Text("番号を入力してください（1〜{k}）。", "Please enter a number from 1 to {k}.")
NOT_A_NUMBER = Text(
    "「{entry}」は番号ではありません。1〜{k} の番号を入力してください。",
    "{entry!r} is not a number; enter a number from 1 to {k}.",
)
OUT_OF_RANGE = Text(
    "{number} は選べません。1〜{k} の番号を入力してください。",
    "There is no choice {number}; enter a number from 1 to {k}.",
)
END_OF_INPUT = Text(
    "入力が終わったので、ゲームを中断しました。", "End of input: the game is abandoned."
)
INTERRUPTED = Text("ゲームを中断しました。", "Interrupted: the game is abandoned.")
QUIT = Text("ゲームを途中で終了しました。", "You left the game before the end.")
GAME_OVER = Text("── ゲーム終了 ──", "── Game over ──")
YOU_WIN = Text("あなたの勝ちです！", "You win!")
YOU_SHARE = Text("あなたは勝ちを分け合いました。", "You share the win.")
YOU_LOSE = Text("あなたの負けです。", "You did not win.")
SAVED = Text(
    "記録を {file} に保存しました（bodoge replay {file} で再生）。",
    "Record saved to {file} (replay it with: bodoge replay {file}).",
)
SAVED_UNFINISHED = Text(
    "途中までの記録を {file} に保存しました。", "The unfinished game's record is saved in {file}."
)

# ---------------------------------------------------------------------- sim

BAD_COUNT = Text("-n は 1 以上の整数です（{n}）", "-n must be at least 1, not {n}")
BAD_WORKERS = Text(
    "--workers は 0（CPU の数）以上です（{workers}）",
    "--workers must be 0 (one per CPU) or more, not {workers}",
)
PLAYING = Text("対戦中", "Playing")
SIM_TITLE = Text(
    "{title}: {games}ゲーム、{n}人、シード {seed}",
    "{title}: {games} games, {n} players, seed {seed}",
)
COL_SEAT = Text("席", "Seat")
COL_BOT = Text("ボット", "Bot")
COL_WIN_RATE = Text("勝率", "Win rate")
COL_MEAN = Text("平均得点", "Mean score")
COL_SD = Text("標準偏差", "SD")
COL_RANGE = Text("最低〜最高", "Min–max")
LENGTH = Text(
    "ゲームの長さ（アクション数）: 平均 {mean:.1f}、最短 {low}、最長 {high}",
    "Game length (actions): mean {mean:.1f}, min {low}, max {high}",
)
ADVANTAGE = Text(
    "スタートプレイヤーの有利: {adv:+.1f} %ポイント（P1 の勝率 − 全席の平均勝率）",
    "First-player advantage: {adv:+.1f} percentage points (P1's win rate − the mean win rate)",
)
SHARED = Text(
    "勝ちを分け合ったゲーム: {shared}（勝者で等分）、勝者なし: {none}"
    "（うち安全のための上限で打ち切り: {stopped}）",
    "Games with a shared win: {shared} (split evenly), with no winner: {none} "
    "(of which stopped at a safety limit: {stopped})",
)
TIMING = Text(
    "{games}ゲーム、{seconds:.1f}秒（{rate:.0f}ゲーム/秒、{workers}プロセス）",
    "{games} games in {seconds:.1f}s ({rate:.0f} games/s, {workers} worker(s))",
)
WROTE = Text("{games}ゲームの結果を {file} に書きました。", "Wrote {games} games to {file}.")
SIM_INTERRUPTED = Text("中断しました。", "Interrupted.")
TOO_LONG = Text("終わらないゲームがありました: {detail}", "a game did not end: {detail}")

# ------------------------------------------------------------------- replay

NO_FILE = Text("ファイル {file} がありません", "no such file: {file}")
CANNOT_READ = Text("{file} を読めません: {reason}", "cannot read {file}: {reason}")
NOT_JSON = Text(
    "{file} は JSON ではありません（{line}行{column}列: {reason}）",
    "{file} is not valid JSON (line {line}, column {column}: {reason})",
)
INVALID_RECORD = Text(
    "{file} は正しいゲーム記録ではありません: {detail}",
    "{file} is not a valid game record: {detail}",
)
REPLAY_HEADER = Text(
    "{title} — {n}人、シード {seed}、{k}手",
    "{title} — {n} players, seed {seed}, {k} actions",
)
VERIFIED = Text("記録を検証しました: 正確に再生できます。", "Record verified: it replays exactly.")
START = Text("── 開始 ──", "── Start ──")
STEP = Text("{index}. {name}: {label}", "{index}. {name}: {label}")
SECRET_STEP = Text("{index}. {name}: （秘密の選択）", "{index}. {name}: (a secret decision)")
SECRET_STEPS = Text(
    "{first}〜{last}. {name}: （秘密の選択）", "{first}–{last}. {name}: (a secret decision)"
)
CHOSEN_STEP = Text("{index}. {name}: 選び終えました", "{index}. {name} has chosen")
NOT_OVER = Text(
    "このゲームはまだ終わっていません（{k}手まで）。", "The game is not over yet ({k} actions)."
)
VIEW_OF = Text("{name} から見た盤面:", "As {name} sees it:")
SPECTATOR_VIEW = Text("観戦者から見た盤面:", "As a spectator sees it:")
