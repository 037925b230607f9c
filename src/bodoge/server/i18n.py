"""Every word the web pages show, in Japanese and English.

The language comes from the ``lang`` cookie (set by the visible switch),
else from the browser's ``Accept-Language``, else English.
"""

from __future__ import annotations

from starlette.requests import HTTPConnection

from bodoge.engine import LANGS, Text

LANG_COOKIE = "bodoge_lang"

WORDS: dict[str, Text] = {
    "site": Text("ボドゲ", "bodoge"),
    "tagline": Text(
        "小さなボードゲームを友だちやボットと", "Small tabletop games with friends and bots"
    ),
    "games": Text("ゲーム", "Games"),
    "players": Text("{low}〜{high}人", "{low}–{high} players"),
    "new_table": Text("卓を作る", "Create a table"),
    "create": Text("作成", "Create"),
    "options": Text("オプション", "Options"),
    "seats": Text("席", "Seats"),
    "seat": Text("席 {n}", "Seat {n}"),
    "num_seats": Text("人数", "Number of seats"),
    "you": Text("あなた", "You"),
    "your_name": Text("あなたの名前", "Your name"),
    "person": Text("招待する人", "A person (invite)"),
    "bot": Text("ボット", "Bot"),
    "open_tables": Text("参加者募集中の卓", "Tables waiting for players"),
    "live_tables": Text("対戦中の卓", "Games in progress"),
    "finished_tables": Text("終わった卓", "Finished games"),
    "no_tables": Text("ありません", "None right now"),
    "watch": Text("観戦", "Watch"),
    "replay": Text("リプレイ", "Replay"),
    "open": Text("空席", "open"),
    "waiting": Text("参加者を待っています", "Waiting for players"),
    "invite_links": Text("招待リンク（それぞれの席に一人ずつ）", "Invite links (one per seat)"),
    "copy": Text("コピー", "Copy"),
    "join": Text("参加する", "Join"),
    "join_title": Text("{game} の卓に参加", "Join a table of {game}"),
    "name_required": Text(
        "名前を入力してください（1〜40文字）", "Please enter a name (1–40 characters)"
    ),
    "seat_taken": Text(
        "この招待は使用済みか、無効です", "This invitation has been used or is not valid"
    ),
    "spectating": Text("観戦中", "Watching"),
    "you_are": Text("あなたは {name} です", "You are {name}"),
    "your_turn": Text("あなたの番です", "Your turn"),
    "waiting_for": Text("{names} の番です", "Waiting for {names}"),
    "game_over": Text("ゲーム終了", "Game over"),
    "actions": Text("できること", "Your options"),
    "log": Text("ログ", "Log"),
    "rules": Text("ルールの要点", "Rules summary"),
    "download": Text("記録をダウンロード（JSON）", "Download the record (JSON)"),
    "first": Text("最初", "First"),
    "back": Text("戻る", "Back"),
    "forward": Text("進む", "Forward"),
    "last": Text("最後", "Last"),
    "view_as": Text("視点", "View as"),
    "spectator": Text("観戦者", "Spectator"),
    "step": Text("手順 {step} / {total}", "Step {step} of {total}"),
    "not_found": Text("見つかりません", "Not found"),
    "connection_lost": Text(
        "接続が切れました。再接続しています…", "Connection lost; reconnecting…"
    ),
    "language": Text("English", "日本語"),
    "home": Text("ロビー", "Lobby"),
    "provisional": Text("暫定データ", "Provisional data"),
    "winners": Text("勝者", "Winners"),
    "scores": Text("得点", "Scores"),
    "error": Text("エラー", "Error"),
}


def word(key: str, lang: str, **values: object) -> str:
    text = WORDS[key]
    return (text.format(**values) if values else text)(lang)


def request_lang(connection: HTTPConnection) -> str:
    """The visitor's language: the switch's cookie, else the browser's preference."""
    chosen = connection.query_params.get("lang") or connection.cookies.get(LANG_COOKIE)
    if chosen in LANGS:
        return chosen
    header = connection.headers.get("accept-language", "")
    for part in header.split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGS:
            return code
    return "en"
