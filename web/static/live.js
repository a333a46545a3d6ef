// Keeps a page live. The server's stream (Server-Sent Events) says when something moved; the
// page then fetches the part of itself that shows it and swaps it in. What the player is typing
// is left alone. When the connection drops, the page says so, and says so again when it is back.
// The page of a tournament's table follows its table: when the part it fetches names the
// table's next game (data-follow), it goes there.
"use strict";
(function () {
  const live = document.getElementById("live");
  const status = document.getElementById("live-status");
  if (!live || !window.EventSource) return;
  // Drawn after the table moved on (a phone that slept through the pairing): go at once.
  const moved = live.querySelector("[data-follow]");
  if (moved) {
    location.assign(moved.dataset.follow);
    return;
  }
  let shown = Number(live.dataset.last || 0);
  // newest is the newest game when the page was drawn, on a page that follows its table.
  let newest = live.dataset.newest === undefined ? undefined : Number(live.dataset.newest);
  let dropped = false;

  function say(text, kind) {
    status.textContent = text;
    status.className = "live " + kind;
  }

  // fetching is the refresh under way; another request while it runs asks for one more after.
  let fetching = null, again = false;
  async function refresh() {
    if (fetching) { again = true; return; }
    fetching = (async () => {
      try {
        // A phone that keeps its own copy of the game (offline.js) reads the new events into
        // it; the server's part is then read only to learn whether the table moved on.
        if (live.sync) {
          await live.sync();
          if (newest === undefined) return;
        }
        const res = await fetch(live.dataset.part, { cache: "no-store", credentials: "same-origin" });
        if (!res.ok) return;
        const part = await res.text();
        const box = live.sync ? document.createElement("div") : live;
        box.innerHTML = part;
        const follow = box.querySelector("[data-follow]");
        if (follow) {
          location.assign(follow.dataset.follow);
          return;
        }
        if (live.sync) {
          // The phone draws the part itself, and must learn when the game was locked or let
          // go (its tournament's round over, or taken back, T16): it draws it again then.
          const said = box.querySelector("[data-locked]");
          const locked = said ? said.dataset.locked : "";
          if (locked !== (live.dataset.locked || "")) {
            live.dataset.locked = locked;
            await live.sync();
          }
          return;
        }
        const now = live.querySelector("[data-last]");
        if (now) {
          shown = Number(now.dataset.last);
          // The forms outside the live part record after the event shown.
          document.querySelectorAll('input[name="after"]').forEach((i) => { i.value = shown; });
        }
        document.body.dataset.shown = String(shown);
      } finally {
        fetching = null;
        if (again) { again = false; refresh(); }
      }
    })();
  }

  // A stream the server answered with an error (a proxy's 502, a 429 while someone guesses
  // codes) is given up by the browser for good: open a new one after a pause.
  let stream = null, asleep = false;
  function connect() {
    stream = new EventSource(live.dataset.stream);
    stream.addEventListener("hello", (e) => {
      let last, made;
      try { ({ last, newest: made } = JSON.parse(e.data)); } catch (_) { /* the club page's hello has none */ }
      // A game made between the drawing of the page and this hello may be the table's next.
      const missed = newest !== undefined && made !== undefined && made !== newest;
      if (made !== undefined) newest = made;
      if (dropped) {
        say("Connection back: the page is up to date.", "ok");
        dropped = false;
        refresh();
      } else {
        say("Live: moves from every phone and terminal appear here.", "ok");
        if (asleep || missed || (last !== undefined && last !== shown)) refresh();
      }
      asleep = false;
    });
    stream.addEventListener("moved", refresh);
    stream.onerror = () => {
      dropped = true;
      say(live.sync ? "Connection lost: reconnecting…" : "Connection lost: reconnecting… Moves recorded elsewhere will not show until it is back.", "lost");
      if (stream.readyState === EventSource.CLOSED) setTimeout(() => { if (!asleep) connect(); }, 3000);
    };
  }
  // A page out of sight lets its stream go: a browser keeps six connections to a server, and a
  // director with a tab for every table would otherwise have none left for the seventh.
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) {
      asleep = true;
      stream.close();
    } else if (stream.readyState === EventSource.CLOSED) {
      connect();
    }
  });
  connect();
})();
