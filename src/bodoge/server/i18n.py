"""Every word the web pages show, in Japanese and English.

The language comes from the ``lang`` cookie (set by the visible switch),
else from the browser's ``Accept-Language``, else English.
"""

from __future__ import annotations

from starlette.requests import HTTPConnection

from bodoge.engine import LANGS, Text

LANG_COOKIE = "bodoge_lang"

WORDS: dict[str, Text] = {
    # the frame of every page
    "site": Text("ボドゲ", "bodoge"),
    "tagline": Text(
        "小さなボードゲームを友だちやボットと", "Small tabletop games with friends and bots"
    ),
    "language_label": Text("表示言語", "Language"),
    "home": Text("ロビーへ", "Back to the lobby"),
    "error": Text("エラー", "Error"),
    "not_found": Text("見つかりません", "Not found"),
    "not_allowed": Text("この卓は見られません", "You may not see this table"),
    "not_allowed_detail": Text(
        "非公開の卓は、参加者と卓を立てた人、観戦リンクを受け取った人だけが見られます。",
        "A private table is seen only by its players, its host and those given its watch link.",
    ),
    "on": Text("あり", "on"),
    "off": Text("なし", "off"),
    # the lobby
    "lobby_title": Text("卓を立てて、すぐに遊ぼう", "Set up a table and play"),
    "lobby_intro": Text(
        "ゲームを選び、席ごとに「招待する人」か「ボット」を決めて卓を作ります。"
        "招待リンクを友だちに送れば、ブラウザだけで一緒に遊べます。",
        "Pick a game, choose a person or a bot for each seat and create the table. "
        "Send the invite links to your friends: all anyone needs is a browser.",
    ),
    "games": Text("ゲーム", "Games"),
    "players": Text("{low}〜{high}人", "{low}–{high} players"),
    "new_table": Text("卓を作る", "Create a table"),
    "create": Text("卓を作る", "Create the table"),
    "options": Text("オプション", "Options"),
    "option_default": Text("標準", "Default"),
    "seats": Text("席", "Seats"),
    "seat": Text("席{n}", "Seat {n}"),
    "num_seats": Text("人数", "Number of players"),
    "you": Text("あなた", "you"),
    "your_name": Text("あなたの名前", "Your name"),
    "name_placeholder": Text("例: はなこ", "e.g. Alex"),
    "name_help": Text(
        "入力すると席1に座ります。空欄なら観戦しながら全員を招待できます。",
        "With a name you sit at seat 1; leave it empty to invite everyone and watch.",
    ),
    "you_or_person": Text("あなた（または招待する人）", "You (or a person you invite)"),
    "person": Text("招待する人", "A person (invite)"),
    "bot": Text("ボット", "bot"),
    "bot_name": Text("ボット{n}", "Bot {n}"),
    "bot_easy": Text(
        "ボット: やさしい（定石どおり、ときどき劣る手も）",
        "Bot: easy (rules of thumb, now and then a worse move)",
    ),
    "bot_normal": Text(
        "ボット: ふつう（定石、同じくらい良い手から選ぶ）",
        "Bot: normal (rules of thumb, varies among equal moves)",
    ),
    "bot_strong": Text(
        "ボット: つよい（1手1秒ほどの探索）", "Bot: strong (searches about 1 s a move)"
    ),
    "bot_random": Text("ボット: でたらめ（試し用）", "Bot: random moves (for trying out)"),
    "open_tables": Text("参加者募集中の卓", "Tables waiting for players"),
    "no_tables": Text("ありません", "None right now"),
    "watch": Text("観戦する", "Watch"),
    "your_tables": Text("あなたの卓", "Your tables"),
    "no_own_tables": Text(
        "このブラウザで作った卓や参加した卓がここに出ます。",
        "Tables you made or joined in this browser show here.",
    ),
    "own_tables_order": Text(
        "新しい順に{n}卓ずつ表示します。",
        "Most recent first, {n} at a time.",
    ),
    "older_tables": Text("前の卓をもっと見る", "Older tables"),
    "newer_tables": Text("新しい卓に戻る", "Newer tables"),
    "status_waiting": Text("参加者待ち", "waiting"),
    "status_playing": Text("対戦中", "playing"),
    "status_over": Text("終了", "over"),
    "status_cancelled": Text("取りやめ", "cancelled"),
    "status_abandoned": Text("途中終了", "ended"),
    "replay": Text("リプレイ", "Replay"),
    "cannot_create": Text(
        "この設定では卓を作れません（人数とオプションを確かめてください）",
        "This table cannot be created (check the number of players and the options)",
    ),
    "bad_seat_count": Text("人数を選んでください", "Please choose the number of players"),
    # the lobby's form refused: what to change, in words (server/forms.py)
    "form_bad_choice": Text(
        "「{option}」は次から選んでください: {allowed}",
        "Please choose '{option}' among: {allowed}",
    ),
    "form_bad_number": Text(
        "「{option}」には{low}〜{high}の数を入れてください",
        "Please enter a number from {low} to {high} for '{option}'",
    ),
    "form_clash": Text(
        "これらのオプションは一緒には選べません: {options}。どれかを変えてください。",
        "These options cannot be played together: {options}. Please change one of them.",
    ),
    "form_players": Text(
        "この設定の{game}は{low}〜{high}人で遊びます。人数を選び直してください。",
        "With these options {game} takes {low} to {high} players: "
        "please choose a number of players in that range.",
    ),
    "form_players_one": Text(
        "この設定の{game}は{low}人で遊びます。人数を{low}人にしてください。",
        "With these options {game} takes exactly {low} players: please choose {low}.",
    ),
    "form_unknown_game": Text(
        "このゲームは見つかりません。ロビーで選び直してください。",
        "There is no such game: please choose one in the lobby.",
    ),
    "form_bad_bot": Text(
        "選べないボットがあります。席ごとのボットをロビーの一覧から選び直してください。",
        "A bot was not one the lobby offers: please choose each seat's bot from its list.",
    ),
    "form_bad_clock": Text(
        "持ち時間はロビーの一覧から選んでください。",
        "Please choose the clock from the lobby's list.",
    ),
    "form_not_host": Text(
        "卓を作った人（ホスト）だけができる操作です。", "Only the table's host can do this."
    ),
    "form_wrong_status": Text(
        "その間に卓の状態が変わりました。ページを読み込み直してください。",
        "The table has changed meanwhile: please reload its page.",
    ),
    "form_other": Text(
        "できませんでした。ページを読み込み直して、もう一度お試しください。",
        "That could not be done: please reload the page and try again.",
    ),
    "form_too_many_tables": Text(
        "短い間に卓を作りすぎました。1分ほど待ってからもう一度どうぞ。",
        "You have created many tables in a short time: please wait a minute and try again.",
    ),
    "form_too_many_waiting": Text(
        "参加者を待っている卓が多すぎます。どれかを始めるか中止してから作ってください。",
        "You have too many tables waiting for players: start or cancel one of them first.",
    ),
    # teams (United Square's seats 1 & 3 against 2 & 4): the lobby, the waiting room, the table
    "team_n": Text("チーム{n}", "Team {n}"),
    "team_and": Text("と", " & "),
    "team_versus": Text(" 対 ", " against "),
    "team_with": Text("味方: {names}", "partner: {names}"),
    # the waiting room and invitations
    "waiting": Text("参加者を待っています", "Waiting for players"),
    "waiting_detail": Text(
        "空席あと{n}。全員がそろうとゲームが始まります。",
        "{n} seats still open. The game starts as soon as everyone has joined.",
        one="{n} seat still open. The game starts as soon as everyone has joined.",
    ),
    "open_seat": Text("空席", "open"),
    "joined": Text("参加済み", "joined"),
    "invited": Text("招待中", "invited"),
    "open": Text("空席", "open"),
    "invite_links": Text("招待リンク", "Invite links"),
    "invite_help": Text(
        "それぞれの席に一人ずつ、リンクを送ってください。リンクを開いて名前を入れると参加できます。",
        "Send each link to one person: they open it, enter a name and take that seat.",
    ),
    "watch_link": Text("観戦リンク", "Watch link"),
    "new_watch_link": Text("取り消して新しいリンクにする", "Withdraw this link (new link)"),
    "watch_help": Text(
        "このリンクを開いた人は誰でも、この卓と対局後のリプレイを観戦できます。",
        "Anyone who opens this link may watch this table and replay its game afterwards.",
    ),
    "copy": Text("コピー", "Copy"),
    "copied": Text("コピーしました", "Copied"),
    "join": Text("参加する", "Join"),
    "join_title": Text("{game} の卓に参加", "Join a table of {game}"),
    "name_required": Text(
        "名前を入力してください（1〜40文字、見える文字・数字・記号を含めて）",
        "Please enter a name (1–40 characters, with a visible letter, digit or symbol)",
    ),
    "name_taken": Text(
        "この卓にはもう同じ名前（またはそっくりな名前）の人がいます。別の名前にしてください。",
        "Someone at this table already has that name, or one that looks the same: "
        "please choose another.",
    ),
    "table_full": Text(
        "この卓はもう全員そろっています。観戦はできます。",
        "Every seat at this table is taken; you can still watch.",
    ),
    "invite_used": Text(
        "この招待リンクの席はもう埋まっているか、リンクが正しくありません。観戦はできます。",
        "The seat of this invitation is already taken, or the link is not valid; "
        "you can still watch.",
    ),
    "seat_taken": Text(
        "この招待は使用済みか、無効です", "This invitation has been used or is not valid"
    ),
    "invite_closed_title": Text("この招待では参加できません", "This invitation opens no seat"),
    "invite_closed": Text(
        "この招待リンクは使用済みか、取り消されたか、正しくありません。"
        "招待した人に新しいリンクを頼んでください。",
        "This invitation link has been used, withdrawn, or is not valid. "
        "Ask whoever invited you for a new one.",
    ),
    # the table
    "spectating": Text("観戦中", "Watching"),
    "you_are": Text("あなたは {name} です", "You are {name}"),
    "your_turn": Text("あなたの番です", "Your turn"),
    "waiting_for": Text("{names} の番です", "Waiting for {names}"),
    "turn_of": Text("{names} の番です", "{names} to play"),
    "turn_tag": Text("手番", "to play"),
    "game_over": Text("ゲーム終了", "Game over"),
    "actions": Text("できること", "Your options"),
    "actions_index": Text(
        "できることの一覧（{n}件・キーボードや読み上げ用）",
        "Your options as a list ({n}; for keyboards and screen readers)",
    ),
    "log": Text("ログ", "Log"),
    "log_empty": Text("まだ誰も動いていません", "Nothing has happened yet"),
    "secret_action": Text("（非公開の選択）", "(a secret choice)"),
    "has_chosen": Text("選び終えました", "has chosen"),
    "rules": Text("ルールの要点", "Rules summary"),
    "connection_lost": Text(
        "接続が切れました。再接続しています…", "Connection lost; reconnecting…"
    ),
    "provisional": Text("原作のルールにない取り決め", "Our own rulings"),
    "provisional_help": Text(
        "原作のルールが決めていないところを、このアプリでは次のように遊びます。"
        "原作の答えが分かれば差し替えます。",
        "Where the original rules say nothing, this table plays as follows, "
        "until the original answer is known.",
    ),
    "winners": Text("勝者", "Winners"),
    "scores": Text("得点", "Scores"),
    "watch_replay": Text("リプレイを見る", "Watch the replay"),
    "play_again": Text("新しい卓を作る", "Set up a new table"),
    "err_table_ended": Text("この卓は終了しました。", "This table has ended."),
    "err_time_out": Text(
        "この手の持ち時間は切れました。ボットが打ったあとで席に戻れます。",
        "Your time for this move ran out: take your seat back after the bot's move.",
    ),
    "err_table_cancelled": Text(
        "この卓はホストが取りやめました。", "The host cancelled this table."
    ),
    "err_too_fast": Text("少し待ってから送ってください。", "Please wait a moment before sending."),
    "err_muted": Text("チャットが止められています。", "You are muted at this table."),
    "err_bad_chat": Text("メッセージは1〜300文字です。", "A message has 1 to 300 characters."),
    "err_stale_version": Text(
        "卓の状況が変わりました。もう一度選んでください。",
        "The table moved on in the meantime; please choose again.",
    ),
    "err_wrong_seat": Text("今はあなたの番ではありません。", "It is not your turn."),
    "err_game_over": Text("ゲームは終わっています。", "The game is over."),
    "err_not_started": Text(
        "まだ全員がそろっていません。", "The table is still waiting for players."
    ),
    "err_illegal_action": Text("その手は今はできません。", "That move is not allowed now."),
    "err_other": Text(
        "うまくいきませんでした。もう一度試してください。", "That did not work; please try again."
    ),
    # replays
    "download": Text("記録をダウンロード（JSON）", "Download the record (JSON)"),
    "first": Text("最初", "First"),
    "back": Text("戻る", "Back"),
    "forward": Text("進む", "Forward"),
    "last": Text("最後", "Last"),
    "view_as": Text("視点", "View as"),
    "spectator": Text("観戦者", "Spectator"),
    "step": Text("{step} / {total} 手目", "Step {step} of {total}"),
    "step_slider": Text("手順", "Step"),
    "back_to_table": Text("卓に戻る", "Back to the table"),
    "replay_keys": Text(
        "キーボードの ← → でも1手ずつ動かせます。", "The ← and → keys step back and forward too."
    ),
    "replay_not_ready": Text(
        "リプレイはゲームが終わると見られます", "The replay is available when the game is over"
    ),
    "bad_step": Text("手順は 0〜{total} です", "The step must be between 0 and {total}"),
    "bad_seat": Text("席{n}はありません", "There is no seat {n}"),
    # clocks, seats played by bots
    "clock": Text("持ち時間", "Clock"),
    "clock_none": Text("なし（時間制限なし）", "None (no time limit)"),
    "clock_move30": Text("1手30秒", "30 seconds a move"),
    "clock_move120": Text("1手2分", "2 minutes a move"),
    "clock_move1d": Text("1手1日（ゆっくり対戦）", "1 day a move (slow game)"),
    "clock_bank5": Text("持ち時間5分＋1手10秒", "5 minutes + 10 s a move"),
    "clock_bank15": Text("持ち時間15分＋1手15秒", "15 minutes + 15 s a move"),
    "clock_move": Text("1手{s}", "{s} a move"),
    "clock_bank": Text("持ち時間{s}＋1手{i}", "{s} + {i} a move"),
    "clock_help": Text(
        "時間切れの席は、本人が戻るまでボットが代わりに打ちます。",
        "When a player's time runs out, a bot plays their seat until they come back.",
    ),
    "grace": Text("接続が切れたら", "When a player disconnects"),
    "grace_none": Text("待ち続ける", "Wait for them"),
    "grace_60": Text("1分後にボットが代打ち", "A bot plays after 1 minute"),
    "grace_120": Text("2分後にボットが代打ち", "A bot plays after 2 minutes"),
    "grace_600": Text("10分後にボットが代打ち", "A bot plays after 10 minutes"),
    "stand_in": Text("代打ちのボット", "Bot that stands in"),
    "who_watches": Text("非公開の卓の観戦", "Who may watch a private table"),
    "watch_players": Text("参加者だけ", "Its players only"),
    "watch_by_link": Text(
        "観戦リンクを持つ人なら誰でも（リンクは卓の画面に出ます）",
        "Anyone with the watch link (shown on the table's page)",
    ),
    "listed": Text(
        "公開卓にする（ロビーから誰でも参加できます）",
        "Open table (anyone may join from the lobby)",
    ),
    "by_bot": Text("ボットが代打ち中", "a bot plays for now"),
    "away": Text("切断中", "disconnected"),
    "away_grace": Text(
        "切断中・あと{time}でボットが代打ち", "disconnected · a bot stands in after {time}"
    ),
    "away_next": Text(
        "切断中・次の手番からボットが代打ち", "disconnected · a bot plays its next turn"
    ),
    "take_seat": Text("自分で打つ（席に戻る）", "Play my seat again"),
    "you_by_bot": Text(
        "いまはボットがあなたの代わりに打っています。",
        "A bot is playing your seat for now.",
    ),
    "seconds_left": Text("残り", "left"),
    "seat_lost": Text(
        "ホストがあなたの席を別の人に渡しました。観戦だけできます。",
        "The host gave your seat to someone else. You can still watch.",
    ),
    "seat_open": Text(
        "ホストがあなたの招待を取り消したので、席は空席に戻りました。観戦だけできます。",
        "The host withdrew your invitation: your seat is open again. You can still watch.",
    ),
    "seat_to_bot": Text(
        "ホストがあなたの席をボットの席にしました。観戦だけできます。",
        "The host gave your seat to a bot. You can still watch.",
    ),
    "seat_gone": Text(
        "この卓にはもうあなたの席がありません。",
        "You no longer have a seat at this table.",
    ),
    "watch_withdrawn": Text(
        "ホストがこの観戦リンクを取り消しました。観戦はできません。",
        "The host withdrew this watch link: you can no longer watch this table.",
    ),
    "sight_lost": Text(
        "この卓は非公開になりました。観戦はできません。",
        "This table is now private: you can no longer watch it.",
    ),
    # the host
    "host_panel": Text("ホストの操作", "Host controls"),
    "make_bot": Text("ボットにする", "Make it a bot"),
    "make_person": Text("人の席にする", "Make it a person's seat"),
    "revoke": Text("招待を取り消して新しいリンク", "Revoke the invite (new link)"),
    "cancel_table": Text("卓を取りやめる", "Cancel the table"),
    "hand_to_bot": Text("ボットに任せる", "Hand to a bot"),
    "end_table": Text("卓を終了する（勝者なし）", "End the table (no winner)"),
    "mute": Text("チャットを止める", "Mute"),
    "unmute": Text("チャットを許す", "Unmute"),
    "open_it": Text("公開する", "Open it to everyone"),
    "close_it": Text("非公開にする", "Make it private"),
    "cancelled": Text("この卓はホストが取りやめました。", "The host cancelled this table."),
    "abandoned": Text(
        "ホストがこの卓を終了しました（勝者なし）。", "The host ended this table (no winner)."
    ),
    # rematch
    "rematch": Text("同じメンバーでもう一度", "Play again (same players)"),
    "to_rematch": Text("次の対戦へ", "Go to the rematch"),
    # chat
    "chat": Text("チャット", "Chat"),
    "chat_placeholder": Text("メッセージ", "Message"),
    "send": Text("送る", "Send"),
    "chat_spectator": Text(
        "観戦中はチャットを読むだけです。", "Spectators read the chat; players write."
    ),
    "chat_muted": Text("ホストがあなたのチャットを止めています。", "The host has muted you."),
    "chat_empty": Text("まだメッセージはありません", "No messages yet"),
    # lobby lists
    "sit": Text("参加する", "Join"),
    "free_seats": Text("空席{n}", "{n} free"),
    "turn_waited": Text("{names} の番（{time}）", "{names} to play ({time})"),
    "moved_ago": Text("最後の手から{time}", "Last move {time} ago"),
    "won_by": Text("勝者: {names}", "Won by {names}"),
    "no_winner": Text("勝者なし", "No winner"),
    "ago_s": Text("{n}秒", "{n} s"),
    "ago_m": Text("{n}分", "{n} min"),
    "ago_h": Text("{n}時間", "{n} h"),
    "ago_d": Text("{n}日", "{n} d"),
}


def word(key: str, lang: str, **values: object) -> str:
    text = WORDS[key]
    return (text.format(**values) if values else text)(lang)


ERROR_CODES = (
    "stale_version",
    "wrong_seat",
    "game_over",
    "not_started",
    "illegal_action",
    "table_ended",
    "too_fast",
    "muted",
    "bad_chat",
    "time_out",
    "table_cancelled",
)
"""Refusals the table page explains in the player's language (the rest: ``err_other``)."""


def error_words(lang: str) -> dict[str, str]:
    """What the table page says for each refusal code, in ``lang``."""
    words = {code: word(f"err_{code}", lang) for code in ERROR_CODES}
    words["other"] = word("err_other", lang)
    return words


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
