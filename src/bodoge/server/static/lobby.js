// Lobby: offer only the options that mean something beside the others (an option's
// data-only-with), only the player counts the chosen options allow, and only as many
// seat choices as there are seats.  A hidden field is disabled, so it is not sent.
"use strict";
document.querySelectorAll("form.new-table").forEach((form) => {
  const count = form.querySelector(".num-seats");
  const ranges = JSON.parse(form.dataset.ranges || "[]");

  function valueOf(field) {
    // A field's value as the API takes it; undefined for a derived option left at "default".
    if (field.type === "checkbox") return field.checked;
    if (field.tagName === "SELECT" && (field.value === "on" || field.value === "off")) {
      return field.value === "on";
    }
    if (field.value === "") return undefined;
    return field.type === "number" ? Number(field.value) : field.value;
  }

  function showApplicable() {
    // Imhotep's per-site sides only with "custom" sides, and the like.
    const current = {};
    form.querySelectorAll("[data-option]").forEach((field) => { current[field.dataset.option] = valueOf(field); });
    form.querySelectorAll(".option[data-only-with]").forEach((box) => {
      const needs = JSON.parse(box.dataset.onlyWith);
      const applies = Object.entries(needs).every(([name, allowed]) => allowed.includes(current[name]));
      box.hidden = !applies;
      box.querySelectorAll("[data-option]").forEach((field) => { field.disabled = !applies; });
    });
  }

  function chosen() {
    // The options the visitor set explicitly (and that apply).
    const options = {};
    form.querySelectorAll("[data-option]:enabled").forEach((field) => {
      const value = valueOf(field);
      if (value !== undefined) options[field.dataset.option] = value;
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
    showApplicable();
    // No listed option set fits (a choice the ranges do not list): every count is offered.
    const range = allowed() || [-Infinity, Infinity];
    count.querySelectorAll("option").forEach((option) => {
      const n = Number(option.value);
      option.disabled = n < range[0] || n > range[1];
    });
    const chosenCount = Number(count.value);
    if (chosenCount < range[0] || chosenCount > range[1]) {
      count.value = String(Math.min(Math.max(chosenCount, range[0]), range[1]));
    }
    const n = Number(count.value);
    form.querySelectorAll(".seat-kind").forEach((label) => {
      const visible = Number(label.dataset.seat) < n;
      label.hidden = !visible;
      label.querySelector("select").disabled = !visible;
    });
    showTeams(n);
  }

  const teams = JSON.parse(form.dataset.teams || "[]");
  const teamWords = JSON.parse(form.dataset.teamWords || "{}");

  function showTeams(n) {
    // A game played in teams (United Square's seats 1 & 3 against 2 & 4): the seats of a
    // team side by side, each tagged with its team, and the pairing in words.
    if (!teams.length) return;
    const options = chosen();
    const layout = teams.find((t) => t.count === n && Object.entries(t.options).every(([k, v]) => options[k] === v));
    form.querySelectorAll(".seat-kind").forEach((label) => {
      const seat = Number(label.dataset.seat);
      const team = layout ? layout.teams.findIndex((members) => members.includes(seat)) : -1;
      const tag = label.querySelector(".team-tag");
      tag.hidden = team < 0;
      tag.textContent = team < 0 ? "" : teamWords.team.replace("{n}", String(team + 1));
      label.style.order = team < 0 ? "" : String(team * 100 + seat);
      if (team < 0) delete label.dataset.team; else label.dataset.team = String(team);
    });
    const note = form.querySelector(".team-note");
    note.hidden = !layout;
    note.textContent = layout ? layout.teams.map((members) => members.map(
      (seat) => teamWords.seat.replace("{n}", String(seat + 1))).join(teamWords.and)).join(teamWords.versus) : "";
  }

  form.addEventListener("change", update);
  update();
});
