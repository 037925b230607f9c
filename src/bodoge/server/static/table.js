// Live table: one WebSocket, server-rendered HTML for this seat, clicks send actions.
// No framework and no build step: the server renders every view; this script only
// swaps it in, keeps the page's own state (open panels, scroll) and sends clicks.
"use strict";
(function () {
  const game = document.getElementById("game");
  if (!game) return;
  const table = game.dataset.table;
  const lang = game.dataset.lang || "en";
  const banner = document.getElementById("connection");
  const errorBox = document.getElementById("error");
  const baseTitle = document.title;
  let socket = null;
  let version = Number(game.dataset.version);
  let legal = [];
  // The version this page last acted on, until a state shows that action taken
  // (its "answered" is past it) or an error refuses it; meanwhile the page
  // shows other seats' moves but lets nobody click on a view without that action.
  let awaiting = null;
  // Reconnect soon and keep trying every second at most: the "Connection lost" banner goes
  // as soon as the server is back (a doubling wait kept it up to 8 s after).
  const RETRY_FIRST = 250;
  const RETRY_MOST = 1000;
  let retry = RETRY_FIRST;
  let reconnectTimer = null;
  let errorTimer = null;
  let pinger = null;
  // Set once the table says this page may no longer see it: nothing to reconnect to.
  let shutOut = false;

  // ------------------------------------------------------------ the socket

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(`${scheme}//${location.host}/t/${table}/ws?html=1&lang=${lang}`);
    socket.onopen = () => {
      retry = RETRY_FIRST;
      if (banner) banner.hidden = true;
      clearInterval(pinger);
      pinger = setInterval(() => send({ type: "ping" }), 25000);
    };
    socket.onmessage = (event) => handle(JSON.parse(event.data));
    socket.onclose = () => {
      clearInterval(pinger);
      if (shutOut) return;
      if (banner) banner.hidden = false;
      awaiting = null;
      game.classList.remove("pending");
      reconnectSoon(retry);
      retry = Math.min(retry * 2, RETRY_MOST);
    };
  }

  function reconnectSoon(delay) {
    clearTimeout(reconnectTimer);
    reconnectTimer = setTimeout(connect, delay);
  }

  // Back online, or back to a hidden tab: try at once rather than at the next retry.
  function retryNow() {
    if (socket && socket.readyState === WebSocket.CLOSED && !shutOut) reconnectSoon(0);
  }
  window.addEventListener("online", retryNow);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) retryNow(); });

  function send(message) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  // ------------------------------------------------------------ rendering

  function keptState() {
    const open = {};
    game.querySelectorAll("details[data-keep]").forEach((d) => { open[d.dataset.keep] = d.open; });
    return open;
  }

  function restoreState(open) {
    game.querySelectorAll("details[data-keep]").forEach((d) => {
      const key = d.dataset.keep;
      if (key in open) d.open = open[key];
      else {
        const saved = localStorage.getItem(`bodoge.open.${key}`);
        if (saved !== null) d.open = saved === "1";
      }
    });
  }

  const motion = window.bodogeMotion;
  let first = true;

  function handle(message) {
    if (message.type === "state") {
      const open = keptState();
      const wasMine = game.querySelector(".game-root.my-turn") !== null;
      const moved = !first && message.log.length > 0 && message.version !== version;
      const before = moved && motion ? motion.snapshot(game) : null;
      first = false;
      version = message.version;
      legal = message.legal;
      game.dataset.version = String(version);
      game.dataset.status = message.status;
      game.innerHTML = message.html;
      const taken = message.answered > awaiting || message.status !== "playing";
      if (awaiting !== null && taken) awaiting = null;
      if (awaiting === null) game.classList.remove("pending");
      else disableActions();
      restoreState(open);
      if (before) motion.play(before, game);
      showRoom(message.room, message.sent_at, message.status);
      const mine = game.querySelector(".game-root.my-turn") !== null;
      document.title = mine ? `● ${game.dataset.yourTurn} — ${baseTitle}` : baseTitle;
      if (mine && !wasMine && document.hidden && navigator.vibrate) navigator.vibrate(80);
      updateInvites(message.status);
      refreshHostPanel(message.status);
      clearError();
    } else if (message.type === "chat") {
      message.lines.forEach(addChat);
    } else if (message.type === "notice") {
      if (message.code === "seat_lost") seatLost(message);
      else sightLost(message);
    } else if (message.type === "error") {
      showError(message);
      awaiting = null;
      game.classList.remove("pending");
      game.querySelectorAll("[data-act]").forEach((el) => { el.disabled = false; });
    }
  }

  // The host's controls differ before and during the game: fetch them afresh
  // (the server renders them) when the table's status has changed.
  function refreshHostPanel(status) {
    const panel = document.getElementById("host-panel");
    if (!panel || panel.dataset.status === status || panel.dataset.loading) return;
    panel.dataset.loading = "1";
    fetch(location.pathname, { credentials: "same-origin" })
      .then((response) => response.text())
      .then((html) => {
        const fresh = new DOMParser().parseFromString(html, "text/html").getElementById("host-panel");
        if (fresh) panel.replaceWith(fresh);
        else panel.remove();
      })
      .catch(() => { delete panel.dataset.loading; });
  }

  function updateInvites(status) {
    const box = document.querySelector("[data-testid=invites]");
    if (!box) return;
    if (status !== "waiting") { box.remove(); return; }
    box.querySelectorAll("[data-invite-seat]").forEach((row) => {
      const filled = game.querySelector(`[data-seat-filled="${row.dataset.inviteSeat}"]`);
      row.classList.toggle("used", filled !== null);
    });
  }

  const errorWords = JSON.parse(game.dataset.errors || "{}");

  function showError(message) {
    if (!errorBox) return;
    // The player's language for known refusals; the server's own words in the tooltip.
    errorBox.textContent = errorWords[message.code] || errorWords.other || message.message;
    errorBox.title = message.message;
    errorBox.dataset.code = message.code;
    clearTimeout(errorTimer);
    errorTimer = setTimeout(clearError, 6000);
  }

  function clearError() {
    if (errorBox) { errorBox.textContent = ""; delete errorBox.dataset.code; }
  }

  // ------------------------------------------------------------ the room: seats, clocks

  const roomBox = document.getElementById("room");
  const roomWords = roomBox ? JSON.parse(roomBox.dataset.words || "{}") : {};
  let mySeat = game.dataset.seat === "" ? null : Number(game.dataset.seat);
  let skew = 0; // server time minus this browser's time, in seconds

  function showRoom(room, sentAt, status) {
    if (!roomBox || !room) return;
    skew = sentAt - Date.now() / 1000;
    room.seats.forEach((s) => {
      const li = roomBox.querySelector(`.room-seat[data-seat="${s.seat}"]`);
      if (!li) return;
      li.querySelector(".room-name").textContent = s.name;
      li.querySelector(".room-who").textContent = s.by_bot ? roomWords.by_bot : (s.kind === "bot" ? roomWords.bot : "");
      li.classList.toggle("by-bot", s.by_bot);
      const away = li.querySelector(".room-away");
      if (away) {
        away.hidden = !s.away;
        li.classList.toggle("away", !!s.away);
        if (s.away && s.away.stand_in_at !== null) away.dataset.deadline = String(s.away.stand_in_at);
        else delete away.dataset.deadline;
        if (!s.away) away.textContent = "";
      }
      const clock = li.querySelector(".room-clock");
      li.classList.toggle("ticking", !!(s.clock && s.clock.ticking));
      if (s.clock) {
        clock.dataset.left = String(s.clock.left);
        clock.dataset.deadline = s.clock.deadline === null ? "" : String(s.clock.deadline);
      } else {
        delete clock.dataset.left;
        delete clock.dataset.deadline;
      }
    });
    tick();
    const takeBox = roomBox.querySelector("[data-testid=take-seat-box]");
    if (takeBox) {
      const mine = mySeat === null ? null : room.seats[mySeat];
      takeBox.hidden = !(mine && mine.by_bot && status === "playing");
      showStandIn(!takeBox.hidden);
    }
    const ended = roomBox.querySelector("[data-testid=ended]");
    if (ended) {
      ended.hidden = status !== "cancelled" && status !== "abandoned";
      if (!ended.hidden) ended.textContent = ended.dataset[status];
    }
    const next = roomBox.querySelector("[data-testid=next-box]");
    if (next) next.hidden = !room.next;
    showChatState(room, status);
  }

  // The chat box: disabled and explained while the host mutes this seat; gone once
  // the table is cancelled (it takes no more lines) or the seat went to someone else.
  function showChatState(room, status) {
    const form = document.querySelector("[data-testid=chat-form]");
    if (!form) return;
    const mine = mySeat === null ? null : room.seats[mySeat];
    form.hidden = !mine || status === "cancelled";
    const muted = !!(mine && mine.muted);
    form.querySelectorAll("input, button").forEach((el) => { el.disabled = muted; });
    const note = form.querySelector("[data-testid=chat-muted]");
    if (note) note.hidden = !muted;
  }

  // The host gave this seat to someone else: from now on this page only watches.
  // The seat went to someone else, and this page may still watch: it says so, and
  // "You are ..." gives way to "Watching".
  function seatLost(message) {
    const who = document.querySelector("[data-testid=who]");
    if (who) {
      const tag = document.createElement("span");
      tag.className = "tag";
      tag.textContent = who.dataset.spectating;
      who.replaceChildren(tag);
    }
    mySeat = null;
    game.dataset.seat = "";
    legal = [];
    const box = document.querySelector("[data-testid=seat-lost]");
    if (box) { box.textContent = message.message; box.hidden = false; }
    const form = document.querySelector("[data-testid=chat-form]");
    if (form) form.hidden = true;
    const spectator = document.querySelector("[data-testid=chat-spectator]");
    if (spectator) spectator.hidden = false;
    const takeBox = document.querySelector("[data-testid=take-seat-box]");
    if (takeBox) takeBox.hidden = true;
  }

  // This page may no longer see the table (its seat was revoked at a private table, or
  // the table was made private): the server closes the socket; the page keeps nothing
  // of the table but the notice, and does not reconnect.
  function sightLost(message) {
    shutOut = true;
    clearTimeout(reconnectTimer);
    const box = document.querySelector("[data-testid=seat-lost]");
    if (box) { box.textContent = message.message; box.hidden = false; }
    legal = [];
    mySeat = null;
    game.replaceChildren();
    game.hidden = true; // no empty panel under the notice
    ["who", "room", "chat", "host-panel", "invites", "watch-box"].forEach((id) => {
      document.querySelectorAll(`[data-testid=${id}]`).forEach((el) => el.remove());
    });
  }

  // While a bot stands in for this seat the board does not say "Your turn": its turn
  // banner says that a bot is playing the seat, and the page is not at "my turn" (title).
  // A click still plays (and takes the seat back), as "Play my seat again" does.
  function showStandIn(standing) {
    game.classList.toggle("stand-in", standing);
    if (!standing) return;
    game.querySelectorAll(".game-root.my-turn").forEach((root) => root.classList.remove("my-turn"));
    game.querySelectorAll(".turn.mine").forEach((turn) => {
      turn.classList.remove("mine");
      turn.classList.add("by-bot");
      turn.dataset.mine = "false";
      const main = turn.querySelector(".turn-main");
      if (main) main.textContent = roomWords.you_by_bot;
      turn.querySelectorAll(".turn-detail").forEach((detail) => { detail.hidden = true; });
    });
  }

  function clockText(seconds) {
    const s = Math.max(0, Math.ceil(seconds));
    if (s >= 86400) return `${Math.floor(s / 86400)}d ${Math.floor((s % 86400) / 3600)}h`;
    if (s >= 3600) return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  }

  function tick() {
    if (!roomBox) return;
    const now = Date.now() / 1000 + skew;
    roomBox.querySelectorAll(".room-clock[data-left]").forEach((clock) => {
      const deadline = clock.dataset.deadline;
      const left = deadline ? Number(deadline) - now : Number(clock.dataset.left);
      clock.textContent = clockText(left);
      clock.classList.toggle("low", !!deadline && left < 10);
    });
    // A disconnected seat: the time left before a bot stands in, if the table has a grace period.
    roomBox.querySelectorAll(".room-away:not([hidden])").forEach((away) => {
      const deadline = away.dataset.deadline;
      const left = deadline ? Number(deadline) - now : 0;
      away.textContent = !deadline ? roomWords.away
        : left > 0 ? roomWords.away_grace.replace("{time}", clockText(left)) : roomWords.away_next;
    });
  }
  setInterval(tick, 250);

  const takeButton = document.querySelector("[data-testid=take-seat]");
  if (takeButton) takeButton.addEventListener("click", () => send({ type: "take_seat" }));

  // ------------------------------------------------------------ chat

  const chatLines = document.querySelector("[data-testid=chat-lines]");
  const chatForm = document.querySelector("[data-testid=chat-form]");

  function addChat(line) {
    if (!chatLines || chatLines.querySelector(`li[data-n="${line.n}"]`)) return;
    const li = document.createElement("li");
    li.dataset.n = String(line.n);
    li.style.setProperty("--seat-hue", String((line.seat * 137) % 360));
    const who = document.createElement("span");
    who.className = "who";
    who.textContent = `${line.name}:`;
    const text = document.createElement("span");
    text.className = "chat-text";
    text.textContent = line.text; // text, never markup
    li.append(who, " ", text);
    chatLines.append(li);
    chatLines.scrollTop = chatLines.scrollHeight;
  }

  if (chatForm) {
    chatForm.addEventListener("submit", (event) => {
      event.preventDefault();
      const input = chatForm.querySelector("input[name=text]");
      const text = input.value.trim();
      if (!text) return;
      if (send({ type: "chat", text: text })) input.value = "";
    });
  }

  // ------------------------------------------------------------ clicks

  game.addEventListener("click", (event) => {
    const target = event.target.closest("[data-act]");
    if (!target || target.disabled) return;
    const index = Number(target.dataset.act);
    if (!(index >= 0 && index < legal.length)) return;
    if (!send({ type: "act", version: version, action: legal[index].action })) return;
    awaiting = version;
    game.classList.add("pending");
    disableActions();
  });

  function disableActions() {
    game.querySelectorAll("[data-act]").forEach((el) => { el.disabled = true; });
  }

  game.addEventListener("toggle", (event) => {
    const details = event.target;
    if (details.dataset && details.dataset.keep) {
      localStorage.setItem(`bodoge.open.${details.dataset.keep}`, details.open ? "1" : "0");
    }
  }, true);

  // ------------------------------------------------------------ invites

  document.querySelectorAll("button[data-copy]").forEach((button) => {
    const label = button.textContent;
    button.addEventListener("click", async () => {
      const input = document.querySelector(button.dataset.copy);
      if (!input) return;
      input.select();
      let done = false;
      try {
        if (navigator.clipboard && window.isSecureContext) {
          await navigator.clipboard.writeText(input.value);
          done = true;
        }
      } catch (_) { done = false; }
      if (!done) {
        try { done = document.execCommand("copy"); } catch (_) { done = false; }
      }
      button.textContent = done ? button.dataset.done : label;
      button.classList.toggle("done", done);
      setTimeout(() => { button.textContent = label; button.classList.remove("done"); }, 2000);
    });
  });
  document.querySelectorAll("input.invite").forEach((input) => {
    input.addEventListener("focus", () => input.select());
  });

  restoreState({});
  const takeBoxAtLoad = document.querySelector("[data-testid=take-seat-box]");
  showStandIn(!!takeBoxAtLoad && !takeBoxAtLoad.hidden && game.dataset.status === "playing");
  updateInvites(game.dataset.status);
  connect();
})();
