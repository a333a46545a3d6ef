// Counts down a tournament round's clock (TR5): each element with data-deadline (ms since
// 1970, the pairing's recorded time and the round's minutes) says the time left, then that it
// is out, with the tables still playing where the page names them (data-playing). The live
// part of a page is drawn afresh, so the elements are looked up at each tick.
"use strict";
(function () {
  const two = (n) => String(n).padStart(2, "0");
  function tick() {
    for (const el of document.querySelectorAll("[data-deadline]")) {
      const round = el.dataset.round ? "Round " + el.dataset.round + ": " : "The round: ";
      const left = Number(el.dataset.deadline) - Date.now();
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
  // Each tick is set for the next whole second of the clock, so the seconds shown turn with it.
  (function next() {
    tick();
    setTimeout(next, 1000 - (Date.now() % 1000));
  })();
})();
