// The wall screen turns between the night's standings and the season's ladders, so that the
// room sees both without anyone touching it, but never while a round's seating is wanted. The ladders are fetched afresh each time they are
// shown; when they cannot be, or there are none yet, the wall stays on the night.
"use strict";
(function () {
  const live = document.getElementById("live");
  const ladder = document.getElementById("ladder");
  if (!live || !ladder) return;
  let season = false;
  function show(theSeason) {
    season = theSeason;
    live.hidden = season;
    ladder.hidden = !season;
    document.body.dataset.showing = season ? "season" : "night";
  }
  async function turn() {
    // While players look for their tables (a round paired whose tables have not all started
    // their games), the wall keeps the seating up.
    if (live.querySelector("[data-seating-up]")) {
      if (season) show(false);
      document.body.dataset.held = "seating"; // what kept it, for whoever watches the wall
      return;
    }
    delete document.body.dataset.held;
    if (!season) {
      try {
        const res = await fetch(ladder.dataset.part, { cache: "no-store", credentials: "same-origin" });
        // 204: no game has been played to its end yet, and there are no ladders to show.
        if (!res.ok || res.status === 204) return;
        ladder.innerHTML = await res.text();
      } catch (_) {
        return;
      }
    }
    show(!season);
  }
  setInterval(turn, Number(ladder.dataset.every));
})();
