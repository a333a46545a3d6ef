// Keeps on the phone what a game's page needs when the network is gone: the site's files and
// the engine, kept when the worker installs (under the version of the files the server sends),
// and each game page the phone opened, kept each time it opens. The page itself keeps the
// game's log and the moves waiting (offline.js). Nothing else is answered from here: the
// moves, the log and the live stream always go to the server.
"use strict";
const version = "tableside-@VERSION@";
const files = ["/static/site.css", "/static/live.js", "/static/clock.js", "/static/offline.js", "/static/wasm_exec.js", "/static/engine.wasm"];
// A game's page is asked of the network first; a network that hangs rather than fails is
// given this long before the kept page is shown.
const patience = 4000;

self.addEventListener("install", (e) => {
  e.waitUntil(caches.open(version).then((c) => c.addAll(files)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (e) => {
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== version).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

const gamePage = /^\/games\/\d+$/;

// A page opened before the worker served it (the first, which installed it) asks to be kept.
self.addEventListener("message", (e) => {
  const path = e.data && e.data.keep;
  if (typeof path === "string" && gamePage.test(path)) {
    e.waitUntil(caches.open(version)
      .then((c) => c.match(path).then((kept) => kept || c.add(path)))
      .catch(() => { /* kept at its next opening */ }));
  }
});

self.addEventListener("fetch", (e) => {
  const req = e.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== location.origin) return;
  if (files.includes(url.pathname)) {
    e.respondWith(caches.match(url.pathname).then((kept) => kept || fetch(req)));
  } else if (req.mode === "navigate" && gamePage.test(url.pathname)) {
    e.respondWith(page(req, url.pathname));
  }
});

// page is a game's page from the network, kept for later, or the page kept when the network
// fails or hangs.
async function page(req, key) {
  const cache = await caches.open(version);
  try {
    const res = await Promise.race([
      fetch(req),
      new Promise((_, fail) => setTimeout(() => fail(new Error("no answer")), patience)),
    ]);
    if (res.ok) await cache.put(key, res.clone());
    return res;
  } catch (err) {
    const kept = await cache.match(key);
    if (kept) return kept;
    return new Response(
      "<!DOCTYPE html><meta charset=utf-8><meta name=viewport content='width=device-width'><title>Offline · tableside</title>" +
      "<p>The network is gone, and this phone has not opened this game before: open it again when the network is back.</p>",
      { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
  }
}
