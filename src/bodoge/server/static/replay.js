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
})();
