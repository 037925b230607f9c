// Replay: step through a finished game as any seat or as a spectator.
"use strict";
(function () {
  const controls = document.querySelector(".replay-controls");
  const game = document.getElementById("game");
  if (!controls || !game) return;
  const table = controls.dataset.table;
  const total = Number(controls.dataset.total);
  const label = controls.querySelector("[data-testid=step]");
  const seatSelect = document.getElementById("replay-seat");
  let step = 0;

  async function show() {
    const seat = seatSelect.value;
    const query = seat === "" ? "" : `?seat=${seat}`;
    const response = await fetch(`/t/${table}/replay/${step}${query}`);
    game.innerHTML = await response.text();
    game.dataset.step = String(step);
    label.textContent = label.dataset.template.replace("{step}", String(step));
  }

  controls.addEventListener("click", (event) => {
    const button = event.target.closest("[data-step]");
    if (!button) return;
    const move = button.dataset.step;
    step = move === "first" ? 0 : move === "last" ? total
      : move === "back" ? Math.max(0, step - 1) : Math.min(total, step + 1);
    show();
  });
  seatSelect.addEventListener("change", show);
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowRight") { step = Math.min(total, step + 1); show(); }
    if (event.key === "ArrowLeft") { step = Math.max(0, step - 1); show(); }
  });
  show();
})();
