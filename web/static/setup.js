// Shows the fields of the new game form that apply only under an option's value (Article II's
// teams, with parties=on) only while the option has it. Hidden fields are disabled, so they are
// not sent. Without script every field shows, and its legend says when it applies.
"use strict";
(function () {
  const form = document.querySelector("form.setup");
  if (!form) return;
  const conditional = [...form.querySelectorAll("[data-when]")];
  function update() {
    for (const el of conditional) {
      const [name, value] = el.dataset.when.split("=");
      const field = form.elements[name];
      const applies = !field || field.value === value;
      el.hidden = !applies;
      el.querySelectorAll("input, select").forEach((input) => { input.disabled = !applies; });
    }
  }
  form.addEventListener("change", update);
  update();
})();
