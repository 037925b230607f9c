// Lobby: offer only the player counts the chosen options allow, and only as many
// seat choices as there are seats.
"use strict";
document.querySelectorAll("form.new-table").forEach((form) => {
  const count = form.querySelector(".num-seats");
  const ranges = JSON.parse(form.dataset.ranges || "[]");

  function chosen() {
    // The options the visitor set explicitly; a derived option left at "default" is not one.
    const options = {};
    form.querySelectorAll("[data-option]").forEach((field) => {
      const name = field.dataset.option;
      if (field.type === "checkbox") options[name] = field.checked;
      else if (field.tagName === "SELECT" && (field.value === "on" || field.value === "off")) {
        options[name] = field.value === "on";
      } else if (field.value !== "") {
        options[name] = field.type === "number" ? Number(field.value) : field.value;
      }
    });
    return options;
  }

  function allowed() {
    const options = chosen();
    let low = Infinity;
    let high = -Infinity;
    ranges.forEach((range) => {
      const fits = Object.entries(options).every(([k, v]) => !(k in range.options) || range.options[k] === v);
      if (fits) { low = Math.min(low, range.low); high = Math.max(high, range.high); }
    });
    return Number.isFinite(low) ? [low, high] : null;
  }

  function update() {
    const range = allowed();
    if (range) {
      count.querySelectorAll("option").forEach((option) => {
        const n = Number(option.value);
        option.disabled = n < range[0] || n > range[1];
      });
      const n = Number(count.value);
      if (n < range[0] || n > range[1]) count.value = String(Math.min(Math.max(n, range[0]), range[1]));
    }
    const n = Number(count.value);
    form.querySelectorAll(".seat-kind").forEach((label) => {
      const visible = Number(label.dataset.seat) < n;
      label.hidden = !visible;
      label.querySelector("select").disabled = !visible;
    });
  }

  form.addEventListener("change", update);
  update();
});
