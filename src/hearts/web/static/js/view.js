// The drawing: the table's state as native controls (each card a button with
// its name, the players round the felt, the trick, the actions' row, the
// countdowns, the score sheet, the last trick and the help), redrawn whole at
// each state, keeping the focus where it was.

/** @typedef {import("./types.js").Card} Card */
/** @typedef {import("./types.js").Seat} Seat */
/** @typedef {import("./state.js").Client} Client */
import { SEATS, SUITS, byTable, seatIndex, suitOf, rankOf } from "./cards.js";
import { presenceText, promptText, winnerText } from "./sentences.js";
import { fill } from "./words.js";

/** A screen with no keyboard (a phone, a tablet): its words name no key. */
export const TOUCH = Boolean(window.matchMedia && window.matchMedia("(hover: none) and (pointer: coarse)").matches);

/**
 * An element of the page, by id (the page has them all).
 * @param {string} id
 * @returns {HTMLElement}
 */
export function el(id) {
  const found = document.getElementById(id);
  if (!found) throw new Error("the page has no #" + id);
  return found;
}

/**
 * A dialog of the page, by id.
 * @param {string} id
 * @returns {HTMLDialogElement}
 */
export function dialog(id) { return /** @type {HTMLDialogElement} */ (el(id)); }

/**
 * The whole table, drawn again from the state.
 * @param {Client} c
 */
export function draw(c) {
  const S = c.S;
  if (el("join").contains(document.activeElement) || document.activeElement === document.body) {
    // seated: the focus leaves the form for the table
    el("status").focus();
  }
  el("join").hidden = true;
  el("notice").hidden = true;
  el("table").hidden = false;
  document.body.dataset.stage = S.stage;
  el("status").textContent = promptText(c);
  drawPlayers(c);
  drawTrick(c);
  drawHand(c);
  drawActions(c);
  drawWatchers(c);
  drawTableInfo(c);
  drawTitle(c);
  tick(c);
  if (dialog("scores").open) drawScores(c);
}

/**
 * The seat whose card the table waits for (null: none).
 * @param {Client} c
 * @returns {Seat | null}
 */
export function turnSeat(c) {
  const S = c.S;
  const p = S.prompt;
  return p && (p.kind === "lead" || p.kind === "follow") ? p.seat || null : null;
}

/**
 * The players round the felt: names, scores, presence, the turn.
 * @param {Client} c
 */
export function drawPlayers(c) {
  const S = c.S;
  const turn = turnSeat(c);
  const waiting = new Set(S.waiting || []);
  SEATS.forEach((seat, i) => {
    const info = S.seats[i];
    const li = /** @type {HTMLElement} */ (document.querySelector('.player[data-at="' + c.place(seat) + '"]'));
    li.replaceChildren();
    li.dataset.presence = info.presence;
    li.classList.toggle("turn", turn === seat || (S.stage === "passing" && waiting.has(seat)));
    const title = document.createElement("span");
    title.className = "name";
    // (a person who gave no name is called "You" already: not "You (You)")
    const you = c.w("web.you");
    title.textContent = c.mine(seat) && info.name !== you ? info.name + " (" + you + ")" : info.name;
    const score = document.createElement("span");
    score.className = "score";
    score.textContent = fill(c.w(S.scores[i] === 1 ? "web.score-one" : "web.score"), { score: S.scores[i] });
    const taken = S.view ? S.view.points_taken[i] : 0;
    if (taken && S.stage !== "idle") score.textContent += " (+" + taken + ")";
    const presence = document.createElement("span");
    presence.className = "presence";
    presence.dataset.until = String(info.until || "");
    presence.dataset.p = info.presence;
    presence.textContent = presenceText(c, info);
    li.append(title, score, presence);
    if (turn === seat) {
      const marker = document.createElement("span");
      marker.className = "marker";
      marker.textContent = c.mine(seat) ? c.w("web.your-turn") : fill(c.w("web.turn-of"), { who: info.name });
      li.append(marker);
    }
  });
}

/**
 * A card's face (hidden from screen readers: the button or the list says its name).
 * @param {Client} c
 * @param {Card} card
 * @param {string} [extraClass]
 * @returns {HTMLSpanElement}
 */
export function cardFace(c, card, extraClass) {
  const face = document.createElement("span");
  face.className = "face suit-" + suitOf(card) + (extraClass ? " " + extraClass : "");
  face.setAttribute("aria-hidden", "true");
  const rank = document.createElement("span");
  rank.className = "rank";
  rank.textContent = c.w("cards.short_ranks." + rankOf(card));
  const pip = document.createElement("span");
  pip.className = "pip";
  pip.textContent = c.w("cards.symbols." + suitOf(card));
  const corner = document.createElement("span");
  corner.className = "corner";
  corner.textContent = c.w("cards.symbols." + suitOf(card));
  face.append(rank, corner, pip);
  return face;
}

/**
 * The trick on the felt, and a finished hand's result under it.
 * @param {Client} c
 */
export function drawTrick(c) {
  const S = c.S;
  const list = el("trick");
  list.replaceChildren();
  list.setAttribute("aria-label", c.w("web.trick"));
  for (const [seat, card] of S.trick || []) {
    const li = document.createElement("li");
    li.className = "played at-" + c.place(seat) + (S.winner === seat ? " won" : "");
    li.dataset.card = card;
    const label = document.createElement("span");
    label.className = "sr-only";
    label.textContent = (c.mine(seat) ? c.w("web.you") : c.who(seat)) + ": " + c.words.card(card);
    const face = cardFace(c, card);
    const by = document.createElement("span");
    by.className = "by";  // who played it: on the card's free corner, or under it on a phone
    by.setAttribute("aria-hidden", "true");
    by.textContent = c.whoOrYou(seat);
    li.append(label, face, by);
    list.append(li);
  }
  const result = el("result");
  result.replaceChildren();
  if (S.result && !(S.trick || []).length) {
    /** @type {string[]} */
    const lines = [];
    lines.push(S.match_over ? winnerText(c, S.result.winners) : fill(c.w("results.hand-complete"), { number: S.result.number }));
    const row = (S.sheet || [])[S.result.number - 1];
    if (row) {
      lines.push(fill(c.w("web.hand-points"), { scores: S.seats.map((_info, i) =>
        fill(c.w("web.score-of"), { name: c.whoOrYou(SEATS[i]), score: row.points[i] })).join(", ") }));
    }
    if (S.result.seed !== null && S.result.seed !== undefined) {
      lines.push(fill(c.w(S.match_over ? "results.hand-from" : "results.dealt-from"), { number: S.result.number, seed: S.result.seed }));
    }
    if (S.result.shooter) lines.push(c.mine(S.result.shooter) ? c.w("results.moon-you") : fill(c.w("results.moon"), { who: c.who(S.result.shooter) }));
    if (c.standings) lines.push(c.standings);
    for (const line of lines) {
      const p = document.createElement("p");
      p.textContent = line;
      result.append(p);
    }
    if (S.result.deal && (c.mode === "watch" || !S.seat)) result.append(dealList(c, S.result.deal));
  }
}

/**
 * Every hand as dealt: public once the hand is over.
 * @param {Client} c
 * @param {Partial<Record<Seat, Card[]>>} deal
 * @returns {HTMLDListElement}
 */
export function dealList(c, deal) {
  const dl = document.createElement("dl");
  dl.className = "deal";
  for (const seat of SEATS) {
    const cards = (deal[seat] || []).slice().sort(byTable);
    const dt = document.createElement("dt");
    dt.textContent = c.who(seat);
    const dd = document.createElement("dd");
    for (const card of cards) {
      const span = document.createElement("span");
      span.className = "t-" + suitOf(card);
      span.textContent = c.words.short(card) + " ";
      dd.append(span);
    }
    dd.setAttribute("aria-label", cards.map((card) => c.words.card(card)).join(", "));
    dl.append(dt, dd);
  }
  return dl;
}

/**
 * This seat's hand in the order it is shown.
 * @param {Client} c
 * @returns {Card[]}
 */
export function handCards(c) {
  const S = c.S;
  if (!S.view) return [];
  return S.view.hand.slice().sort(byTable);
}

/**
 * The hand: a button for each card, grouped by suit, named by what a tap does.
 * @param {Client} c
 */
export function drawHand(c) {
  const S = c.S;
  const hand = el("hand");
  const area = el("hand-area");
  area.hidden = !S.seat;
  if (!S.seat) return;
  const active = /** @type {HTMLElement | null} */ (document.activeElement);
  const focused = active && active.dataset ? active.dataset.card || null : null;
  if (focused) c.focusCard = focused;
  hand.replaceChildren();
  const cards = handCards(c);
  const legal = new Set(S.legal || []);
  const passable = new Set(S.passable || []);
  const shown = new Set(S.raised || []);
  const passing = (S.passable || []).length > 0;
  const received = S.stage === "received";
  /** @type {{[suit: string]: Card[]}} */
  const bySuit = {};
  for (const card of cards) (bySuit[suitOf(card)] = bySuit[suitOf(card)] || []).push(card);
  document.body.dataset.cards = String(cards.length);
  for (const suit of SUITS) {
    const held = bySuit[suit] || [];
    if (!held.length) continue;
    const group = document.createElement("div");
    group.className = "suit";
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", fill(c.w("web.suit-group"), { suit: c.w("cards.suits." + suit), count: held.length }));
    for (const card of held) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "card";
      button.dataset.card = card;
      let label = c.words.card(card);
      const isChosen = c.chosen.includes(card);
      if (passing) {
        button.setAttribute("aria-pressed", isChosen ? "true" : "false");
        if (!passable.has(card)) button.setAttribute("aria-disabled", "true");
        if (isChosen) label = fill(c.w("web.card-chosen"), { card: c.words.card(card) });
      } else if (received && shown.has(card)) {
        label = fill(c.w("web.card-received"), { card: c.words.card(card) });
      } else if (shown.has(card)) {
        label = fill(c.w("web.card-passed"), { card: c.words.card(card) });
      } else if (legal.size) {
        if (legal.has(card)) {
          label = fill(c.w(c.raised === card ? "web.card-raised" : "web.card-playable"), { card: c.words.card(card) });
        } else {
          button.setAttribute("aria-disabled", "true");
        }
      }
      const up = isChosen || shown.has(card) || c.raised === card;
      button.classList.toggle("up", up);
      button.classList.toggle("legal", legal.has(card));
      button.setAttribute("aria-label", label);
      button.append(cardFace(c, card));
      button.addEventListener("click", () => c.useCard(card));
      group.append(button);
    }
    hand.append(group);
  }
  if (c.focusCard) {
    /** @type {HTMLElement | null} */
    const again = hand.querySelector('button[data-card="' + c.focusCard + '"]');
    if (again && document.activeElement === document.body) again.focus();
    else if (again && hand.contains(document.activeElement) === false && focused) again.focus();
  }
}

/**
 * The actions' row (a watcher's holds only what a watcher may do).
 * @param {Client} c
 */
export function drawActions(c) {
  const S = c.S;
  const nav = el("actions");
  const actions = new Set(S.actions || []);
  const active = /** @type {HTMLElement | null} */ (document.activeElement);
  const keep = active && active.dataset ? active.dataset.action : null;
  nav.replaceChildren();
  for (const [action, offered, run] of c.buttons) {
    if (c.mode === "watch" && !["scores", "help", "settings", "leave", "last"].includes(action)) continue;
    if (!offered(actions)) continue;
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.action = action;
    button.textContent = c.w("actions." + action);
    if (action === "pass" && c.chosen.length !== 3) button.setAttribute("aria-disabled", "true");
    button.addEventListener("click", run);
    nav.append(button);
    if (keep === action) button.focus();
  }
}

/**
 * Who watches the table.
 * @param {Client} c
 */
export function drawWatchers(c) {
  const S = c.S;
  const p = el("watchers");
  const watching = S.watchers || [];
  p.hidden = !watching.length && c.mode !== "watch";
  const parts = [];
  if (c.mode === "watch") parts.push(c.w("web.watching"));
  if (watching.length) parts.push(fill(c.w("web.watchers"), { names: c.words.list(watching) }));
  p.textContent = parts.join(" - ");
}

/**
 * The countdowns: a turn timer, and the seats that wait for their person.
 * @param {Client} c
 */
export function tick(c) {
  const S = c.state;
  const out = el("countdown");
  let text = "";
  if (S && S.timer && typeof S.timer.until === "number") {
    const left = c.secondsLeft(S.timer.until);
    const whose = (S.timer.seats || []).map((s) => (c.mine(s) ? c.w("web.you") : c.who(s)));
    text = c.words.list(whose) + ": " + fill(c.w("web.countdown"), { seconds: left });
  }
  out.hidden = !text;
  out.textContent = text;
  document.querySelectorAll(".presence[data-until]").forEach((found) => {
    const span = /** @type {HTMLElement} */ (found);
    const until = parseFloat(span.dataset.until || "");
    if (until) span.textContent = fill(c.w("presence." + span.dataset.p + "-until"), { seconds: c.secondsLeft(until) });
  });
}

/**
 * The rule set, the hand's number and whether hearts are broken, under the status.
 * @param {Client} c
 */
export function drawTableInfo(c) {
  const S = c.S;
  const parts = [];
  if (c.rules) parts.push(c.rules.short);
  if (S.hand_number) parts.push(fill(c.w("rules.hand"), { number: S.hand_number }));
  if (S.view && S.stage !== "idle") parts.push(c.w(S.view.hearts_broken ? "rules.hearts-broken" : "rules.hearts-not-broken"));
  el("table-info").textContent = parts.join(" · ");
  document.body.dataset.hearts = S.view && S.view.hearts_broken ? "broken" : "";
}

/**
 * What the table waits for from this person: "turn" (a card), "pass", "wait",
 * "deal" (a hand or the match is over: the next one begins when a player deals)
 * or "".
 * @param {Client} c
 * @returns {string}
 */
export function turnCue(c) {
  const S = c.state;
  if (!S || !S.seat || c.mode === "watch") return "";
  if ((S.legal || []).length) return "turn";
  if ((S.passable || []).length) return "pass";
  if ((S.waiting || []).includes(S.seat)) return "wait";
  if (S.result && (S.actions || []).includes("deal")) return "deal";
  return "";
}

/**
 * The tab's title says the turn; a cue when it comes.
 * @param {Client} c
 */
export function drawTitle(c) {
  const cue = turnCue(c);
  document.title = c.w(cue ? "web.title-" + cue : "web.title");
  if (cue && !c.cue) c.settings.alertTurn();
  c.cue = cue;
}

/**
 * The last trick taken this hand (null: none yet).
 * @param {Client} c
 * @returns {import("./types.js").Trick | null}
 */
export function lastTrick(c) {
  const S = c.state;
  if (!S || !S.view || !S.view.tricks || !S.view.tricks.length) return null;
  return S.view.tricks[S.view.tricks.length - 1];
}

/**
 * Open the last trick.
 * @param {Client} c
 */
export function showLast(c) {
  const trick = lastTrick(c);
  const box = el("last-body");
  box.replaceChildren();
  if (!trick) {
    box.textContent = c.w("web.no-last-trick");
  } else {
    const list = document.createElement("ol");
    list.className = "trick small";
    const lead = seatIndex(trick.leader);
    trick.cards.forEach((card, i) => {
      const seat = SEATS[(lead + i) % 4];
      const li = document.createElement("li");
      li.className = "played at-" + c.place(seat) + (trick.winner === seat ? " won" : "");
      const label = document.createElement("span");
      label.className = "sr-only";
      label.textContent = c.whoOrYou(seat) + ": " + c.words.card(card);
      li.append(label, cardFace(c, card));
      list.append(li);
    });
    const taken = document.createElement("p");
    taken.textContent = c.mine(trick.winner) ? c.w("web.you-take") : fill(c.w("web.takes"), { who: c.who(trick.winner) });
    box.append(list, taken);
  }
  dialog("last").showModal();
}

/**
 * The score sheet.
 * @param {Client} c
 */
export function drawScores(c) {
  const S = c.S;
  const box = el("scores-body");
  box.replaceChildren();
  const table = document.createElement("table");
  const caption = document.createElement("caption");
  caption.textContent = fill(c.w("web.target"), { target: S.target });
  if ((S.sheet || []).some((row) => !row.over)) caption.textContent += " - " + c.w("web.sheet-live");
  const head = document.createElement("tr");
  const corner = document.createElement("th");
  corner.scope = "col";
  corner.textContent = c.w("web.hand-col");
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
  label.textContent = c.w("web.total");
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

/**
 * Open the score sheet.
 * @param {Client} c
 */
export function showScores(c) {
  drawScores(c);
  dialog("scores").showModal();
}

/**
 * Open the help: the table's rules and the keys.
 * @param {Client} c
 */
export function showHelp(c) {
  el("rules-set").textContent = c.rules ? c.rules.named : "";
  el("rules-body").replaceChildren(...(c.rules ? c.rules.lines : []).map((line) => {
    const li = document.createElement("li");
    li.textContent = line;
    return li;
  }));
  const box = el("help-body");
  box.replaceChildren();
  const dl = document.createElement("dl");
  for (const [key, what] of c.w("web.help")) {
    const dt = document.createElement("dt");
    const kbd = document.createElement(TOUCH ? "strong" : "kbd");  // a key, or a thing to tap
    kbd.textContent = key;
    dt.append(kbd);
    const dd = document.createElement("dd");
    dd.textContent = what;
    dl.append(dt, dd);
  }
  box.append(dl);
  dialog("help").showModal();
  el("help").scrollTop = 0;  // the rules first, though the focus is on Close
}
