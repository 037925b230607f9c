// Replay: step through a finished game as any seat or as a spectator.
// Each step's view is rendered by the server (/t/<id>/replay/<step>?seat=<n>).
"use strict";
(function () {
  const controls = document.querySelector(".replay-controls");
  const game = document.getElementById("game");
  if (!controls || !game) return;
  const table = controls.dataset.table;
  const total = Number(controls.dataset.total);
  const label = controls.querySelector("[data-testid=step]");
  const scrubber = controls.querySelector(".scrubber");
  const seatSelect = document.getElementById("replay-seat");
  const buttons = {};
  controls.querySelectorAll("[data-step]").forEach((b) => { buttons[b.dataset.step] = b; });
  let step = 0;
  let asked = 0;

  function fromHash() {
    const params = new URLSearchParams(location.hash.slice(1));
    const wanted = Number(params.get("step"));
    if (Number.isInteger(wanted) && wanted >= 0 && wanted <= total) step = wanted;
    const seat = params.get("seat");
    if (seat !== null && seatSelect.querySelector(`option[value="${seat}"]`)) seatSelect.value = seat;
  }

  async function show() {
    const seat = seatSelect.value;
    const query = seat === "" ? "" : `?seat=${encodeURIComponent(seat)}`;
    const ticket = ++asked;
    label.textContent = label.dataset.template.replace("{step}", String(step));
    scrubber.value = String(step);
    buttons.first.disabled = buttons.back.disabled = step === 0;
    buttons.forward.disabled = buttons.last.disabled = step === total;
    history.replaceState(null, "", `#step=${step}${seat === "" ? "" : `&seat=${seat}`}`);
    game.classList.add("pending");
    const response = await fetch(`/t/${table}/replay/${step}${query}`);
    const html = await response.text();
    if (ticket !== asked) return; // a later step was asked for meanwhile
    game.innerHTML = html;
    game.dataset.step = String(step);
    showChat();
    game.classList.remove("pending");
  }

  // Each chat line appears at the step it was written at (its game version).
  const chat = document.querySelector("[data-testid=replay-chat]");
  const stops = chat ? JSON.parse(chat.dataset.stops || "[]") : [];
  function showChat() {
    if (!chat) return;
    const upto = stops[step] === undefined ? Infinity : stops[step];
    chat.querySelectorAll("li[data-version]").forEach((li) => {
      li.hidden = Number(li.dataset.version) > upto;
    });
  }

  function go(to) {
    step = Math.max(0, Math.min(total, to));
    show();
  }

  controls.addEventListener("click", (event) => {
    const button = event.target.closest("[data-step]");
    if (!button) return;
    const move = button.dataset.step;
    go(move === "first" ? 0 : move === "last" ? total : move === "back" ? step - 1 : step + 1);
  });
  scrubber.addEventListener("input", () => go(Number(scrubber.value)));
  seatSelect.addEventListener("change", show);
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select, textarea")) return;
    if (event.key === "ArrowRight") go(step + 1);
    if (event.key === "ArrowLeft") go(step - 1);
    if (event.key === "Home") go(0);
    if (event.key === "End") go(total);
  });
  fromHash();
  show();
  reviews(go, seatSelect, controls.dataset.lang || document.documentElement.lang || "en");
})();

// A review of one seat's decisions: asked for, followed while it runs, then drawn
// (every seat's curve, the seat's decisions on the timeline); a decision clicked
// shows that step as the reviewed seat saw it, and what the search thought of it.
function reviews(go, seatSelect, lang) {
  const panel = document.querySelector("[data-testid=review]");
  if (!panel) return;
  const table = panel.dataset.table;
  const words = JSON.parse(panel.dataset.words);
  const seatOf = panel.querySelector("#review-seat");
  const ask = panel.querySelector("[data-testid=review-ask]");
  const status = panel.querySelector("[data-testid=review-status]");
  const figure = panel.querySelector("[data-testid=review-curve]");
  const plot = figure.querySelector(".review-plot");
  const said = panel.querySelector("[data-testid=review-said]");
  const timeline = document.querySelector("[data-testid=review-timeline]");
  const total = Number(document.querySelector(".replay-controls").dataset.total) || 1;
  const SVG = "http://www.w3.org/2000/svg";
  let watching = 0;

  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, (_, key) => String(values[key] ?? ""));
  }

  function clear() {
    figure.hidden = true;
    timeline.hidden = true;
    timeline.replaceChildren();
    plot.replaceChildren();
    said.textContent = "";
  }

  async function follow(seat, ticket) {
    while (ticket === watching) {
      const answer = await fetch(`/t/${table}/reviews/${seat}`);
      if (ticket !== watching) return;
      const body = await answer.json();
      if (!answer.ok) {
        status.textContent = body.error.message;
        return;
      }
      if (body.status === "none") return; // never asked for
      if (body.status === "done") {
        // a partial review, or a game with no move, says so instead
        const note = body.review.note ? body.review.note[lang] || body.review.note.en : "";
        status.textContent = note || words.done;
        draw(body.review);
        return;
      }
      if (body.status === "failed") {
        status.textContent = fill(words.failed, { error: body.error || "" });
        return;
      }
      const running = body.total ? fill(words.running, body) : words.started;
      status.textContent = body.status === "queued" ? words.queued : running;
      status.dataset.done = String(body.done);
      await new Promise((resolve) => setTimeout(resolve, 600));
    }
  }

  function jump(review, judgement, mark) {
    seatSelect.value = String(review.seat); // the seat's own view: never another's cards
    go(judgement.replay_step);
    said.textContent = judgement.said[lang] || judgement.said.en;
    said.dataset.step = String(judgement.replay_step);
    timeline.querySelectorAll(".current").forEach((m) => m.classList.remove("current"));
    if (mark) mark.classList.add("current");
  }

  // Each seat's name in its line's colour (the reviewed seat's in bold).
  function legend(review) {
    const names = document.createElement("p");
    names.className = "review-legend small";
    review.curves.forEach((_, seat) => {
      const name = document.createElement(seat === review.seat ? "strong" : "span");
      name.textContent = `━ ${seatOf.options[seat] ? seatOf.options[seat].textContent : seat + 1} `;
      name.style.color = `hsl(${(seat * 137) % 360} 60% 42%)`;
      names.append(name);
    });
    return names;
  }

  function draw(review) {
    clear();
    const width = 600, height = 200, actions = Math.max(1, review.actions);
    const x = (step) => (step / actions) * width;
    const y = (value) => height - value * height;
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", `-8 -8 ${width + 16} ${height + 16}`);
    svg.setAttribute("role", "img");
    const frame = document.createElementNS(SVG, "rect");
    Object.entries({ x: 0, y: 0, width, height, fill: "none", stroke: "#bbb" })
      .forEach(([k, v]) => frame.setAttribute(k, v));
    svg.append(frame);
    // faint lines where chance (a draw, a roll) moved the reviewed seat's prospect
    (review.curves[review.seat] || []).filter((p) => p.cause.includes("chance")).forEach((p) => {
      const line = document.createElementNS(SVG, "line");
      Object.entries({ x1: x(p.step), x2: x(p.step), y1: 0, y2: height, stroke: "#999" })
        .forEach(([k, v]) => line.setAttribute(k, v));
      line.setAttribute("stroke-opacity", "0.2");
      line.classList.add("chance");
      svg.append(line);
    });
    review.curves.forEach((curve, seat) => {
      const line = document.createElementNS(SVG, "polyline");
      line.setAttribute("points", curve.map((p) => `${x(p.step)},${y(p.mean)}`).join(" "));
      line.setAttribute("fill", "none");
      line.setAttribute("stroke", `hsl(${(seat * 137) % 360} 60% 42%)`);
      line.setAttribute("stroke-width", seat === review.seat ? "3" : "1.2");
      line.dataset.seat = String(seat);
      svg.append(line);
    });
    review.judgements.forEach((judgement) => {
      const mark = document.createElement("button");
      mark.type = "button";
      mark.className = "review-mark";
      mark.setAttribute("data-testid", "review-mark");
      mark.dataset.mark = judgement.mark || "";
      mark.title = judgement.said[lang] || judgement.said.en;
      mark.style.left = `${(judgement.replay_step / total) * 100}%`;
      mark.addEventListener("click", () => jump(review, judgement, mark));
      timeline.append(mark);
      const dot = document.createElementNS(SVG, "circle");
      dot.setAttribute("cx", x(judgement.step));
      dot.setAttribute("cy", y(judgement.played_value.mean));
      dot.setAttribute("r", judgement.mark ? "6" : "3");
      dot.setAttribute("fill", judgement.mark ? "#c00000" : "#888");
      const title = document.createElementNS(SVG, "title");
      title.textContent = mark.title;
      dot.append(title);
      dot.addEventListener("click", () => jump(review, judgement, mark));
      svg.append(dot);
    });
    plot.append(svg, legend(review));
    figure.hidden = review.curves.length === 0;
    timeline.hidden = false;
  }

  async function request() {
    const seat = seatOf.value;
    const ticket = ++watching;
    clear();
    ask.disabled = true;
    try {
      const answer = await fetch(`/t/${table}/reviews`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ seat: Number(seat) }),
      });
      const body = await answer.json();
      if (!answer.ok) {
        status.textContent = body.error.message;
        return;
      }
      await follow(seat, ticket);
    } finally {
      ask.disabled = false;
    }
  }

  ask.addEventListener("click", request);
  seatOf.addEventListener("change", () => {
    clear();
    status.textContent = "";
    follow(seatOf.value, ++watching); // a review asked for earlier shows at once
  });
  follow(seatOf.value, ++watching);
}
