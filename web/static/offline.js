// Keeps a table's phone refereeing when the network drops. The phone keeps the game's log as
// the server stored it, and the moves made here not yet stored, in its own storage
// (IndexedDB), where they outlast a reload and a phone gone to sleep. The referee is the
// server's own, built for the browser (the engine): it judges each move here, and the page's
// part that shows the game is drawn here, from this copy, with the same words the server uses.
// The moves waiting are sent in order, each after the event it was judged after: the server
// records it, or says someone recorded first, and then the phone reads what was stored and
// judges what is still waiting again on top of it, saying which moves now read otherwise or
// are refused. New games, corrections, rulings and a tournament's pairing are the server's:
// offline, they wait.
"use strict";
(function () {
  const live = document.getElementById("live");
  if (!live || live.dataset.table === undefined || !window.WebAssembly || !window.indexedDB || !window.fetch) return;
  if (navigator.serviceWorker) {
    navigator.serviceWorker.register("/sw.js")
      .then(() => navigator.serviceWorker.ready)
      .then((reg) => reg.active.postMessage({ keep: location.pathname }))
      .catch(() => { /* over plain http off this machine: no worker, and no reload offline */ });
  }

  const game = Number(live.dataset.game);
  const statusLine = document.getElementById("offline-status");
  const notes = document.getElementById("offline-notes");
  // rec is the phone's copy: log, the stored events, each a line of JSON as the server sent it
  // (its bytes keep the hash chain); pending, the moves waiting, each {move, force, at} with
  // the engine's judgement {event, text}, move then being the notation it was read as (a move
  // the server lost, lost, has only the event it was stored as), at when it was played, by the
  // server's clock (untimed once the server refused that time); entered, the rounds this phone scored; skew, what the phone's clock is
  // behind the server's, in ms; opened, when it was last kept.
  let rec = null;
  let engineLast = 0; // the last stored event the engine holds of this game; 0 for none
  let online = true;
  let drawn = false; // the part on the page is this phone's drawing
  let sheetShown = 0; // the engine's name of the score sheet on the page; 0 for the server's
  // Why the table may no longer record here (its tournament's round is over, T16), as the
  // server's part says; live.js keeps it as the server's part changes. "" while it may.
  const locked = () => live.dataset.locked || "";
  if (live.dataset.locked === undefined) {
    const said = live.querySelector("[data-locked]");
    live.dataset.locked = said ? said.dataset.locked : "";
  }

  // --- the phone's storage ---
  const opened = new Promise((done, fail) => {
    const req = indexedDB.open("tableside", 1);
    req.onupgradeneeded = () => req.result.createObjectStore("games", { keyPath: "game" });
    req.onsuccess = () => done(req.result);
    req.onerror = () => fail(req.error);
  });
  async function load() {
    const db = await opened;
    return new Promise((done, fail) => {
      const req = db.transaction("games").objectStore("games").get(game);
      req.onsuccess = () => done(req.result || null);
      req.onerror = () => fail(req.error);
    });
  }
  async function save() {
    const db = await opened;
    rec.opened = Date.now();
    return new Promise((done, fail) => {
      const tx = db.transaction("games", "readwrite");
      tx.objectStore("games").put(rec);
      tx.oncomplete = done;
      tx.onerror = () => fail(tx.error);
    });
  }
  // prune lets go of the copies of games not opened for a fortnight with nothing waiting: a
  // phone at a club would otherwise keep every game of the season.
  async function prune() {
    const db = await opened;
    const tx = db.transaction("games", "readwrite");
    tx.objectStore("games").openCursor().onsuccess = (e) => {
      const cur = e.target.result;
      if (!cur) return;
      const r = cur.value;
      if (r.game !== game && (!r.pending || r.pending.length === 0) && Date.now() - (r.opened || 0) > 14 * 24 * 3600e3) cur.delete();
      cur.continue();
    };
  }

  // --- the engine ---
  const engine = new Promise((done, fail) => {
    document.addEventListener("tableside-engine", done, { once: true });
    // The download starts with the loader's, not after it: the engine is the long one.
    const download = fetch("/static/engine.wasm");
    download.catch(() => { /* said when compiled */ });
    const s = document.createElement("script");
    s.src = "/static/wasm_exec.js";
    s.onerror = () => fail(new Error("the engine's loader did not load"));
    s.onload = () => {
      const go = new Go();
      // A browser without streaming compilation (older Safari) compiles the whole download.
      const compiled = WebAssembly.instantiateStreaming
        ? WebAssembly.instantiateStreaming(download, go.importObject)
        : download.then((r) => r.arrayBuffer()).then((b) => WebAssembly.instantiate(b, go.importObject));
      compiled.then((r) => go.run(r.instance)).catch(fail);
    };
    document.head.appendChild(s);
  });

  // The log holds events 1 to n in order, as the server sends them: an event's place is its
  // number, and no line needs reading to find one.
  const seqOf = (line) => JSON.parse(line).seq;
  const lastStored = () => rec.log.length;

  // ask judges the moves waiting, and more after them, on top of the log; the engine gets the
  // whole log once, then only what was stored since.
  function ask(more) {
    const send = (from) => {
      const lines = rec.log.slice(from);
      const req = '{"game":' + game + ',"log":[' + lines.join(",") + '],"now":true,"sheet":' + sheetShown + ',"entered":' + JSON.stringify(rec.entered) + ',"locked":' + JSON.stringify(locked()) +
        ',"pending":' + JSON.stringify(rec.pending.concat(more || []).map(({ move, force, at, event, text }) => ({ move, force, at, event, text }))) + "}";
      return JSON.parse(tablesideEngine.answer(req));
    };
    let a = send(engineLast);
    if (a.failed && a.failed.code === "not_found") a = send(0); // the engine let the game go
    if (a.failed) {
      const err = new Error(a.failed.message);
      err.code = a.failed.code;
      throw err;
    }
    engineLast = lastStored();
    return a;
  }

  // --- what the page says ---
  // The page says two things above the game: what the phone did last (one line, replaced
  // by the next, and said again in place when the move it was about, made at "at", is
  // stored), and what became of moves another phone recorded first (kept, the latest few).
  function say1(html, kind, at) {
    let p = notes.querySelector(".last");
    if (!p) {
      p = document.createElement("div");
      notes.prepend(p);
    }
    p.className = "last " + kind;
    p.dataset.at = at || "";
    p.innerHTML = html;
  }
  function stored(at, html) {
    const p = notes.querySelector('.last[data-at="' + at + '"]');
    if (p) p.innerHTML = html;
  }
  function conflict(html, kind, at) {
    const last = notes.querySelector('.last[data-at="' + at + '"]');
    if (last) last.remove();
    const p = document.createElement("div");
    p.className = kind;
    p.innerHTML = html;
    notes.append(p);
    while (notes.querySelectorAll(":scope > :not(.last)").length > 3) notes.querySelector(":scope > :not(.last)").remove();
  }
  const esc = (t) => { const d = document.createElement("div"); d.textContent = t; return d.innerHTML; };
  // suits is text escaped with its red suits red, as the server's pages write a move.
  const suits = (t) => esc(t).replace(/[♥♦]/g, '<span class="red">$&</span>');
  function say() {
    const n = rec ? rec.pending.length : 0;
    const waiting = n === 0 ? "" : n === 1 ? "1 move waiting to be sent." : n + " moves waiting to be sent.";
    let text = online ? waiting : "Offline: this phone judges the moves and keeps them" + (n ? ". " + waiting : ", and sends them when the network is back.") +
      " New games, corrections, rulings and the pairing wait for the network.";
    statusLine.hidden = text === "";
    statusLine.textContent = text;
    statusLine.className = "live " + (online ? "ok" : "lost");
    document.body.dataset.waiting = String(n);
  }
  // judged counts the moves this page judged, and says how the last went, for whoever watches
  // the page (its tests).
  function judged(how) {
    document.body.dataset.judged = String(Number(document.body.dataset.judged || 0) + 1);
    document.body.dataset.took = how;
  }
  // morph makes the nodes of into those of fresh, keeping each that is the same already: a move
  // changes a line or two of the part, and a part drawn afresh is laid out afresh, all of it.
  // The nodes alike at either end stay; of those between, an element of the same name takes
  // the attributes and then the nodes of its fresh one, a text its words, and any other node
  // is replaced.
  // A fresh sheet left empty (kept) stands for the sheet on the page, which stays.
  function morph(into, fresh, kept) {
    const olds = Array.from(into.childNodes), news = Array.from(fresh.childNodes);
    const same = (o, n) => (n === kept ? o.nodeName === n.nodeName && o.className === n.className : o.isEqualNode(n));
    let head = 0, tail = 0;
    while (head < olds.length && head < news.length && same(olds[head], news[head])) head++;
    while (tail < olds.length - head && tail < news.length - head && same(olds[olds.length - 1 - tail], news[news.length - 1 - tail])) tail++;
    const oldMid = olds.slice(head, olds.length - tail), newMid = news.slice(head, news.length - tail);
    const before = olds[olds.length - tail] || null;
    newMid.forEach((n, i) => {
      const o = oldMid[i];
      if (!o) {
        into.insertBefore(n, before);
      } else if (o.nodeType === Node.ELEMENT_NODE && o.nodeName === n.nodeName) {
        for (const at of Array.from(o.attributes)) if (!n.hasAttribute(at.name)) o.removeAttribute(at.name);
        for (const at of n.attributes) if (o.getAttribute(at.name) !== at.value) o.setAttribute(at.name, at.value);
        morph(o, n, kept);
      } else if (o.nodeType === Node.TEXT_NODE && n.nodeType === Node.TEXT_NODE) {
        o.data = n.data;
      } else {
        into.replaceChild(n, o);
      }
    });
    oldMid.slice(newMid.length).forEach((o) => o.remove());
  }
  const fresh = document.createElement("template");
  function draw(a) {
    fresh.innerHTML = a.state.now;
    // The engine leaves out the sheet the page shows, as most moves leave it.
    const kept = a.state.sheet_kept ? fresh.content.querySelector(".now > .sheet") : null;
    if (a.state.sheet_kept && !kept) throw new Error("the engine's part has no sheet to keep");
    morph(live, fresh.content, kept);
    sheetShown = a.state.sheet;
    drawn = true;
    const last = a.state.view.last;
    const box = document.querySelector('form.entry input[name="move"]');
    if (box && a.state.view.legal && a.state.view.legal.length) box.placeholder = a.state.view.legal[0];
    document.querySelectorAll('input[name="after"]').forEach((i) => { i.value = last; });
    document.body.dataset.shown = String(last);
    if (!document.body.dataset.referee) {
      document.body.dataset.referee = "phone";
      // How long after the page was asked for the phone's own referee drew it.
      document.body.dataset.refereeAfter = String(Math.round(performance.now()));
    }
    say();
  }

  // settle takes the engine's answer about the moves waiting: a move stored leaves the list; a
  // move refused now leaves it, said so; a move that now reads otherwise stays, said so.
  function settle(a) {
    const still = [];
    a.pending.forEach((j, i) => {
      const p = rec.pending[i];
      if (j.stored) {
        stored(p.at, "<p>Recorded: " + j.stored + ". " + suits(p.text) + "</p>");
        return;
      }
      if (j.refused && p.lost) {
        conflict("<p><strong>Not recorded again: event " + p.event.seq + ".</strong> " + esc(j.refused.message) + ": tell the director.</p>", "refusal");
        return;
      }
      if (j.refused) {
        conflict("<p><strong>Not recorded: " + suits(p.text || p.move) + ".</strong> Someone at the table recorded first, and the referee now refuses it:</p>" + j.refusal, "refusal", p.at);
        return;
      }
      if (j.changed) conflict("<p>Someone at the table recorded first: your move now reads <strong>" + suits(j.text) + "</strong> (it read " + suits(p.text) + ").</p>", "notice", p.at);
      still.push({ move: j.notation, force: p.force, at: p.at, untimed: p.untimed, event: j.event, text: j.text });
    });
    rec.pending = still;
  }

  // standing is what stands of events the phone saw stored and the server no longer holds, to
  // be sent again: a move a later void among them took back (the table's undo, or a ruling of
  // void) is left out with the void, and a move amended among them is sent in its last form,
  // the amend left out. Sent as seen, the move taken back would be recorded and the void, the
  // director's to record, would not, so the record would keep a card the table took back. A
  // correction of an event the server still holds stays, and is the director's. Each comes with
  // when it was played: as its payload says (a move that waited on a phone), else when stored.
  function standing(saw) {
    const bySeq = new Map(saw.map((e) => [e.seq, e]));
    const corrections = ["void", "amend", "ruling"];
    const gone = new Set();
    const form = new Map();
    for (const e of saw) {
      const target = bySeq.get(e.payload && e.payload.target);
      if (!corrections.includes(e.type) || !target || corrections.includes(target.type)) continue;
      if (e.type === "void" || (e.type === "ruling" && e.payload.decision === "void")) {
        gone.add(target.seq);
        gone.add(e.seq);
      } else if (e.type === "amend") { // brings the move back, voided or not, in its new form (L1)
        gone.delete(target.seq);
        form.set(target.seq, { type: e.payload.type, actor: e.payload.actor || "", payload: e.payload.payload });
        gone.add(e.seq);
      }
    }
    return saw.filter((e) => !gone.has(e.seq)).map((e) => ({
      event: form.has(e.seq) ? { ...e, ...form.get(e.seq) } : e,
      at: (e.payload && e.payload.played_at) || e.at,
    }));
  }

  // heard reads the server's clock off an answer: a move is sent with the time it was played,
  // and a phone whose own clock is off must still say when the table played. The Date header
  // counts whole seconds, so a phone within two of the server keeps its own clock.
  function heard(res) {
    const server = Date.parse(res.headers.get("Date") || "");
    if (Number.isNaN(server)) return;
    const skew = server - Date.now();
    rec.skew = Math.abs(skew) < 2000 ? 0 : skew;
  }
  const serverNow = () => Date.now() + (rec.skew || 0);

  // --- reading what the server stored, and sending what waits ---
  async function fetched(after) {
    const res = await fetch("/api/games/" + game + "/events?after=" + after, { cache: "no-store", credentials: "same-origin" });
    heard(res);
    if (res.status === 409) return null;
    if (!res.ok) throw new Error("the server answered " + res.status);
    return (await res.text()).split("\n").filter((l) => l !== "");
  }
  // Whatever changes the phone's copy runs in turn, one at a time, in the order asked: a read
  // of the server's log, a move, an undo. The game may be open in two of the phone's pages at
  // once: where the browser can lock across them, each turn holds the game's lock and starts
  // from the copy as stored, so that neither page writes over the other's moves.
  let queue = Promise.resolve();
  const exclusive = (fn) => (navigator.locks ? navigator.locks.request("tableside-game-" + game, fn) : fn());
  // The turns asked and not yet over are counted on the page, for whoever waits for it to be
  // still (its benchmarks).
  let turns = 0;
  function inTurn(fn) {
    return (...args) => {
      document.body.dataset.turns = String(++turns);
      const run = queue.then(() => exclusive(async () => {
        await reread();
        return fn(...args);
      }));
      queue = run.catch(() => { /* said where it failed */ }).then(() => { document.body.dataset.turns = String(--turns); });
      return run;
    };
  }
  // reread takes the copy as stored, which another page of the game may have changed.
  async function reread() {
    if (!rec) return;
    const kept = await load();
    if (!kept) return;
    if (kept.log.length < engineLast || (kept.log.length > 0 && rec.log.length > 0 && kept.log[0] !== rec.log[0])) engineLast = 0;
    rec = kept;
  }

  // sync reads what the server stored since the phone's last, judges the moves waiting again
  // on top of it, and draws the game.
  const sync = inTurn(async () => {
    let lines;
    try {
      lines = await fetched(lastStored());
      online = true;
    } catch (_) {
      online = false;
      say();
      return;
    }
    await engine;
    const kept = rec.log;
    if (lines !== null) {
      const last = lastStored();
      rec.log = rec.log.concat(lines.filter((l) => seqOf(l) > last));
    }
    let a;
    try {
      if (lines === null) throw Object.assign(new Error("the server's log is shorter"), { code: "conflict" });
      a = ask();
    } catch (err) {
      if (err.code !== "conflict") throw err;
      // The server's log does not go on from the copy kept here (its file was restored from
      // an older copy, or is another file): the server's is the record, read whole.
      let whole;
      try {
        whole = await fetched(0);
      } catch (_) {
        rec.log = kept;
        online = false;
        say();
        return;
      }
      const created = (log) => (log.length ? JSON.parse(log[0]).hash : "");
      if (kept.length > 0 && created(kept) !== created(whole)) {
        // Not this game at all: its number now names another. What waits here was not made in it.
        if (rec.pending.length > 0) {
          conflict("<p><strong>Not recorded: " + rec.pending.length + " moves waiting here.</strong> The server's game " + game +
            " is not the game they were made in (its file was changed): tell the director.</p>", "refusal");
        }
        rec.pending = [];
      } else {
        // The same game, its record gone back (restored from an older copy): the events this
        // phone saw stored after the point where the two part go first, to be judged again
        // and sent, so that what the phone saw is not lost.
        let same = 0;
        while (same < kept.length && same < whole.length && kept[same] === whole[same]) same++;
        const saw = kept.slice(same).map((line) => JSON.parse(line));
        const lost = standing(saw).map(({ event, at }) => ({ move: "", at, event, lost: true }));
        if (saw.length > 0) {
          const left = saw.length - lost.length;
          conflict("<p>The server's record of this game now ends at event " + whole.length + " (its file was restored from an older copy). " +
            "This phone saw " + saw.length + (saw.length === 1 ? " more event" : " more events") + " stored, and sends the moves among them again" +
            (left > 0 ? ", leaving out " + left + " that the table took back or the director corrected." : ".") + "</p>", "notice");
          rec.pending = lost.concat(rec.pending);
        }
      }
      rec.log = whole;
      engineLast = 0;
      a = ask();
    }
    settle(a);
    await save();
    draw(a);
  });

  let sending = false, retry = null;
  async function send() {
    if (sending || !rec) return;
    sending = true;
    clearTimeout(retry);
    try {
      while (rec.pending.length > 0) {
        const p = rec.pending[0];
        let res;
        try {
          res = await fetch("/api/games/" + game + "/moves", {
            method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ move: p.move, expect: p.event.seq - 1, force: !!p.force, played_at: p.untimed ? undefined : p.at }),
          });
        } catch (_) {
          online = false;
          break;
        }
        online = true;
        heard(res);
        if (res.status === 201 || res.status === 409) {
          // Stored, or someone stored first: either way the log says which, and the engine
          // marks what is stored and judges the rest again.
          await sync();
          if (!online) break;
          continue;
        }
        if (res.status === 503 || res.status === 429 || res.status >= 500) break;
        let message = "the server answered " + res.status, field = "", code = "";
        try { ({ message, field = "", code = "" } = (await res.json()).error); } catch (_) { /* not the API's JSON */ }
        if (field === "played_at" && !p.untimed) {
          // The phone's clock moved since it last read the server's: the move is the table's
          // all the same, and is sent stamped when it is stored.
          p.untimed = true;
          await save();
          say1("<p>The server did not take this phone's time for " + suits(p.text) + " (" + esc(message) + "): it is recorded with the time it reaches the server.</p>", "notice");
          continue;
        }
        if (code === "round_over") {
          // The round ended while the move waited here: the game is the director's now (T16),
          // and nothing waiting here will be taken. Each is said, not kept.
          const refused = rec.pending.splice(0);
          for (const q of refused) conflict("<p><strong>Not recorded: " + suits(q.text || q.move) + ".</strong> The server refused it: " + esc(message) + "</p>", "refusal", q.at);
          live.dataset.locked = message.replace(/^nothing was recorded: /, "");
          await save();
          await sync();
          break;
        }
        if (res.status === 401 || res.status === 403 || res.status === 404) {
          say1("<p><strong>The server does not take this phone's moves:</strong> " + esc(message) + ". Join the table again, or tell the director; the moves wait here.</p>", "refusal");
          break;
        }
        rec.pending.shift();
        conflict("<p><strong>Not recorded: " + suits(p.text) + ".</strong> The server refused it: " + esc(message) + "</p>", "refusal", p.at);
        await save();
        await sync();
      }
    } finally {
      sending = false;
      say();
      if (rec.pending.length > 0) retry = setTimeout(send, online ? 2000 : 3000);
    }
  }

  // --- the table's actions ---
  // take judges a move tapped at tapped (performance.now()), and says how long the tap took to
  // be drawn, layout included, for whoever watches the page (its benchmarks).
  const take = inTurn(async (move, force, tapped) => {
    await engine;
    // What the page said of the action before, as a reload would have cleared it.
    document.querySelectorAll("main > p.notice, main > .refusal").forEach((e) => e.remove());
    if (locked()) {
      say1("<p><strong>Not recorded:</strong> " + esc(locked()) + ": this phone no longer records in this game.</p>", "refusal");
      judged("refused");
      return false;
    }
    const made = { move, force, at: serverNow() };
    const a = ask([made]);
    const j = a.pending[a.pending.length - 1];
    if (j.refused) {
      say1(j.refusal, "");
      judged("refused");
      return false;
    }
    rec.pending.push(made);
    settle(a);
    if (j.scored) rec.entered = [...new Set(rec.entered.concat(j.scored))];
    // Drawn before it is kept: the table sees its move while the phone's storage writes it.
    const kept = save();
    draw(a);
    live.getBoundingClientRect();
    document.body.dataset.tapMs = String(performance.now() - tapped);
    await kept;
    judged("taken");
    say1("<p>Recorded on this phone: " + j.event.seq + ". " + suits(j.text) + " It waits to be sent.</p>", "notice", made.at);
    send();
    return true;
  });

  const undo = inTurn(async () => {
    const p = rec.pending.pop();
    if (!p) return; // sent meanwhile, from another page of the game
    await save();
    await engine;
    draw(ask());
    say1("<p>Taken back: " + suits(p.text) + " (it was not sent).</p>", "notice");
  });

  document.addEventListener("submit", (e) => {
    if (!rec || !drawn) return; // the server's page as drawn, until the phone has its copy
    const form = e.target;
    const action = new URL(form.action, location.href).pathname;
    const base = "/games/" + game + "/";
    if (action === base + "moves") {
      e.preventDefault();
      const tapped = performance.now();
      const data = new FormData(form);
      const input = form.querySelector('input[name="move"]:not([type="hidden"])');
      take(String(data.get("move") || "").trim(), data.get("force") !== null, tapped).then((ok) => {
        if (ok && input) input.value = "";
      }).catch((err) => {
        judged("failed");
        say1("<p><strong>This phone could not judge the move:</strong> " + esc(err.message) + "</p>", "refusal");
      });
    } else if (action === base + "undo" && rec.pending.length > 0) {
      e.preventDefault();
      undo();
    } else if (!online || rec.pending.length > 0) {
      e.preventDefault();
      say1(online ? "<p>This waits until the moves waiting are sent.</p>" : "<p>This is the server's to record: it waits for the network. The moves go on here.</p>", "notice");
    }
  });

  // live.js asks this when the server says the game moved, or the connection is back.
  live.sync = async () => { if (rec) { await sync(); send(); } };
  window.addEventListener("online", () => live.sync());

  (async () => {
    rec = await load();
    if (!rec) {
      rec = { game, log: [], pending: [], entered: [] };
    }
    const fromPage = (live.dataset.entered || "").split(" ").filter((w) => w !== "").map(Number);
    rec.entered = [...new Set(rec.entered.concat(fromPage))];
    await exclusive(async () => {
      const kept = await load(); // another page of the game may have kept moves meanwhile
      if (kept) rec.pending = kept.pending;
      await save();
    });
    prune().catch(() => { /* kept for another time */ });
    await sync();
    if (rec.log.length === 0) { // offline, and never read here: the server's page stands
      say1("<p>This phone has no copy of this game yet: it keeps one once the network is back.</p>", "notice");
      rec = null;
      delete live.sync;
      return;
    }
    if (!drawn) { // offline: draw from the copy kept here
      await engine;
      draw(ask());
    }
    send();
  })().catch((err) => {
    rec = null;
    delete live.sync;
    say1("<p>This phone cannot referee on its own here (" + esc(err.message) + "): moves go straight to the server.</p>", "notice");
  });
})();
