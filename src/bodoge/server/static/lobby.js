// Lobby: show only as many seat choices as the chosen number of seats.
"use strict";
document.querySelectorAll("form.new-table").forEach((form) => {
  const count = form.querySelector(".num-seats");
  const update = () => {
    const n = Number(count.value);
    form.querySelectorAll(".seat-kind").forEach((label) => {
      const visible = Number(label.dataset.seat) < n;
      label.hidden = !visible;
      label.querySelector("select").disabled = !visible;
    });
  };
  count.addEventListener("change", update);
  update();
});
