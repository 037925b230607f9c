// Motion: when a state message brings new events, pieces glide from where they were
// to where they are now (FLIP), new pieces appear, dice roll and numbers count up.
// Short (a quarter of a second), skipped by any click or key, and never under
// prefers-reduced-motion.  Only the page's own DOM is compared: the server's html
// stays the one truth; nothing here decides what is shown.
"use strict";
(function () {
  const DURATION = 260;
  const PIECES = ".card, .chip, .mini-card, .pile, .card-back, .die, .stone, .token, [data-piece]";
  const NUMBERS = "[data-testid=scores] strong, .score, .pile-count";
  const reduced = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  let running = [];

  function off() { return !("animate" in Element.prototype) || (reduced && reduced.matches); }

  // A piece's identity across two renderings: what it shows and where it belongs.
  function key(el) {
    const zone = el.closest("[data-testid], [data-seat]");
    const where = zone ? (zone.dataset.testid || "") + "/" + (zone.dataset.seat || "") : "";
    return `${el.className.replace(/\b(playable|moving|rolling|arriving)\b/g, "").trim()}|${el.dataset.number || ""}|${el.textContent.trim()}|${where}`;
  }

  function snapshot(root) {
    const seen = new Map();
    root.querySelectorAll(PIECES).forEach((el) => {
      const k = key(el);
      if (!seen.has(k)) seen.set(k, []);
      seen.get(k).push(el.getBoundingClientRect());
    });
    const numbers = new Map();
    root.querySelectorAll(NUMBERS).forEach((el, i) => {
      const n = Number(el.textContent);
      if (Number.isFinite(n)) numbers.set(i, n);
    });
    return { pieces: seen, numbers: numbers };
  }

  function finish() {
    running.forEach((a) => { try { a.finish(); } catch (_) { /* gone */ } });
    running = [];
  }

  function countUp(el, from, to) {
    const start = performance.now();
    function step(now) {
      const t = Math.min(1, (now - start) / DURATION);
      if (el.dataset.counting !== String(to)) return;
      el.textContent = String(Math.round(from + (to - from) * t));
      if (t < 1) requestAnimationFrame(step);
      else { el.textContent = String(to); delete el.dataset.counting; }
    }
    el.dataset.counting = String(to);
    running.push({ finish() { el.textContent = String(to); delete el.dataset.counting; } });
    requestAnimationFrame(step);
  }

  // before: a snapshot taken before the html was swapped in; root: the new game area.
  function play(before, root) {
    finish();
    if (off() || !before) return;
    const used = new Map();
    root.querySelectorAll(PIECES).forEach((el) => {
      const k = key(el);
      const olds = before.pieces.get(k);
      const index = used.get(k) || 0;
      used.set(k, index + 1);
      const to = el.getBoundingClientRect();
      if (olds && olds[index]) {
        const from = olds[index];
        const dx = from.left - to.left;
        const dy = from.top - to.top;
        if (Math.abs(dx) > 1 || Math.abs(dy) > 1) {
          running.push(el.animate(
            [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
            { duration: DURATION, easing: "ease-out" },
          ));
        }
      } else if (!before.pieces.size || before.pieces.size < 400) {
        running.push(el.animate([{ opacity: 0, transform: "scale(0.85)" }, { opacity: 1, transform: "none" }],
          { duration: DURATION, easing: "ease-out" }));
      }
      if (/\bdie\b/.test(el.className) && !(olds && olds[index])) {
        running.push(el.animate([{ transform: "rotate(0)" }, { transform: "rotate(360deg)" }],
          { duration: DURATION + 100, easing: "ease-out" }));
      }
    });
    root.querySelectorAll(NUMBERS).forEach((el, i) => {
      const to = Number(el.textContent);
      const from = before.numbers.get(i);
      if (Number.isFinite(to) && from !== undefined && from !== to) countUp(el, from, to);
    });
  }

  document.addEventListener("pointerdown", finish, true);
  document.addEventListener("keydown", finish, true);
  window.bodogeMotion = { snapshot: snapshot, play: play, finish: finish, off: off };
})();
