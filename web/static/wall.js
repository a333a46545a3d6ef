// The wall screen turns between the night's standings and the season's ladders, so that the
// room sees both without anyone touching it. The ladders are fetched afresh each time they are
// shown; when they cannot be, or there are none yet, the wall stays on the night.
"use strict";
(function () {
  const live = document.getElementById("live");
  const ladder = document.getElementById("ladder");
  if (!live || !ladder) return;
  let season = false;
  async function turn() {
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
    season = !season;
    live.hidden = season;
    ladder.hidden = !season;
    document.body.dataset.showing = season ? "season" : "night";
  }
  setInterval(turn, Number(ladder.dataset.every));
})();
