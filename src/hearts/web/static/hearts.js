// The web table: a client of the table server's messages, version 3
// (docs/network.md), as `hearts join` is one in a terminal. It keeps the last
// state as JSON, applies `change` messages to it (and asks for the whole state
// with `sync` when one is missing), draws it with native controls (each card a
// button with its name), says what happens in a polite live region, and words
// everything from the catalogue the terminal shares (src/hearts/words/en.json).
// The seat's token is never kept here: the server puts it in an HttpOnly cookie.
"use strict";

(function () {
  const VERSION = 3;
  const SEATS = ["south", "west", "north", "east"];
  const PLACES = ["bottom", "left", "across", "right"];
  const SUIT_ORDER = { S: 0, H: 1, C: 2, D: 3 };
  const RANKS = "23456789TJQKA";
  // a screen with no keyboard: its words name no key (forTouch)
  const TOUCH = Boolean(window.matchMedia && window.matchMedia("(hover: none) and (pointer: coarse)").matches);
  const FATAL = new Set(["version", "bad-code", "table-full", "bad-name", "name-taken",
    "replaced", "too-many-bad", "watchers-full", "table-closed"]);

  const body = document.body;
  const mode = body.dataset.mode;              // "seat" or "watch"
  const tableId = body.dataset.table;
  const query = new URLSearchParams(location.search);
  const code = query.get("code") || "";

  let W = null;            // the words catalogue
  let S = null;            // the state as the server sent it (JSON)
  let seq = null;          // its number
  let epoch = null;        // the table's run on its server
  let clock = { now: 0, at: 0 };  // the server's clock when the last message came
  let ws = null;
  let joined = false;
  let stopped = false;     // a fatal error: no more reconnecting
  let retry = 0.25;
  let seatTakenTries = 0;
  let name = "";
  let chosen = [];         // the cards chosen to pass (the client's own business)
  let raised = null;       // the card raised to be played
  let focusCard = null;    // the card that had the focus, kept across redraws
  let review = null;       // the review on show: {data, step}
  let lost = false;        // the connection dropped: say when it is back
  let early = [];          // notices come before the first state: said after it

  // --- words ------------------------------------------------------------------

  function w(path) {
    let entry = W;
    for (const key of path.split(".")) {
      if (entry == null) return path;
      entry = entry[key];
    }
    return entry == null ? path : entry;
  }

  function fill(template, fields) {
    return String(template).replace(/\{([a-z_]+)\}/g, (all, key) =>
      fields && fields[key] !== undefined && fields[key] !== null ? String(fields[key]) : all);
  }

  function names(items) {
    if (items.length <= 1) return items.join("");
    return items.slice(0, -1).join(w("cards.comma")) + w("cards.and") + items[items.length - 1];
  }

  function rankOf(card) { return card.slice(0, -1).replace("10", "T"); }
  function suitOf(card) { return card.slice(-1); }

  function cardName(card) {
    return fill(w("cards.card"), { rank: w("cards.ranks." + rankOf(card)),
      suit: w("cards.suits." + suitOf(card)) });
  }

  function cardNames(cards) {
    return names(cards.map((c) => fill(w("cards.the_card"), { card: cardName(c) })));
  }

  function shortCard(card) {
    return w("cards.short_ranks." + rankOf(card)) + w("cards.symbols." + suitOf(card));
  }

  function seatIndex(seat) { return SEATS.indexOf(seat); }
  function who(seat) { return S && S.seats[seatIndex(seat)] ? S.seats[seatIndex(seat)].name : seat; }
  function mine(seat) { return S && S.seat === seat; }
  function whoOrYou(seat) { return mine(seat) ? w("web.you") : who(seat); }

  function byTable(a, b) {
    const suits = SUIT_ORDER[suitOf(a)] - SUIT_ORDER[suitOf(b)];
    return suits || RANKS.indexOf(rankOf(a)) - RANKS.indexOf(rankOf(b));
  }

  function winnerText(winners) {
    if (!winners || !winners.length) return w("results.game-over");
    const score = S.scores[seatIndex(winners[0])];
    const low = fill(w(score === 1 ? "results.point" : "results.points"), { count: score });
    if (winners.length === 1) {
      return mine(winners[0]) ? fill(w("results.you-win"), { points: low })
        : fill(w("results.wins"), { who: who(winners[0]), points: low });
    }
    const list = winners.map((s) => (mine(s) ? w("results.you") : who(s)));
    return fill(w("results.share"), { names: names(list), points: low });
  }

  function pointsText(count) {
    return fill(w(count === 1 ? "results.point" : "results.points"), { count: count });
  }

  function moon(shooter) {
    if (!shooter) return "";
    return mine(shooter) ? w("prompts.moon-you") : fill(w("prompts.moon"), { who: who(shooter) });
  }

  function promptText() {
    const p = S.prompt || { kind: "welcome" };
    const said = (key) => w("prompts." + key);
    switch (p.kind) {
      case "trick-taken":
        return fill(said(p.next_lead ? "trick-taken-lead" : "trick-taken"),
          { who: who(p.seat), number: p.number });
      case "welcome": case "stuck": case "played-out":
        return said(p.kind);
      case "wait-pass": {
        const waiting = (S.waiting || []).filter((s) => !mine(s)).map(who);
        return waiting.length ? fill(said("wait-pass-named"), { names: names(waiting) })
          : said("wait-pass");
      }
      case "choose": {
        const view = S.view || {};
        const kept = (view.hand || []).includes("QS") && !(view.rules || {}).pass_queen;
        return fill(said(kept ? "choose-queen" : "choose"),
          { direction: w("directions." + p.direction) });
      }
      case "received":
        return fill(said("received"), { who: who(p.seat) });
      case "hand-over":
        return moon(p.shooter) + said("hand-over");
      case "game-over": {
        const won = winnerText(p.winners);
        const tail = said("game-over-tails").find((t) => (won + t).length <= 80) || "";
        return won + tail;
      }
      case "lead":
        return fill(said(mine(p.seat) ? "lead-you" : "lead"), { number: p.number, who: who(p.seat) });
      case "follow":
        return fill(said(mine(p.seat) ? "follow-you" : "follow"),
          { number: p.number, who: who(p.seat), suit: w("cards.suits." + p.suit) });
      default:
        return p.kind;
    }
  }

  function refusalText(r) {
    return fill(w("refusals." + r.reason), {
      card: r.card ? cardName(r.card) : "", suit: r.suit ? w("cards.suits." + r.suit) : "",
      seat: r.seat ? who(r.seat) : "" });
  }

  function noticeText(n) {
    const said = W.notices;
    const named = n.seat ? (mine(n.seat) ? "you" : who(n.seat)) : "";
    switch (n.kind) {
      case "refused": return refusalText(n.refusal || {});
      case "press-deal": return said[S && S.hand_number ? "press-deal" : "press-deal-first"];
      case "not-a-person": return fill(said["not-a-person"], { seat: w("seats." + n.seat) });
      case "forced-card": return fill(said["forced-card"], { card: cardName(n.card) });
      case "hint":
        return fill(said[(n.cards || []).length === 3 ? "hint-pass" : "hint"], { cards: cardNames(n.cards || []) });
      case "player-failed": return failureText(n);
      case "text": return n.text || "";
      case "left":
        if (mine(n.seat)) return said["you-left"];
        break;
      default: break;
    }
    // about this person: "You are back", never "South is back"
    if (mine(n.seat) && said[n.kind + "-you"] !== undefined) return said[n.kind + "-you"];
    if (said[n.kind] !== undefined) {
      return fill(said[n.kind], { count: n.count, who: named, name: n.name || named });
    }
    return fill(said.unknown, { kind: n.kind });
  }

  function failureText(n) {
    const said = W.failures;
    const level = n.level ? n.level.charAt(0).toUpperCase() + n.level.slice(1) : said.computer;
    const whoFailed = n.decision === "hint" ? fill(said["who-hint"], { level: level })
      : fill(said.who, { name: n.seat ? who(n.seat) : "", level: level });
    const lower = n.lower ? n.lower.charAt(0).toUpperCase() + n.lower.slice(1) : said.lower;
    return fill(said[n.outcome || "stuck"], {
      who: whoFailed, what: said.decisions[n.decision] || said.decisions.other,
      where: n.log ? fill(said.where, { log: n.log }) : "", error: n.error || said["an-error"],
      lower: lower });
  }

  function errorText(codeName, message) {
    const own = message ? message.charAt(0).toUpperCase() + message.slice(1) : "";
    if (codeName === "bad-name" || codeName === "bad-message" || !W.errors[codeName]) return own || codeName;
    return fill(W.errors[codeName], { message: own });
  }

  // --- the live region and the status ---------------------------------------------

  const log = document.getElementById("log");

  function say(text) {
    if (!text) return;
    const line = document.createElement("p");
    line.textContent = text.charAt(0).toUpperCase() + text.slice(1);
    log.appendChild(line);
    while (log.childElementCount > 40) log.removeChild(log.firstElementChild);
  }

  function serverNow() {
    return clock.now + (performance.now() - clock.at) / 1000;
  }

  function secondsLeft(until) {
    return Math.max(0, Math.ceil(until - serverNow()));
  }

  // --- the connection -----------------------------------------------------------

  function socketUrl() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return scheme + "//" + location.host + "/t/" + encodeURIComponent(tableId) + "/ws";
  }

  function send(message) {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  }

  function connect() {
    if (stopped) return;
    showNotice(S ? null : w("web.connecting"));
    ws = new WebSocket(socketUrl());
    ws.onopen = () => {
      const first = { type: mode === "watch" ? "watch" : "join", version: VERSION, code: code,
        name: name || "Guest" };
      if (epoch !== null && seq !== null) first.resume = { epoch: epoch, seq: seq };
      send(first);
    };
    ws.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      if (message && typeof message === "object") receive(message);
    };
    ws.onclose = () => {
      ws = null;
      if (stopped) return;
      if (S && joined) { say(w("web.reconnecting")); lost = true; }  // once, not at every try
      joined = false;
      setTimeout(connect, retry * 1000);
      retry = Math.min(8, retry * 2);
    };
  }

  function receive(m) {
    if (typeof m.now === "number") clock = { now: m.now, at: performance.now() };
    switch (m.type) {
      case "welcome":
        if (S && lost) say(w("web.reconnected"));
        lost = false;
        joined = true;
        retry = 0.25;
        seatTakenTries = 0;
        if (m.epoch !== undefined && m.epoch !== epoch) { epoch = m.epoch; }
        if (m.token) keepSeat(m.token);
        try { localStorage.setItem("hearts.name", name); } catch (e) { /* private mode */ }
        break;
      case "state":
        setState(m.state, m.seq);
        while (early.length) sayNotice(early.shift());
        break;
      case "change":
        if (S === null || m.base !== seq) { send({ type: "sync" }); break; }
        setState(applyChange(S, m.set), m.seq);
        break;
      case "notice":
        if (!m.notice) break;
        if (S === null) early.push(m.notice);  // said once the state names the people
        else sayNotice(m.notice);
        break;
      case "hand":  // a finished hand's record: record.js keeps it in this browser
        toRoom(m);
        break;
      case "review":
        openReview(m);
        break;
      case "error":
        refused(m.code, m.message || "");
        break;
      case "seat-link":
      case "reaction":  // (reactions.js shows it)
        toRoom(m);
        break;
      default:
        break;  // a newer server's message: ignored
    }
  }

  function sayNotice(notice) {
    if (notice.kind === "hint") takeHint(notice.cards || []);
    say(noticeText(notice));
  }

  function takeHint(cards) {
    // As the terminal does: the hinted pass chosen, the hinted card raised.
    if (!S || !S.seat) return;
    const passable = S.passable || [];
    if (passable.length && cards.length === 3 && cards.every((c) => passable.includes(c))) {
      chosen = cards.slice();
    } else if (cards.length === 1 && (S.legal || []).includes(cards[0])) {
      raised = cards[0];
      focusCard = cards[0];
    } else {
      return;
    }
    draw();
  }

  // --- the room (room.js): the creator's commands go out on this socket, and
  // what answers them comes back to it as a "hearts:message" event -------------------

  function toRoom(m) {
    document.dispatchEvent(new CustomEvent("hearts:message", { detail: m }));
  }

  document.addEventListener("hearts:send", (event) => {
    if (event.detail && ["host", "reaction"].includes(event.detail.type)) send(event.detail);
  });

  function applyChange(state, entries) {
    const next = JSON.parse(JSON.stringify(state));
    for (const entry of entries || []) {
      const path = entry[0], value = entry[1];
      if (!Array.isArray(path) || !path.length) return next;
      let at = next;
      for (let i = 0; i < path.length - 1; i++) {
        if (at[path[i]] === null || typeof at[path[i]] !== "object") at[path[i]] = {};
        at = at[path[i]];
      }
      at[path[path.length - 1]] = value;
    }
    return next;
  }

  function keepSeat(token) {
    // The token goes straight to the server, which keeps it in an HttpOnly
    // cookie; this page forgets it.
    fetch("seat", { method: "POST", body: token, credentials: "same-origin",
      headers: { "Content-Type": "text/plain" } }).then((r) => {
      if (!r.ok) say(w("web.cookies"));
      else body.dataset.seated = "1";
    }, () => {});
  }

  function forgetSeat() {
    body.dataset.seated = "0";
    return fetch("seat", { method: "DELETE", credentials: "same-origin" }).catch(() => {});
  }

  function refused(codeName, message) {
    const text = errorText(codeName, message);
    if (codeName === "bad-token") {
      forgetSeat().then(() => askName(text));
      stopSocket();
      return;
    }
    if (codeName === "bad-name" || codeName === "name-taken") {
      stopSocket();
      askName(text);
      return;
    }
    if (codeName === "seat-taken") {
      seatTakenTries += 1;
      if (seatTakenTries > 5) stop(text);
      else say(text);
      return;
    }
    if (codeName === "replaced") {
      // freed, given to a computer or moved to another device: this browser's
      // seat is gone, so a reload asks who sits down rather than taking it back
      forgetSeat();
      stop(text);
      return;
    }
    if (FATAL.has(codeName)) { stop(text); return; }
    if (codeName === "stopping") { showNotice(w("web.stopped")); }
    say(text);
  }

  function stopSocket() {
    stopped = true;
    if (ws) ws.close();
    stopped = false;
    ws = null;
  }

  function stop(text) {
    // No more of this table here: its buttons go with it, the reason stays.
    stopped = true;
    if (ws) ws.close();
    showNotice(text);
    el("table").hidden = true;
    for (const open of document.querySelectorAll("dialog[open]")) open.close();
  }

  // --- drawing ------------------------------------------------------------------

  const el = (id) => document.getElementById(id);

  function showNotice(text) {
    el("notice").hidden = !text;
    if (text) {
      el("notice-text").textContent = text;
      el("table").hidden = !S;
      el("join").hidden = true;
    }
  }

  function askName(why) {
    el("notice").hidden = true;
    el("table").hidden = true;
    el("join").hidden = false;
    el("join-why").textContent = why || "";
    const input = el("name");
    if (!input.value) input.value = name;
    input.focus();
  }

  function place(seat) {
    const me = S.seat ? seatIndex(S.seat) : 0;
    return PLACES[(seatIndex(seat) - me + 4) % 4];
  }

  function setState(state, number) {
    const before = S;
    S = state;
    seq = number;
    if (!before || state.stage !== "passing" || before.view === null ||
        (before.hand_number !== state.hand_number)) chosen = [];
    chosen = chosen.filter((c) => (state.passable || []).includes(c));
    if (raised && !(state.view && state.view.hand.includes(raised))) raised = null;
    tell(before, state);
    draw();
    toRoom({ type: "state", state: state });
  }

  function tell(before, after) {
    // What changed, said in the live region: each card played, who took the
    // trick and its points, the turn when it comes to this seat, the prompt
    // when a pass or a hand begins or ends.
    if (!before) {
      say(promptText());
      tellThePass(after);
      return;
    }
    const old = before.trick || [];
    const now = after.trick || [];
    const same = old.length <= now.length && old.every((p, i) => now[i] && p[1] === now[i][1]);
    const fresh = same ? now.slice(old.length) : now;
    for (const [seat, card] of fresh) {
      say(mine(seat) ? fill(w("web.you-play"), { card: cardName(card) })
        : fill(w("web.plays"), { who: who(seat), card: cardName(card) }));
    }
    if (after.winner && !(before.winner && same && fresh.length === 0)) {
      const i = seatIndex(after.winner);
      const gained = after.view && before.view ? after.view.points_taken[i] - before.view.points_taken[i] : 0;
      const named = who(after.winner);
      const kind = mine(after.winner) ? "web.you-take" : "web.takes";
      if (gained === 0) say(fill(w(kind + "-none"), { who: named }));
      else if (gained === 1) say(fill(w(kind + "-one"), { who: named }));
      else say(fill(w(kind + "-points"), { who: named, points: gained }));
    }
    const kind = after.prompt && after.prompt.kind;
    const was = before.prompt && before.prompt.kind;
    if (kind === "received" && was !== "received" && after.view && (after.view.received || []).length) {
      say(fill(w("web.received-cards"), { cards: cardNames(after.view.received.slice().sort(byTable)),
        who: who(after.prompt.seat) }));
    } else if (kind !== was && ["choose", "received", "hand-over", "game-over", "stuck"].includes(kind)) {
      // (the rest of a hand played out is said once, by the table's notice)
      say(promptText());
    } else if ((kind === "lead" || kind === "follow") && mine(after.prompt.seat) &&
               !(before.prompt && before.prompt.seat === after.prompt.seat && (was === "lead" || was === "follow"))) {
      say(w("web.your-turn"));
    }
  }

  function tellThePass(state) {
    // Sitting down (or back) after the pass: what this seat gave and got.
    const view = state.view;
    if (!view || state.stage === "passing" || !(view.passed || []).length || !(view.received || []).length) return;
    say(fill(w("web.seat-passed"), { cards: cardNames(view.passed.slice().sort(byTable)),
      direction: w("directions." + view.pass_direction),
      received: cardNames(view.received.slice().sort(byTable)) }));
  }

  function draw() {
    if (el("join").contains(document.activeElement) || document.activeElement === document.body) {
      // seated: the focus leaves the form for the table
      el("status").focus();
    }
    el("join").hidden = true;
    el("notice").hidden = true;
    el("table").hidden = false;
    body.dataset.stage = S.stage;
    el("status").textContent = promptText();
    drawPlayers();
    drawTrick();
    drawHand();
    drawActions();
    drawWatchers();
    drawTableInfo();
    drawTitle();
    tick();
    if (el("scores").open) drawScores();
  }

  function presenceText(info) {
    const p = info.presence;
    if ((p === "away" || p === "free") && typeof info.until === "number") {
      return fill(w("presence." + p + "-until"), { seconds: secondsLeft(info.until) });
    }
    return w("presence." + p);
  }

  function turnSeat() {
    const p = S.prompt || {};
    return (p.kind === "lead" || p.kind === "follow") ? p.seat : null;
  }

  function drawPlayers() {
    const turn = turnSeat();
    const waiting = new Set(S.waiting || []);
    SEATS.forEach((seat, i) => {
      const info = S.seats[i];
      const li = document.querySelector('.player[data-at="' + place(seat) + '"]');
      li.replaceChildren();
      li.dataset.presence = info.presence;
      li.classList.toggle("turn", turn === seat || (S.stage === "passing" && waiting.has(seat)));
      const title = document.createElement("span");
      title.className = "name";
      title.textContent = info.name + (mine(seat) ? " (" + w("web.you") + ")" : "");
      const score = document.createElement("span");
      score.className = "score";
      score.textContent = fill(w(S.scores[i] === 1 ? "web.score-one" : "web.score"), { score: S.scores[i] });
      const taken = S.view ? S.view.points_taken[i] : 0;
      if (taken && S.stage !== "idle") score.textContent += " (+" + taken + ")";
      const presence = document.createElement("span");
      presence.className = "presence";
      presence.dataset.until = info.until || "";
      presence.dataset.p = info.presence;
      presence.textContent = presenceText(info);
      li.append(title, score, presence);
      if (turn === seat) {
        const marker = document.createElement("span");
        marker.className = "marker";
        marker.textContent = mine(seat) ? w("web.your-turn") : fill(w("web.turn-of"), { who: info.name });
        li.append(marker);
      }
    });
  }

  function cardFace(card, extraClass) {
    const face = document.createElement("span");
    face.className = "face suit-" + suitOf(card) + (extraClass ? " " + extraClass : "");
    face.setAttribute("aria-hidden", "true");
    const rank = document.createElement("span");
    rank.className = "rank";
    rank.textContent = w("cards.short_ranks." + rankOf(card));
    const pip = document.createElement("span");
    pip.className = "pip";
    pip.textContent = w("cards.symbols." + suitOf(card));
    const corner = document.createElement("span");
    corner.className = "corner";
    corner.textContent = w("cards.symbols." + suitOf(card));
    face.append(rank, corner, pip);
    return face;
  }

  function drawTrick() {
    const list = el("trick");
    list.replaceChildren();
    list.setAttribute("aria-label", w("web.trick"));
    for (const [seat, card] of S.trick || []) {
      const li = document.createElement("li");
      li.className = "played at-" + place(seat) + (S.winner === seat ? " won" : "");
      li.dataset.card = card;
      const label = document.createElement("span");
      label.className = "sr-only";
      label.textContent = (mine(seat) ? w("web.you") : who(seat)) + ": " + cardName(card);
      const face = cardFace(card);
      const by = document.createElement("span");
      by.className = "by";  // who played it, on the card's free corner (wide screens)
      by.textContent = whoOrYou(seat);
      face.append(by);
      li.append(label, face);
      list.append(li);
    }
    const result = el("result");
    result.replaceChildren();
    if (S.result && !(S.trick || []).length) {
      const lines = [];
      lines.push(S.match_over ? winnerText(S.result.winners) : fill(w("results.hand-complete"), { number: S.result.number }));
      const row = (S.sheet || [])[S.result.number - 1];
      if (row) {
        lines.push(fill(w("web.hand-points"), { scores: S.seats.map((info, i) =>
          fill(w("web.score-of"), { name: whoOrYou(SEATS[i]), score: row.points[i] })).join(", ") }));
      }
      if (S.result.seed !== null && S.result.seed !== undefined) {
        lines.push(fill(w(S.match_over ? "results.hand-from" : "results.dealt-from"), { number: S.result.number, seed: S.result.seed }));
      }
      if (S.result.shooter) lines.push(mine(S.result.shooter) ? w("results.moon-you") : fill(w("results.moon"), { who: who(S.result.shooter) }));
      for (const line of lines) {
        const p = document.createElement("p");
        p.textContent = line;
        result.append(p);
      }
      if (S.result.deal && (mode === "watch" || !S.seat)) result.append(dealList(S.result.deal));
    }
  }

  function dealList(deal) {
    // Every hand as dealt: public once the hand is over.
    const dl = document.createElement("dl");
    dl.className = "deal";
    for (const seat of SEATS) {
      const cards = (deal[seat] || []).slice().sort(byTable);
      const dt = document.createElement("dt");
      dt.textContent = who(seat);
      const dd = document.createElement("dd");
      for (const card of cards) {
        const span = document.createElement("span");
        span.className = "t-" + suitOf(card);
        span.textContent = shortCard(card) + " ";
        dd.append(span);
      }
      dd.setAttribute("aria-label", cards.map(cardName).join(", "));
      dl.append(dt, dd);
    }
    return dl;
  }

  function handCards() {
    if (!S.view) return [];
    return S.view.hand.slice().sort(byTable);
  }

  function drawHand() {
    const hand = el("hand");
    const area = el("hand-area");
    area.hidden = !S.seat;
    if (!S.seat) return;
    const focused = document.activeElement && document.activeElement.dataset
      ? document.activeElement.dataset.card : null;
    if (focused) focusCard = focused;
    hand.replaceChildren();
    const cards = handCards();
    const legal = new Set(S.legal || []);
    const passable = new Set(S.passable || []);
    const shown = new Set(S.raised || []);
    const passing = (S.passable || []).length > 0;
    const received = S.stage === "received";
    const bySuit = {};
    for (const card of cards) (bySuit[suitOf(card)] = bySuit[suitOf(card)] || []).push(card);
    body.dataset.cards = String(cards.length);
    for (const suit of ["S", "H", "C", "D"]) {
      const held = bySuit[suit] || [];
      if (!held.length) continue;
      const group = document.createElement("div");
      group.className = "suit";
      group.setAttribute("role", "group");
      group.setAttribute("aria-label", fill(w("web.suit-group"), { suit: w("cards.suits." + suit), count: held.length }));
      for (const card of held) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "card";
        button.dataset.card = card;
        let label = cardName(card);
        const isChosen = chosen.includes(card);
        if (passing) {
          button.setAttribute("aria-pressed", isChosen ? "true" : "false");
          if (!passable.has(card)) button.setAttribute("aria-disabled", "true");
          if (isChosen) label = fill(w("web.card-chosen"), { card: cardName(card) });
        } else if (received && shown.has(card)) {
          label = fill(w("web.card-received"), { card: cardName(card) });
        } else if (shown.has(card)) {
          label = fill(w("web.card-passed"), { card: cardName(card) });
        } else if (legal.size) {
          if (legal.has(card)) {
            label = fill(w(raised === card ? "web.card-raised" : "web.card-playable"), { card: cardName(card) });
          } else {
            button.setAttribute("aria-disabled", "true");
          }
        }
        const up = isChosen || shown.has(card) || raised === card;
        button.classList.toggle("up", up);
        button.classList.toggle("legal", legal.has(card));
        button.setAttribute("aria-label", label);
        button.append(cardFace(card));
        button.addEventListener("click", () => useCard(card));
        group.append(button);
      }
      hand.append(group);
    }
    if (focusCard) {
      const again = hand.querySelector('button[data-card="' + focusCard + '"]');
      if (again && document.activeElement === document.body) again.focus();
      else if (again && hand.contains(document.activeElement) === false && focused) again.focus();
    }
  }

  function useCard(card) {
    if (!S || !S.seat) return;
    focusCard = card;
    if ((S.passable || []).length) {
      if (chosen.includes(card)) {
        chosen = chosen.filter((c) => c !== card);
      } else if (!(S.passable || []).includes(card)) {
        say(fill(w("refusals.queen-passed"), {}));
      } else if (chosen.length >= 3) {
        say(w("notices.three-chosen"));
      } else {
        chosen.push(card);
      }
      const left = 3 - chosen.length;
      say(left ? fill(w("web.choose-more"), { count: left }) : fill(w("web.chosen"), { cards: cardNames(chosen) }));
      draw();
      return;
    }
    if (S.stage === "received") { send({ type: "continue" }); return; }
    if (raised === card && (S.legal || []).length) {
      send({ type: "play", card: card });
      raised = null;
      draw();
      return;
    }
    if (S.stage === "idle") { say(noticeText({ kind: "press-deal" })); return; }
    if ((S.legal || []).length && !(S.legal || []).includes(card)) {
      // The table says why: the same reason a terminal is given.
      send({ type: "play", card: card });
      return;
    }
    raised = raised === card ? null : card;
    draw();
  }

  const BUTTONS = [
    // [action, when offered, what it does]
    ["play", () => raised && (S.legal || []).length, () => { send({ type: "play", card: raised }); raised = null; draw(); }],
    ["deal", (a) => a.has("deal"), () => send({ type: "deal" })],
    ["pass", (a) => a.has("pass"), () => pass()],
    ["clear", (a) => a.has("pass") && chosen.length, () => { chosen = []; draw(); }],
    ["continue", (a) => a.has("continue"), () => send({ type: "continue" })],
    ["hint", (a) => a.has("hint"), () => send({ type: "hint" })],
    ["undo", (a) => a.has("undo"), () => send({ type: "undo" })],
    ["last", () => lastTrick() !== null, () => showLast()],
    ["scores", () => (S.sheet || []).length > 0, () => showScores()],
    ["review", (a) => a.has("review"), () => askReview()],
    ["settings", () => true, () => showSettings()],
    ["help", () => true, () => showHelp()],
    ["leave", () => true, () => askLeave()],
  ];

  function drawActions() {
    const nav = el("actions");
    const actions = new Set(S.actions || []);
    const keep = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.action : null;
    nav.replaceChildren();
    for (const [action, offered, run] of BUTTONS) {
      if (mode === "watch" && !["scores", "help", "settings", "leave", "last"].includes(action)) continue;
      if (!offered(actions)) continue;
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.action = action;
      button.textContent = w("actions." + action);
      if (action === "pass" && chosen.length !== 3) button.setAttribute("aria-disabled", "true");
      button.addEventListener("click", run);
      nav.append(button);
      if (keep === action) button.focus();
    }
  }

  function drawWatchers() {
    const p = el("watchers");
    const watching = S.watchers || [];
    p.hidden = !watching.length && mode !== "watch";
    const parts = [];
    if (mode === "watch") parts.push(w("web.watching"));
    if (watching.length) parts.push(fill(w("web.watchers"), { names: names(watching) }));
    p.textContent = parts.join(" - ");
  }

  function tick() {
    // The countdowns: a turn timer, and the seats that wait for their person.
    const out = el("countdown");
    let text = "";
    if (S && S.timer && typeof S.timer.until === "number") {
      const left = secondsLeft(S.timer.until);
      const whose = (S.timer.seats || []).map((s) => (mine(s) ? w("web.you") : who(s)));
      text = names(whose) + ": " + fill(w("web.countdown"), { seconds: left });
    }
    out.hidden = !text;
    out.textContent = text;
    document.querySelectorAll(".presence[data-until]").forEach((span) => {
      const until = parseFloat(span.dataset.until);
      if (until) span.textContent = fill(w("presence." + span.dataset.p + "-until"), { seconds: secondsLeft(until) });
    });
  }

  // --- the rules in sight ---------------------------------------------------------

  // The table's rules as the page was served them (hearts.web.pages.table_rules):
  // the settings, the rule set they follow ("custom" if none) and a hand's points.
  let tableRules = null;
  try { tableRules = body.dataset.rules ? JSON.parse(body.dataset.rules) : null; } catch (e) { tableRules = null; }

  function ruleSetText(told, form) {
    const key = told.set;
    return fill(w("rules." + form), { set: w("rules.sets." + key), about: w("rules.set-about." + key),
      target: told.rules.target });
  }

  function rulesLines(told) {
    // The same sentences, in the same order, as hearts.tui.words.rules_lines.
    const rules = told.rules;
    const onOff = (name, on) => w("rules." + name + "." + (on ? "on" : "off"));
    const lines = [w("rules.aim"), w("rules.passing." + rules.passing), onOff("queen", rules.pass_queen),
      onOff("first-lead", rules.first_lead), w("rules.follow"), onOff("leading-hearts", rules.leading_hearts),
      onOff("first-trick", rules.first_trick), w("rules.scoring." + rules.scoring)];
    if (rules.jack_of_diamonds) lines.push(w("rules.jack"));
    lines.push(fill(w("rules.moon"), { value: told.hand_value }));
    lines.push(fill(w("rules.target"), { target: rules.target }));
    return lines;
  }

  function drawTableInfo() {
    // The rule set, the hand's number and whether hearts are broken, under the status.
    const parts = [];
    if (tableRules) parts.push(ruleSetText(tableRules, "short"));
    if (S.hand_number) parts.push(fill(w("rules.hand"), { number: S.hand_number }));
    if (S.view && S.stage !== "idle") parts.push(w(S.view.hearts_broken ? "rules.hearts-broken" : "rules.hearts-not-broken"));
    el("table-info").textContent = parts.join(" · ");
    body.dataset.hearts = S.view && S.view.hearts_broken ? "broken" : "";
  }

  // --- the turn cue: the tab's title, and a sound or a vibration if wanted ---------------

  let lastCue = "";

  function turnCue() {
    // What the table waits for from this person: a card, a pass, or anything else.
    if (!S || !S.seat || mode === "watch") return "";
    if ((S.legal || []).length) return "turn";
    if ((S.passable || []).length) return "pass";
    if ((S.waiting || []).includes(S.seat)) return "wait";
    return "";
  }

  function drawTitle() {
    const cue = turnCue();
    document.title = w(cue ? "web.title-" + cue : "web.title");
    if (cue && !lastCue) alertTurn();
    lastCue = cue;
  }

  let audio = null;

  function audioContext() {
    // Made (or woken) on a tap or a key: browsers keep sound off until then.
    const Kind = window.AudioContext || window.webkitAudioContext;
    if (!Kind) return null;
    if (!audio) audio = new Kind();
    if (audio.state === "suspended") audio.resume().catch(() => {});
    return audio;
  }

  function chime() {
    // Two soft notes, made here: no sound file to fetch.
    const ctx = audioContext();
    if (!ctx) return;
    const start = ctx.currentTime + 0.01;
    [[660, 0], [880, 0.16]].forEach(([pitch, after]) => {
      const tone = ctx.createOscillator();
      const level = ctx.createGain();
      tone.type = "sine";
      tone.frequency.value = pitch;
      level.gain.setValueAtTime(0.0001, start + after);
      level.gain.exponentialRampToValueAtTime(0.2, start + after + 0.02);
      level.gain.exponentialRampToValueAtTime(0.0001, start + after + 0.3);
      tone.connect(level).connect(ctx.destination);
      tone.start(start + after);
      tone.stop(start + after + 0.32);
    });
  }

  function alertTurn() {
    if (prefs.sound) chime();
    if (prefs.vibrate && navigator.vibrate) navigator.vibrate([70, 50, 70]);
  }

  // --- settings, kept by the browser ------------------------------------------------

  const PREFS_KEY = "hearts.settings";
  const CHOICES = { theme: ["device", "felt", "dark", "contrast"], size: ["small", "normal", "large"] };
  const THEME_COLOURS = { felt: "#0a6b22", dark: "#16191d", contrast: "#000000" };

  function loadPrefs() {
    const kept = { sound: false, vibrate: false, four: false, theme: "device", size: "normal" };
    let stored = null;
    try { stored = JSON.parse(localStorage.getItem(PREFS_KEY) || "null"); } catch (e) { stored = null; }
    if (stored && typeof stored === "object") {
      for (const name of ["sound", "vibrate", "four"]) if (typeof stored[name] === "boolean") kept[name] = stored[name];
      for (const name of Object.keys(CHOICES)) if (CHOICES[name].includes(stored[name])) kept[name] = stored[name];
    }
    return kept;
  }

  const prefs = loadPrefs();

  function deviceTheme() {
    // "As the device": high contrast or dark when the device asks for it
    const asks = (query) => Boolean(window.matchMedia && window.matchMedia(query).matches);
    if (asks("(prefers-contrast: more)")) return "contrast";
    return asks("(prefers-color-scheme: dark)") ? "dark" : "felt";
  }

  function applyPrefs() {
    const root = document.documentElement;
    const theme = prefs.theme === "device" ? deviceTheme() : prefs.theme;
    root.dataset.theme = theme;
    root.dataset.deck = prefs.four ? "four" : "two";
    root.dataset.size = prefs.size;
    const colour = document.querySelector('meta[name="theme-color"]');
    if (colour) colour.setAttribute("content", THEME_COLOURS[theme]);
  }
  applyPrefs();

  function savePrefs() {
    try { localStorage.setItem(PREFS_KEY, JSON.stringify(prefs)); } catch (e) { /* private mode: this visit only */ }
    applyPrefs();
  }

  function showSettings() {
    el("set-sound").checked = prefs.sound;
    el("set-vibrate").checked = prefs.vibrate;
    el("vibrate-row").hidden = !navigator.vibrate;
    el("set-four").checked = prefs.four;
    el("set-theme").value = prefs.theme;
    el("set-size").value = prefs.size;
    el("settings").showModal();
  }

  function labelSettings() {
    const fixed = { "settings-title": "actions.settings", "settings-about": "web.settings-about",
      "cue-legend": "web.cue-legend", "set-sound-label": "web.cue-sound", "set-vibrate-label": "web.cue-vibrate",
      "looks-legend": "web.looks-legend", "set-four-label": "web.four-colour", "set-theme-label": "web.theme",
      "set-size-label": "web.card-size" };
    for (const [id, key] of Object.entries(fixed)) el(id).textContent = w(key);
    for (const name of Object.keys(CHOICES)) {
      el("set-" + name).querySelectorAll("option").forEach((o) => {
        o.textContent = w("web." + (name === "theme" ? "themes." : "sizes.") + o.value);
      });
    }
  }

  el("set-sound").addEventListener("change", (e) => {
    prefs.sound = e.target.checked;
    savePrefs();
    if (prefs.sound) chime();  // what it sounds like (and the tap lets the browser play it)
  });
  el("set-vibrate").addEventListener("change", (e) => {
    prefs.vibrate = e.target.checked;
    savePrefs();
    if (prefs.vibrate && navigator.vibrate) navigator.vibrate(70);
  });
  el("set-four").addEventListener("change", (e) => { prefs.four = e.target.checked; savePrefs(); });
  el("set-theme").addEventListener("change", (e) => { prefs.theme = e.target.value; savePrefs(); });
  el("set-size").addEventListener("change", (e) => { prefs.size = e.target.value; savePrefs(); });
  // a tap or a key wakes the sound, so that a turn's chime may play later
  document.addEventListener("pointerdown", () => { if (prefs.sound) audioContext(); });
  document.addEventListener("keydown", () => { if (prefs.sound) audioContext(); });

  // --- actions ------------------------------------------------------------------

  function pass() {
    if (chosen.length !== 3) {
      say(fill(w("notices.choose-three"), { count: chosen.length }));
      return;
    }
    send({ type: "pass", cards: chosen.slice() });
  }

  function lastTrick() {
    if (!S || !S.view || !S.view.tricks || !S.view.tricks.length) return null;
    return S.view.tricks[S.view.tricks.length - 1];
  }

  function showLast() {
    const trick = lastTrick();
    const box = el("last-body");
    box.replaceChildren();
    if (!trick) {
      box.textContent = w("web.no-last-trick");
    } else {
      const list = document.createElement("ol");
      list.className = "trick small";
      const lead = seatIndex(trick.leader);
      trick.cards.forEach((card, i) => {
        const seat = SEATS[(lead + i) % 4];
        const li = document.createElement("li");
        li.className = "played at-" + place(seat) + (trick.winner === seat ? " won" : "");
        const label = document.createElement("span");
        label.className = "sr-only";
        label.textContent = whoOrYou(seat) + ": " + cardName(card);
        li.append(label, cardFace(card));
        list.append(li);
      });
      const taken = document.createElement("p");
      taken.textContent = mine(trick.winner) ? w("web.you-take") : fill(w("web.takes"), { who: who(trick.winner) });
      box.append(list, taken);
    }
    el("last").showModal();
  }

  function drawScores() {
    const box = el("scores-body");
    box.replaceChildren();
    const table = document.createElement("table");
    const caption = document.createElement("caption");
    caption.textContent = fill(w("web.target"), { target: S.target });
    if ((S.sheet || []).some((row) => !row.over)) caption.textContent += " - " + w("web.sheet-live");
    const head = document.createElement("tr");
    const corner = document.createElement("th");
    corner.scope = "col";
    corner.textContent = w("web.hand-col");
    head.append(corner);
    for (const info of S.seats) {
      const th = document.createElement("th");
      th.scope = "col";
      th.textContent = info.name;
      head.append(th);
    }
    const thead = document.createElement("thead");
    thead.append(head);
    const tbody = document.createElement("tbody");
    (S.sheet || []).forEach((row, i) => {
      const tr = document.createElement("tr");
      const th = document.createElement("th");
      th.scope = "row";
      th.textContent = String(i + 1);
      tr.append(th);
      row.points.forEach((points, seat) => {
        const td = document.createElement("td");
        td.textContent = String(points) + (row.shooter === SEATS[seat] ? " ☾" : "") +
          (row.queen === SEATS[seat] ? " Q♠" : "");
        if (!row.over) td.className = "live";
        tr.append(td);
      });
      tbody.append(tr);
    });
    const foot = document.createElement("tfoot");
    const total = document.createElement("tr");
    const label = document.createElement("th");
    label.scope = "row";
    label.textContent = w("web.total");
    total.append(label);
    const totals = [0, 0, 0, 0];
    (S.sheet || []).forEach((row) => { if (row.over) row.points.forEach((p, i) => { totals[i] += p; }); });
    const shownTotals = S.scores && (S.sheet || []).every((r) => r.over) ? totals : S.scores;
    shownTotals.forEach((points) => {
      const td = document.createElement("td");
      td.textContent = String(points);
      total.append(td);
    });
    foot.append(total);
    table.append(caption, thead, tbody, foot);
    box.append(table);
  }

  function showScores() {
    drawScores();
    el("scores").showModal();
  }

  function showHelp() {
    el("rules-set").textContent = tableRules ? ruleSetText(tableRules, "named") : "";
    el("rules-body").replaceChildren(...(tableRules ? rulesLines(tableRules) : []).map((line) => {
      const li = document.createElement("li");
      li.textContent = line;
      return li;
    }));
    const box = el("help-body");
    box.replaceChildren();
    const dl = document.createElement("dl");
    for (const [key, what] of w("web.help")) {
      const dt = document.createElement("dt");
      const kbd = document.createElement(TOUCH ? "strong" : "kbd");  // a key, or a thing to tap
      kbd.textContent = key;
      dt.append(kbd);
      const dd = document.createElement("dd");
      dd.textContent = what;
      dl.append(dt, dd);
    }
    box.append(dl);
    el("help").showModal();
    el("help").scrollTop = 0;  // the rules first, though the focus is on Close
  }

  function askLeave() {
    if (mode === "watch") { send({ type: "leave" }); stop(w("web.ended")); return; }
    el("leave").showModal();
  }

  el("leave").addEventListener("close", () => {
    if (el("leave").returnValue === "leave") {
      send({ type: "leave" });
      forgetSeat();
      say(w("notices.you-left"));
      stop(w("web.ended") + " " + w("notices.you-left"));
    }
  });

  // --- describing the state (keys 1 to 4) -------------------------------------------

  function describeHand() {
    const cards = handCards();
    if (!cards.length) return fill(w("web.say-hand"), { suits: w("web.no-cards") });
    const parts = [];
    for (const suit of ["S", "H", "C", "D"]) {
      const held = cards.filter((c) => suitOf(c) === suit);
      const ranks = held.map((c) => w("cards.ranks." + rankOf(c)));
      parts.push(w("cards.suits." + suit) + " " + (ranks.length ? ranks.join(" ") : w("web.no-cards")));
    }
    return fill(w("web.say-hand"), { suits: parts.join("; ") });
  }

  function describeTrick() {
    if (!(S.trick || []).length) return w("web.say-trick-empty");
    return fill(w("web.say-trick"), { plays: S.trick.map(([seat, card]) => whoOrYou(seat) + " " + cardName(card)).join(", ") });
  }

  function describeScores() {
    return fill(w("web.say-scores"), { scores: S.seats.map((info, i) => fill(w("web.score-of"), { name: info.name, score: S.scores[i] })).join(", ") });
  }

  function describeTurn() {
    return promptText() + (el("countdown").hidden ? "" : " - " + el("countdown").textContent);
  }

  // --- keys ---------------------------------------------------------------------

  function moveFocus(step) {
    const buttons = Array.from(document.querySelectorAll("#hand button.card"));
    if (!buttons.length) return;
    let at = buttons.indexOf(document.activeElement);
    at = at < 0 ? (step > 0 ? 0 : buttons.length - 1) : (at + step + buttons.length) % buttons.length;
    buttons[at].focus();
    focusCard = buttons[at].dataset.card;
  }

  document.addEventListener("keydown", (event) => {
    if (!S || event.ctrlKey || event.metaKey || event.altKey) return;
    if (document.querySelector("dialog[open]")) {
      if (el("review").open) reviewKey(event);
      return;
    }
    const target = event.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA")) return;
    const key = event.key;
    const actions = new Set(S.actions || []);
    let done = true;
    switch (key) {
      case "ArrowLeft": moveFocus(-1); break;
      case "ArrowRight": moveFocus(1); break;
      case "d": if (actions.has("deal")) send({ type: "deal" }); break;
      case "p": pass(); break;
      case "c": chosen = []; draw(); break;
      case "?": send({ type: "hint" }); break;
      case "u": send({ type: "undo" }); break;
      case "l": showLast(); break;
      case "r": showScores(); break;
      case "v": askReview(); break;
      case "h": showHelp(); break;
      case "o": showSettings(); break;
      case "1": say(describeHand()); break;
      case "2": say(describeTrick()); break;
      case "3": say(describeScores()); break;
      case "4": say(describeTurn()); break;
      default:
        if (S.stage === "received" && key.length === 1) send({ type: "continue" });
        done = false;
    }
    if (done) event.preventDefault();
  });

  // --- the review ---------------------------------------------------------------

  function askReview() {
    if (!S || !(S.actions || []).includes("review")) { say(w("web.review-none")); return; }
    el("review-title").textContent = fill(w("review.title"), { number: S.result ? S.result.number : "" });
    el("review-headline").textContent = w("review.waiting");
    el("review-table").replaceChildren();
    el("review-verdict").textContent = "";
    el("review-summary").hidden = true;
    review = null;
    el("review").showModal();
    send({ type: "review" });
  }

  function figure(value, se) {
    return fill(w("review.figure"), { value: value.toFixed(2), se: se.toFixed(2) });
  }

  function cardsText(cards) {
    return cards.slice().sort(byTable).map(shortCard).join(" ");
  }

  function verdictWords(d, person) {
    const chosenCards = cardsText(d.chosen);
    const did = fill(w(d.kind === "pass" ? "review.passed" : "review.played"), { name: person, cards: chosenCards });
    const picked = (d.choices || []).find((c) => sameCards(c.cards, d.chosen) || (c.alike || []).some((x) => d.chosen.includes(x)));
    if (d.verdict === "forced" || !picked) return fill(w("review.forced"), { did: did });
    const better = d.best && !sameCards(d.best, d.chosen) ? (d.choices || []).find((c) => sameCards(c.cards, d.best)) : null;
    const against = better ? fill(w("review.against"), { cards: cardsText(better.cards), figure: figure(better.expected, better.se) }) : "";
    let text;
    if (d.verdict === "best") {
      text = fill(w("review.best"), { did: did, ess: Math.round(d.ess), expected: fill(w("review.expected"), { figure: figure(picked.expected, picked.se) }) });
    } else if (d.verdict === "close") {
      text = fill(w("review.close"), { did: did, given: figure(d.loss, d.loss_se), against: against });
    } else {
      text = fill(w("review.error"), { did: did, article: w(d.verdict === "inaccuracy" ? "review.article-vowel" : "review.article"),
        verdict: w("review.verdicts." + d.verdict), given: figure(d.loss, d.loss_se), against: against });
    }
    if (d.hindsight_best && !sameCards(d.hindsight_best, picked.cards)) {
      text += fill(w("review.hindsight"), { cards: cardsText(d.hindsight_best) });
    }
    return text;
  }

  function sameCards(a, b) {
    if (!a || !b || a.length !== b.length) return false;
    const x = a.slice().sort(), y = b.slice().sort();
    return x.every((c, i) => c === y[i]);
  }

  function openReview(m) {
    if (!el("review").open) el("review").showModal();
    review = { data: m, step: 0 };
    drawReview();
    el("review-next").focus();
  }

  function stepHeadline(step) {
    const namedSeat = (s) => who(s);
    if (step.kind === "deal") return w("review.step-deal");
    if (step.kind === "pass") return fill(w("review.step-pass"), { name: namedSeat(step.seat), cards: cardsText(step.cards) });
    return fill(w("review.step-play"), { name: namedSeat(step.seat), card: shortCard(step.cards[0]), number: Math.floor((step.plays - 1) / 4) + 1 });
  }

  function decisionAt(step) {
    const doc = review.data.review;
    for (const d of doc.decisions || []) {
      if (d.seat !== step.seat) continue;
      if (step.kind === "pass" && d.kind === "pass") return d;
      if (step.kind === "play" && d.kind === "play" && d.plays === step.plays - 1) return d;
    }
    return null;
  }

  function drawReview() {
    const steps = review.data.steps || [];
    const count = steps.length + 1;  // and the summary
    const at = review.step;
    el("review-prev").disabled = at === 0;
    el("review-first").disabled = at === 0;
    el("review-next").disabled = at >= count - 1;
    el("review-last").disabled = at >= count - 1;
    const summary = el("review-summary");
    const table = el("review-table");
    if (at >= steps.length) {
      el("review-headline").textContent = w("review.summary");
      table.replaceChildren();
      el("review-choices").replaceChildren();
      el("review-verdict").textContent = "";
      summary.hidden = false;
      drawSummary(summary);
      return;
    }
    summary.hidden = true;
    const step = steps[at];
    el("review-headline").textContent = fill(w("web.step"), { number: at + 1, count: count }) + ": " + stepHeadline(step);
    table.replaceChildren();
    const dl = document.createElement("dl");
    dl.className = "deal";
    SEATS.forEach((seat, i) => {
      const dt = document.createElement("dt");
      dt.textContent = who(seat) + " (" + pointsText(step.points[i]) + ")";
      const dd = document.createElement("dd");
      const cards = step.hands[i].slice().sort(byTable);
      for (const card of cards) {
        const span = document.createElement("span");
        span.className = "t-" + suitOf(card);
        span.textContent = shortCard(card) + " ";
        dd.append(span);
      }
      dd.setAttribute("aria-label", cards.length ? cards.map(cardName).join(", ") : w("web.no-cards"));
      dl.append(dt, dd);
    });
    table.append(dl);
    if ((step.trick || []).length) table.append(trickList(step.trick));
    const d = decisionAt(step);
    el("review-verdict").textContent = d ? verdictWords(d, who(d.seat)) : "";
    el("review-verdict").dataset.verdict = d ? d.verdict : "";
    el("review-choices").replaceChildren();
    if (d && d.verdict !== "forced" && (d.choices || []).length > 1) el("review-choices").append(choiceList(d));
  }

  function trickList(plays) {
    // The cards on the table, each where its player sits.
    const list = document.createElement("ol");
    list.className = "trick small";
    list.setAttribute("aria-label", w("web.trick"));
    for (const [seat, card] of plays) {
      const li = document.createElement("li");
      li.className = "played at-" + place(seat);
      const label = document.createElement("span");
      label.className = "sr-only";
      label.textContent = who(seat) + ": " + cardName(card);
      li.append(label, cardFace(card));
      list.append(li);
    }
    return list;
  }

  function choiceList(d) {
    // Each choice measured, best first, with the points it could expect.
    const box = document.createElement("div");
    const h = document.createElement("h3");
    h.textContent = w("review.choices");
    const ul = document.createElement("ul");
    ul.className = "choices";
    for (const c of d.choices) {
      const li = document.createElement("li");
      let text = fill(w("review.choice"), { cards: cardsText(c.cards), figure: figure(c.expected, c.se) });
      if (d.best && sameCards(c.cards, d.best)) { text += w("review.best-choice"); li.className = "best"; }
      if (sameCards(c.cards, d.chosen) || (c.alike || []).some((x) => d.chosen.includes(x))) {
        text += w(d.kind === "pass" ? "review.your-pass" : "review.your-choice");
        li.classList.add("chosen");
      }
      li.textContent = text;
      ul.append(li);
    }
    box.append(h, ul);
    return box;
  }

  function drawSummary(box) {
    box.replaceChildren();
    const doc = review.data.review;
    const steps = review.data.steps || [];
    const end = steps.length ? steps[steps.length - 1] : null;
    if (end) {
      const ul = document.createElement("ul");
      SEATS.forEach((seat, i) => {
        const li = document.createElement("li");
        li.textContent = fill(w(end.points[i] === 1 ? "review.took-one" : "review.took"), { name: who(seat), points: end.points[i] });
        ul.append(li);
      });
      box.append(ul);
    }
    const costly = (doc.decisions || []).filter((d) => ["inaccuracy", "mistake", "blunder"].includes(d.verdict))
      .sort((a, b) => b.loss - a.loss).slice(0, 3);
    if (costly.length) {
      const h = document.createElement("h3");
      h.textContent = w("review.costly");
      const ol = document.createElement("ol");
      for (const d of costly) {
        const li = document.createElement("li");
        const button = document.createElement("button");
        button.type = "button";
        button.className = "link";
        button.textContent = verdictWords(d, who(d.seat));
        button.addEventListener("click", () => {
          const index = steps.findIndex((s) => decisionAt(s) === d);
          if (index >= 0) { review.step = index; drawReview(); }
        });
        li.append(button);
        ol.append(li);
      }
      box.append(h, ol);
    }
    const h = document.createElement("h3");
    h.textContent = w("review.given-away");
    const ul = document.createElement("ul");
    for (const seat of doc.seats || []) {
      if (!seat.reviewed) continue;
      const li = document.createElement("li");
      li.textContent = fill(w(seat.decisions === 1 ? "review.total-one" : "review.total"),
        { name: who(seat.seat), figure: figure(seat.lost, seat.lost_se), count: seat.decisions });
      ul.append(li);
    }
    box.append(h, ul);
  }

  function reviewKey(event) {
    if (!review) return;
    const steps = (review.data.steps || []).length;
    const keys = { ArrowLeft: review.step - 1, ArrowRight: review.step + 1, Home: 0, End: Math.max(0, steps - 1), s: steps };
    if (!(event.key in keys)) return;
    event.preventDefault();
    review.step = Math.max(0, Math.min(steps, keys[event.key]));
    drawReview();
  }

  function reviewTo(step) {
    if (!review) return;
    const steps = (review.data.steps || []).length;
    review.step = Math.max(0, Math.min(steps, step));
    drawReview();
  }
  el("review-first").addEventListener("click", () => reviewTo(0));
  el("review-prev").addEventListener("click", () => reviewTo(review ? review.step - 1 : 0));
  el("review-next").addEventListener("click", () => reviewTo(review ? review.step + 1 : 0));
  el("review-last").addEventListener("click", () => reviewTo(review ? (review.data.steps || []).length : 0));

  // --- starting ---------------------------------------------------------------------

  function label() {
    // The page's fixed words, from the catalogue.
    const fixed = { "name-label": "web.name-label", sit: "web.sit-down", "scores-title": "web.score-sheet",
      "last-title": "web.last-trick", "help-title": "actions.help", "players-title": "web.people",
      "trick-title": "web.trick", "hand-title": "web.your-hand", "news-title": "web.news",
      "keys-title": "web.help-title", "rules-title": "rules.title",
      "review-first": "web.first", "review-prev": "web.previous", "review-next": "web.next",
      "review-last": "web.last", "leave-yes": "actions.leave" };
    for (const [id, key] of Object.entries(fixed)) el(id).textContent = w(key);
    document.querySelectorAll("button.close").forEach((b) => { b.textContent = w("actions.close"); });
    el("leave-stay").textContent = w("web.stay");
    el("leave-title").textContent = w("web.leave-title");
    el("leave-text").textContent = w("web.leave-text");
    el("actions").setAttribute("aria-label", w("web.actions"));
    if (mode === "watch") el("sit").textContent = w("web.watch");
    labelSettings();
    if (tableRules) el("join-about").textContent = fill(w("web.join-about"), { rules: ruleSetText(tableRules, "named") });
  }

  el("join").addEventListener("submit", (event) => {
    event.preventDefault();
    name = el("name").value.trim();
    if (!name) return;
    el("join").hidden = true;
    stopped = false;
    connect();
  });

  setInterval(() => { if (S) tick(); }, 1000);
  // What the tests check against the server's own codec.
  window.heartsClient = Object.freeze({ applyChange: applyChange });

  // A screen with no keyboard (a phone, a tablet) reads the catalogue's "touch"
  // entries in place of those that name keys it has not got.
  function forTouch(words) {
    if (!TOUCH || !words.touch) return words;
    for (const [section, entries] of Object.entries(words.touch)) {
      if (words[section] && typeof entries === "object") Object.assign(words[section], entries);
    }
    return words;
  }

  // A watcher reads the catalogue's "watch" entries: nothing to press, only to see.
  function forWatch(words) {
    if (mode !== "watch" || !words.watch) return words;
    for (const [section, entries] of Object.entries(words.watch)) {
      if (words[section] && typeof entries === "object") Object.assign(words[section], entries);
    }
    return words;
  }

  fetch(body.dataset.words, { credentials: "same-origin" }).then((r) => r.json()).then((words) => {
    W = forWatch(forTouch(words));
    document.documentElement.lang = W.language || "en";
    label();
    try { name = localStorage.getItem("hearts.name") || ""; } catch (e) { name = ""; }
    if (query.get("name")) name = query.get("name");
    if (!code) { stop(w("web.no-code")); return; }
    if (body.dataset.seated === "1" || query.get("name") || (mode === "watch" && name)) connect();
    else askName("");
  });
})();
