// Counts down a tournament round's clock (TR5): each element with data-deadline (ms since
// 1970, the pairing's recorded time and the round's minutes) says the time left, then that it
// is out, with the tables still playing where the page names them (data-playing). The live
// part of a page is drawn afresh, so the elements are looked up at each tick.
//
// The deadline is the server's time, and a screen's own clock may be minutes off it: the
// difference is asked of the server (/api/time, half the round trip taken as the way back),
// kept for a screen that loses the network, and asked again every ten minutes.
"use strict";
(function () {
  const two = (n) => String(n).padStart(2, "0");
  const kept = "tableside-clock-offset";
  const every = 10 * 60 * 1000;
  let offset = 0, asked = -Infinity;
  try { offset = Number(localStorage.getItem(kept)) || 0; } catch { /* no storage: 0 */ }

  async function ask() {
    asked = performance.now();
    try {
      const sent = Date.now();
      const res = await fetch("/api/time", { cache: "no-store" });
      if (!res.ok) return;
      const { now } = await res.json();
      const back = Date.now();
      if (typeof now !== "number") return;
      offset = now + (back - sent) / 2 - back;
      try { localStorage.setItem(kept, String(offset)); } catch { /* kept for this page only */ }
      tick();
    } catch { /* the network is gone: the difference kept counts */ }
  }

  function tick() {
    const clocks = document.querySelectorAll("[data-deadline]");
    if (clocks.length > 0 && performance.now() - asked >= every) ask();
    for (const el of clocks) {
      const round = el.dataset.round ? "Round " + el.dataset.round + ": " : "The round: ";
      const left = Number(el.dataset.deadline) - (Date.now() + offset);
      let text;
      if (left > 0) {
        const s = Math.ceil(left / 1000);
        text = round + (s >= 3600 ? Math.floor(s / 3600) + ":" + two(Math.floor(s / 60) % 60) : Math.floor(s / 60)) + ":" + two(s % 60) + " left.";
      } else {
        text = round + "the time is up" + (el.dataset.playing ? ": tables " + el.dataset.playing + " still play." : ".");
      }
      if (el.textContent !== text) el.textContent = text;
      el.classList.toggle("out", left <= 0);
    }
  }
  // Each tick is set for the next whole second of the server's clock, so the seconds shown
  // turn with it.
  (function next() {
    tick();
    setTimeout(next, 1000 - (((Date.now() + offset) % 1000) + 1000) % 1000);
  })();
})();
