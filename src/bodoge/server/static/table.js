// Live table: one WebSocket, server-rendered HTML for this seat, clicks send actions.
"use strict";
(function () {
  const game = document.getElementById("game");
  if (!game) return;
  const table = game.dataset.table;
  const lang = game.dataset.lang || "en";
  const banner = document.getElementById("connection");
  let socket = null;
  let version = null;
  let legal = [];
  let retry = 500;

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(`${scheme}//${location.host}/t/${table}/ws?html=1&lang=${lang}`);
    socket.onopen = () => { retry = 500; if (banner) banner.hidden = true; };
    socket.onmessage = (event) => handle(JSON.parse(event.data));
    socket.onclose = () => {
      if (banner) banner.hidden = false;
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    };
  }

  function handle(message) {
    if (message.type === "state") {
      version = message.version;
      legal = message.legal;
      game.dataset.version = String(version);
      game.innerHTML = message.html;
      if (message.status === "over" && !document.querySelector("[data-testid=replay-link]")) {
        const link = document.createElement("a");
        link.href = `/t/${table}/replay`;
        link.dataset.testid = "replay-link";
        link.className = "replay-link";
        link.textContent = lang === "ja" ? "リプレイを見る" : "Watch the replay";
        game.after(link);
      }
      if (message.status !== "waiting") {
        const invites = document.querySelector("[data-testid=invites]");
        if (invites) invites.remove();
      }
    } else if (message.type === "error") {
      showError(message);
    }
  }

  function showError(message) {
    let box = document.getElementById("error");
    if (!box) {
      box = document.createElement("p");
      box.id = "error";
      box.className = "error-box";
      box.dataset.testid = "error";
      game.before(box);
    }
    box.textContent = message.message;
    box.dataset.code = message.code;
    setTimeout(() => { box.textContent = ""; }, 5000);
  }

  game.addEventListener("click", (event) => {
    const target = event.target.closest("[data-act]");
    if (!target || !socket || socket.readyState !== WebSocket.OPEN) return;
    const index = Number(target.dataset.act);
    if (!(index >= 0 && index < legal.length)) return;
    socket.send(JSON.stringify({ type: "act", version: version, action: legal[index].action }));
    game.querySelectorAll("[data-act]").forEach((el) => { el.disabled = true; });
  });

  document.querySelectorAll("input.invite").forEach((input) => {
    input.addEventListener("focus", () => input.select());
  });
  connect();
})();
