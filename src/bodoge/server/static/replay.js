// Replay: step through a finished game as any seat or as a spectator.
// Each step's view is rendered by the server (/t/<id>/replay/<step>?seat=<n>).
"use strict";
// A review of one seat's decisions: asked for, followed while it runs, then drawn
// (every seat's curve, the seat's decisions on the timeline); a decision clicked
// shows that step as the reviewed seat saw it, and what the search thought of it.
// The curve and the timeline share one scale, the replay's steps: position k is the
// board after k steps, and the decision taken there is step k + 1.
const SEVERITY = { blunder: 3, mistake: 2, inaccuracy: 1 };
const MIN_MARK = 14; // px from one mark's centre to the next at least: none covers another
const MAX_MARK = 22; // px, a mark's widest
const SVG = "http://www.w3.org/2000/svg";

function svgNode(name, attributes, parent) {
  const node = document.createElementNS(SVG, name);
  Object.entries(attributes).forEach(([k, v]) => node.setAttribute(k, String(v)));
  if (parent) parent.append(node);
  return node;
}

// The replay position (steps done) after `actions` actions: the last stop at or before it.
function positionOf(stops, actions) {
  let k = 0;
  while (k + 1 < stops.length && stops[k + 1] <= actions) k += 1;
  return k;
}

// Decisions grouped by the step they choose, most serious first: one mark per step.
function byStep(judgements) {
  const steps = new Map();
  judgements.forEach((j) => {
    const step = j.replay_step + 1;
    if (!steps.has(step)) steps.set(step, []);
    steps.get(step).push(j);
  });
  steps.forEach((list) => list.sort((a, b) => (SEVERITY[b.mark] || 0) - (SEVERITY[a.mark] || 0)));
  return [...steps.entries()].sort((a, b) => a[0] - b[0]);
}

// Whether the judge left a decision unsure (a field reviews may carry).
function unsure(judgement) {
  return judgement.unsure === true || judgement.sure === false;
}

// Round tick spacing giving at most `most` ticks over `span` steps.
function tickEvery(span, most) {
  for (const base of [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000]) {
    if (span / base <= most) return base;
  }
  return Math.ceil(span / most);
}

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
  const scroller = figure.querySelector(".review-scroll");
  const axisY = figure.querySelector("[data-testid=review-axis-y]");
  const said = panel.querySelector("[data-testid=review-said]");
  const before = panel.querySelector("[data-testid=review-before]");
  const timeline = panel.querySelector("[data-testid=review-timeline]");
  const more = panel.querySelector("[data-testid=review-more]");
  const controls = document.querySelector(".replay-controls");
  const total = Math.max(1, Number(controls.dataset.total) || 1);
  const stops = JSON.parse(controls.dataset.stops || "[0]");
  let watching = 0;

  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, (_, key) => String(values[key] ?? ""));
  }

  function nameOf(seat) {
    const option = seatOf.querySelector(`option[value="${seat}"]`);
    return option ? option.textContent : String(Number(seat) + 1);
  }

  // The button names whose play it reviews; with no seat chosen it asks for one.
  function labelAsk() {
    const option = seatOf.selectedOptions[0];
    ask.disabled = !option || option.value === "";
    ask.textContent = ask.disabled ? words.choose : option.dataset.ask;
  }

  function clear() {
    figure.hidden = true;
    timeline.hidden = true;
    more.hidden = true;
    timeline.replaceChildren();
    plot.replaceChildren();
    axisY.replaceChildren();
    said.replaceChildren();
    before.textContent = "";
    figure.querySelectorAll(".review-legend").forEach((names) => names.remove());
  }

  async function follow(seat, ticket) {
    if (seat === "") return; // no seat chosen
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
      status.textContent = body.status === "queued" ? fill(words.queued, body) : running;
      status.dataset.done = String(body.done);
      await new Promise((resolve) => setTimeout(resolve, 600));
    }
  }

  function jump(review, step, judgements, mark) {
    seatSelect.value = String(review.seat); // the seat's own view: never another's cards
    go(step - 1); // the board the decision was taken on
    before.textContent = fill(words.before, { step, name: nameOf(review.seat) });
    said.replaceChildren(...judgements.map((judgement) => {
      // the sentence and its figures come worded and rounded by the server, as one
      const line = document.createElement("p");
      line.textContent = judgement.said[lang] || judgement.said.en;
      if (judgement.figures) {
        const figures = document.createElement("span");
        figures.className = "muted small review-figures";
        figures.textContent = " " + (judgement.figures[lang] || judgement.figures.en);
        line.append(figures);
      }
      return line;
    }));
    said.dataset.step = String(step);
    timeline.querySelectorAll(".current").forEach((m) => m.classList.remove("current"));
    mark.classList.add("current");
  }

  // Each seat's name in its line's colour (the reviewed seat's in bold).
  function legend(review) {
    const names = document.createElement("p");
    names.className = "review-legend small";
    review.curves.forEach((_, seat) => {
      const name = document.createElement(seat === review.seat ? "strong" : "span");
      name.textContent = `━ ${nameOf(seat)} `;
      name.style.color = hue(seat);
      names.append(name);
    });
    return names;
  }

  const hue = (seat) => `hsl(${(seat * 137) % 360} 60% 42%)`;

  // A curve on the replay's steps: its points' positions, the first point of each kept.
  function placed(curve) {
    const seen = new Set();
    return curve.map((p) => ({ ...p, at: positionOf(stops, p.step) }))
      .filter((p) => !seen.has(p.at) && seen.add(p.at));
  }

  // The curve's value at position `at` (between points, on the line joining them).
  function valueAt(points, at, fallback) {
    if (points.length === 0) return fallback;
    const after = points.findIndex((p) => p.at >= at);
    if (after === -1) return points[points.length - 1].mean;
    if (after === 0 || points[after].at === at) return points[after].mean;
    const a = points[after - 1], b = points[after];
    return a.mean + ((b.mean - a.mean) * (at - a.at)) / (b.at - a.at);
  }

  const LEVELS = [0, 0.25, 0.5, 0.75, 1];

  // The gridlines and the x-axis, in the plot (they scroll with it).
  function axes(svg, x, y, width, height) {
    const grid = svgNode("g", { class: "grid-lines" }, svg);
    LEVELS.forEach((v) => {
      svgNode("line", { x1: 0, x2: width, y1: y(v), y2: y(v), class: "grid" }, grid);
    });
    const bottom = svgNode("g", { class: "axis axis-x", "data-testid": "review-axis-x" }, svg);
    svgNode("line", { x1: 0, x2: width, y1: height, y2: height, class: "base" }, bottom);
    const every = tickEvery(total, Math.max(2, Math.floor(width / 40)));
    for (let k = 0; k <= total; k += every) {
      svgNode("line", { x1: x(k), x2: x(k), y1: height, y2: height + 4, class: "base" }, bottom);
      const anchor = x(k) > width - 12 ? "end" : "middle"; // the last label stays in the plot
      const label = svgNode("text", { x: x(k), y: height + 16, "text-anchor": anchor, class: "tick" }, bottom);
      label.textContent = String(k);
    }
    const name = svgNode("text", { x: width, y: height + 30, "text-anchor": "end", class: "axis-name" }, bottom);
    name.textContent = words.axis_step;
  }

  // The y-axis, beside the plot and not scrolling with it, so that its values can be read at
  // any step: as tall as the plot, each label centred on its gridline (`top` px down).
  function valueAxis(y, width, tall, top) {
    axisY.style.width = `${width}px`;
    axisY.style.height = `${tall}px`;
    const text = (className, content, at) => {
      const node = document.createElement("span");
      node.className = className;
      node.textContent = content;
      node.style.top = `${at}px`;
      axisY.append(node);
    };
    LEVELS.forEach((v) => text("tick", `${Math.round(v * 100)} %`, top + y(v)));
    text("axis-name", words.axis_value, top - 4);
  }

  // The interval around the reviewed seat's curve, where its points carry one.
  function band(svg, points, x, y, seat) {
    const sure = points.filter((p) => p.low !== undefined && p.high !== undefined);
    if (sure.length < 2) return;
    const edge = [...sure.map((p) => `${x(p.at)},${y(p.high)}`),
      ...sure.slice().reverse().map((p) => `${x(p.at)},${y(p.low)}`)];
    svgNode("polygon", {
      points: edge.join(" "), fill: hue(seat), "fill-opacity": 0.15, stroke: "none",
      class: "band", "data-testid": "review-band",
    }, svg);
  }

  // Where each mark's centre goes: at its step where it can, nudged sideways just enough that
  // none covers its neighbour (`apart` px between centres), in step order, within `width`.
  function spaced(ideal, apart, width) {
    const at = [];
    ideal.forEach((want, k) => { at.push(Math.max(want, k ? at[k - 1] + apart : apart / 2)); });
    for (let k = at.length - 1; k >= 0; k -= 1) {
      at[k] = Math.min(at[k], k + 1 < at.length ? at[k + 1] - apart : width - apart / 2);
    }
    return at;
  }

  function draw(review) {
    clear();
    const left = 44, height = 200, top = 18;
    figure.hidden = false; // measured shown: the strip's own width is the room it has
    axisY.style.width = `${left}px`;
    const room = Math.max(150, scroller.clientWidth);
    const grouped = byStep(review.judgements);
    // The whole game fits the page's width, its marks nudged apart where steps crowd them;
    // only marks too many for the width make the strip scroll, and then it says so.
    const fit = room / (total + 1);
    const size = Math.max(MIN_MARK - 2, Math.min(fit - 2, MAX_MARK));
    const width = Math.max(room, grouped.length * (size + 2)); // the plot's
    const pitch = width / (total + 1);
    const x = (at) => (at + 0.5) * pitch;
    const y = (value) => height - value * height;
    const tall = height + top + 34;
    const svg = svgNode("svg", {
      width, height: tall, viewBox: `0 ${-top} ${width} ${tall}`, role: "img",
    });
    axes(svg, x, y, width, height);
    valueAxis(y, left, tall, top);
    const curves = review.curves.map(placed);
    const own = curves[review.seat] || [];
    // faint lines where chance (a draw, a roll) moved the reviewed seat's prospect
    own.filter((p) => p.cause.includes("chance")).forEach((p) => {
      svgNode("line", { x1: x(p.at), x2: x(p.at), y1: 0, y2: height, stroke: "#999", "stroke-opacity": 0.2, class: "chance" }, svg);
    });
    band(svg, own, x, y, review.seat);
    curves.forEach((points, seat) => {
      svgNode("polyline", {
        points: points.map((p) => `${x(p.at)},${y(p.mean)}`).join(" "), fill: "none",
        stroke: hue(seat), "stroke-width": seat === review.seat ? 3 : 1.2, "data-seat": seat,
      }, svg);
    });
    const centres = spaced(grouped.map(([step]) => x(step)), size + 2, width);
    const marks = grouped.map(([step, judgements], k) => {
      const worst = judgements[0];
      const mark = document.createElement("button");
      mark.type = "button";
      mark.className = "review-mark";
      mark.setAttribute("data-testid", "review-mark");
      mark.dataset.mark = worst.mark || "";
      mark.dataset.step = String(step);
      if (judgements.some(unsure)) mark.dataset.unsure = "";
      mark.tabIndex = -1;
      const kind = worst.mark ? words[worst.mark] : words.fine;
      mark.setAttribute("aria-label", fill(words.mark_label, { step, mark: kind }));
      mark.title = judgements.map((j) => j.said[lang] || j.said.en).join("\n");
      mark.style.left = `${centres[k] - size / 2}px`;
      mark.style.width = `${size}px`;
      mark.addEventListener("click", () => jump(review, step, judgements, mark));
      timeline.append(mark);
      // its point on the line, where the decision took the seat's prospect
      const dot = svgNode("circle", {
        cx: x(step), cy: y(valueAt(own, step, worst.played_value.mean)),
        r: worst.mark ? 6 : 3, fill: worst.mark ? "#c00000" : "#888", "data-step": step,
      }, svg);
      svgNode("title", {}, dot).textContent = mark.title;
      dot.addEventListener("click", () => jump(review, step, judgements, mark));
      return mark;
    });
    if (marks.length) marks[0].tabIndex = 0; // one stop for Tab; arrows move within
    timeline.style.width = `${width}px`;
    plot.append(svg);
    figure.querySelector(".review-frame").after(legend(review));
    figure.hidden = review.curves.length === 0 && marks.length === 0; // a game with no move
    timeline.hidden = marks.length === 0;
    more.hidden = !(width > room + 1); // a strip wider than the page says it scrolls
  }

  // Arrow keys move between the marks (a roving tab stop); Enter or Space opens one.
  timeline.addEventListener("keydown", (event) => {
    const marks = [...timeline.querySelectorAll("[data-testid=review-mark]")];
    const here = marks.indexOf(document.activeElement);
    if (here === -1) return;
    const to = { ArrowRight: here + 1, ArrowDown: here + 1, ArrowLeft: here - 1, ArrowUp: here - 1,
      Home: 0, End: marks.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = marks[Math.max(0, Math.min(marks.length - 1, to))];
    marks.forEach((m) => { m.tabIndex = m === next ? 0 : -1; });
    next.focus();
    next.scrollIntoView({ block: "nearest", inline: "nearest" });
  });

  async function request() {
    const seat = seatOf.value;
    if (seat === "") return;
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
      labelAsk();
    }
  }

  ask.addEventListener("click", request);
  seatOf.addEventListener("change", () => {
    clear();
    labelAsk();
    status.textContent = "";
    follow(seatOf.value, ++watching); // a review asked for earlier shows at once
  });
  labelAsk();
  follow(seatOf.value, ++watching);
}

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
    if (event.target.closest("input, select, textarea, .review-timeline")) return;
    if (event.key === "ArrowRight") go(step + 1);
    if (event.key === "ArrowLeft") go(step - 1);
    if (event.key === "Home") go(0);
    if (event.key === "End") go(total);
  });
  fromHash();
  show();
  reviews(go, seatSelect, controls.dataset.lang || document.documentElement.lang || "en");
})();
