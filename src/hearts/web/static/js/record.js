// The player's own record at the web table: every finished hand this browser
// played at this server, kept in the browser's own storage (localStorage), never
// on the server; the statistics the terminal shows for them; and an export
// that `hearts verify` reads (JSON lines, one hand record a line).
//
// The hands come as the server's "hand" messages (a finished hand's record, the
// seat played, its match), which main.js hands on as "hearts:message" events.
// At most MAX_HANDS are kept: past that the oldest give way (and the storage
// being full makes older ones give way too), so the export holds the latest.

/** @typedef {import("./types.js").Seat} Seat */
import { SEATS } from "./cards.js";
import { make } from "./dom.js";
import { fill, lookup } from "./words.js";

/**
 * A hand record (hearts.hand_record: the fields read here).
 * @typedef {object} HandRecord
 * @property {{scoring?: string, jack_of_diamonds?: boolean}} [rules]
 * @property {{[seat: string]: string[]}} deal
 * @property {string} [pass_direction]
 * @property {{seat: Seat, cards: string[]}[]} [passes]
 * @property {string[]} [plays]
 * @property {{seat: string, player: string}[]} [players]
 * @property {{seat: string, player: string}[]} [stand_ins]
 */
/**
 * A hand kept by this browser: its record, the seat played, its match and table, when.
 * @typedef {{record: HandRecord, seat: Seat, match_seed: number | null, table?: string, at?: string}} Entry
 */
/** @typedef {{points: number[], shooter: string | null, queen: string | null}} HandFigures */
/** @typedef {{[key: string]: any}} Catalogue */

/** @type {{[direction: string]: number}} */
const OFFSETS = { left: 1, across: 2, right: 3, none: 0 };
export const MAX_HANDS = 1000;
export const RECORD_KEY = "hearts.record";
export const DAYS_KEY = "hearts.days";

// --- a hand's figures, as the engine and the store count them --------------------

/** @type {{[scoring: string]: number[]}} */
const HEART_VALUES = { house: [1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 3, 4, 5], classic: Array(13).fill(1) };
/** @type {{[scoring: string]: number}} */
const QUEEN_VALUES = { house: 10, classic: 13 };
const RANKS = "23456789TJQKA";

/** @param {string} card */
function rankOf(card) { return card.slice(0, -1).replace("10", "T"); }
/** @param {string} card */
function suitOf(card) { return card.slice(-1); }

/**
 * @param {string} card
 * @param {{scoring?: string, jack_of_diamonds?: boolean}} rules
 * @returns {number}
 */
function cardPoints(card, rules) {
  const scoring = rules.scoring === "classic" ? "classic" : "house";
  if (suitOf(card) === "H") return HEART_VALUES[scoring][RANKS.indexOf(rankOf(card))];
  if (card === "QS") return QUEEN_VALUES[scoring];
  if (card === "JD" && rules.jack_of_diamonds) return -10;
  return 0;
}

/**
 * Who holds each card once the passes are made: the seat of every card played.
 * @param {HandRecord} record
 * @returns {{[card: string]: string}}
 */
function heldAfterPass(record) {
  /** @type {{[card: string]: string}} */
  const holder = {};
  SEATS.forEach((seat) => { for (const card of record.deal[seat] || []) holder[card] = seat; });
  const offset = OFFSETS[record.pass_direction || "none"] || 0;
  for (const pass of record.passes || []) {
    const to = SEATS[(SEATS.indexOf(pass.seat) + offset) % 4];
    for (const card of pass.cards) holder[card] = to;
  }
  return holder;
}

/**
 * Each seat's points (the moon included), who shot the moon and who took the
 * queen of spades, as hearts.hand.Hand counts them; null for an unfinished hand.
 * @param {HandRecord} record
 * @returns {HandFigures | null}
 */
export function handFigures(record) {
  const plays = record.plays || [];
  if (plays.length !== 52 || !record.deal) return null;
  const rules = record.rules || {};
  const holder = heldAfterPass(record);
  /** @type {{[seat: string]: string[]}} */
  const taken = { south: [], west: [], north: [], east: [] };
  for (let i = 0; i < 52; i += 4) {
    const trick = plays.slice(i, i + 4);
    const led = suitOf(trick[0]);
    let best = trick[0];
    for (const card of trick) {
      if (suitOf(card) === led && RANKS.indexOf(rankOf(card)) > RANKS.indexOf(rankOf(best))) best = card;
    }
    taken[holder[best]].push(...trick);
  }
  /** @param {string} card */
  const isPointCard = (card) => suitOf(card) === "H" || card === "QS";
  const shooter = SEATS.find((seat) => taken[seat].filter(isPointCard).length === 14) || null;
  /** @param {string} seat */
  const jack = (seat) => (rules.jack_of_diamonds && taken[seat].includes("JD") ? -10 : 0);
  const full = rules.scoring === "classic" ? 26 : 33;
  const points = SEATS.map((seat) => (shooter
    ? (seat === shooter ? 0 : full) + jack(seat)
    : taken[seat].reduce((sum, card) => sum + cardPoints(card, rules), 0)));
  const queen = SEATS.find((seat) => taken[seat].includes("QS")) || null;
  return { points: points, shooter: shooter, queen: queen };
}

/**
 * A computer player made some of this seat's decisions (as the store's STOOD_IN).
 * @param {HandRecord} record
 * @param {string} seat
 * @returns {boolean}
 */
function stoodIn(record, seat) {
  const player = (record.players || []).find((p) => p.seat === seat);
  if (player && player.player !== "human") return true;
  return (record.stand_ins || []).some((s) => s.seat === seat && s.player !== "human");
}

/**
 * The terminal's hand figures (hearts.store.stats) over the kept hands.
 * @param {Entry[]} entries
 */
export function statistics(entries) {
  const out = { hands: 0, yours: 0, theirs: 0, moonsYours: 0, moonsAgainst: 0, queens: 0, stoodIn: 0 };
  for (const entry of entries) {
    const figures = handFigures(entry.record);
    if (!figures) continue;
    if (stoodIn(entry.record, entry.seat)) { out.stoodIn += 1; continue; }
    const me = SEATS.indexOf(entry.seat);
    const total = figures.points.reduce((a, b) => a + b, 0);
    out.hands += 1;
    out.yours += figures.points[me];
    out.theirs += (total - figures.points[me]) / 3;
    if (figures.shooter === entry.seat) out.moonsYours += 1;
    else if (figures.shooter) out.moonsAgainst += 1;
    if (figures.queen === entry.seat) out.queens += 1;
  }
  return {
    hands: out.hands, stoodIn: out.stoodIn, moonsYours: out.moonsYours,
    moonsAgainst: out.moonsAgainst, queens: out.queens,
    yourPoints: out.hands ? out.yours / out.hands : null,
    theirPoints: out.hands ? out.theirs / out.hands : null,
    queenRate: out.hands ? out.queens / out.hands : null,
  };
}

// --- kept by the browser -------------------------------------------------------------

/**
 * The hands this browser keeps, oldest first.
 * @returns {Entry[]}
 */
export function load() {
  /** @type {any} */
  let kept = null;
  try { kept = JSON.parse(localStorage.getItem(RECORD_KEY) || "null"); } catch (e) { kept = null; }
  return kept && Array.isArray(kept.hands)
    ? kept.hands.filter(/** @param {any} h */ (h) => h && h.record && h.record.deal && SEATS.includes(h.seat)) : [];
}

/** @param {Entry} entry */
function keyOf(entry) {
  return JSON.stringify([entry.match_seed, entry.seat, entry.record.deal, entry.record.plays]);
}

/**
 * Add a finished hand (once), the oldest giving way past MAX_HANDS or when the
 * storage is full; returns how many hands are kept.
 * @param {Entry} entry
 * @returns {number}
 */
export function keep(entry) {
  const hands = load();
  const key = keyOf(entry);
  if (hands.some((h) => keyOf(h) === key)) return hands.length;
  hands.push(entry);
  while (hands.length > MAX_HANDS) hands.shift();
  while (hands.length) {
    try {
      localStorage.setItem(RECORD_KEY, JSON.stringify({ version: 1, hands: hands }));
      return hands.length;
    } catch (e) {
      if (hands.length === 1) break;
      hands.splice(0, Math.max(1, Math.floor(hands.length / 10)));  // full: the oldest tenth goes
    }
  }
  return 0;
}

/**
 * A day's deal played here: its date and rule set, your points, the par, and
 * whether a hint or an undo helped.
 * @typedef {{day: string, rules: string, points: number, par: number, assisted: boolean}} DayResult
 */

/**
 * The days' deals this browser played, by date and rule set.
 * @returns {{[key: string]: DayResult}}
 */
export function loadDays() {
  /** @type {any} */
  let kept = null;
  try { kept = JSON.parse(localStorage.getItem(DAYS_KEY) || "null"); } catch (e) { kept = null; }
  return kept && kept.days && typeof kept.days === "object" ? kept.days : {};
}

/**
 * Keep a day's result (the first one of a date and rule set stands, as on the
 * board); at most MAX_HANDS days, the oldest giving way.
 * @param {DayResult} result
 */
export function keepDay(result) {
  const days = loadDays();
  const key = result.day + "/" + result.rules;
  if (days[key]) return;
  days[key] = result;
  const keys = Object.keys(days).sort();
  while (keys.length > MAX_HANDS) delete days[/** @type {string} */ (keys.shift())];
  try { localStorage.setItem(DAYS_KEY, JSON.stringify({ version: 1, days: days })); } catch (e) { /* full */ }
}

/**
 * The days' figures: how many played, how many under and level with par, and
 * the streak (days in a row up to the latest played, whatever the rules).
 * @param {{[key: string]: DayResult}} days
 * @returns {{played: number, under: number, level: number, streak: number}}
 */
export function dayFigures(days) {
  const results = Object.values(days);
  const dates = [...new Set(results.map((r) => r.day))].sort();
  let streak = dates.length ? 1 : 0;
  for (let i = dates.length - 1; i > 0; i--) {
    const gap = (Date.parse(dates[i] + "T00:00:00Z") - Date.parse(dates[i - 1] + "T00:00:00Z")) / 86400000;
    if (gap !== 1) break;
    streak += 1;
  }
  return {
    played: results.length, streak: streak,
    under: results.filter((r) => r.points < r.par).length,
    level: results.filter((r) => r.points === r.par).length,
  };
}

/**
 * JSON lines, one hand record a line: what `hearts history --export` writes and
 * `hearts verify` reads.
 * @param {Entry[]} entries
 * @returns {string}
 */
export function exportText(entries) {
  return entries.map((entry) => JSON.stringify(entry.record)).join("\n") + (entries.length ? "\n" : "");
}

// --- the page: Your record ---------------------------------------------------------

const body = document.body;
const tableId = body.dataset.table;
/** @type {Catalogue | null} */
let W = null;

/**
 * The catalogue's entry at ``path`` (keys joined by dots), or the path.
 * @param {string} path
 * @returns {any}
 */
function w(path) {
  return lookup(W, path);
}

const opener = make("button", { type: "button", id: "record-open", className: "record-open" });
const dialog = make("dialog", { id: "record", className: "record" });

/** @param {number | null} value */
function average(value) { return value === null ? "-" : value.toFixed(2); }
/** @param {number | null} value */
function share(value) { return value === null ? "-" : Math.round(value * 100) + "%"; }

/** @param {ReturnType<typeof statistics>} s */
function figuresTable(s) {
  const rows = [
    ["hands", String(s.hands)], ["your-points", average(s.yourPoints)],
    ["their-points", average(s.theirPoints)], ["moons-yours", String(s.moonsYours)],
    ["moons-against", String(s.moonsAgainst)], ["queens", s.queens + " (" + share(s.queenRate) + ")"],
  ];
  if (s.stoodIn) rows.push(["stood-in", String(s.stoodIn)]);
  const table = make("table", { className: "record-figures" });
  table.append(make("caption", { textContent: w("record.figures") }));
  const tbody = make("tbody");
  for (const [key, value] of rows) {
    tbody.append(make("tr", {}, [make("th", { scope: "row", textContent: w("record.rows." + key) }),
      make("td", { textContent: value })]));
  }
  table.append(tbody);
  return table;
}

/**
 * The latest hands, newest first: when, your points, the others' from your left.
 * @param {Entry[]} entries
 */
function handsTable(entries) {
  const table = make("table", { className: "record-hands" });
  const head = make("tr");
  for (const key of ["when", "you", "left", "across", "right"]) {
    head.append(make("th", { scope: "col", textContent: w("record.columns." + key) }));
  }
  table.append(make("thead", {}, [head]));
  const tbody = make("tbody");
  for (const entry of entries.slice(-20).reverse()) {
    const figures = handFigures(entry.record);
    if (!figures) continue;
    const me = SEATS.indexOf(entry.seat);
    const when = entry.at ? whenText(new Date(entry.at)) : "";
    const cells = [0, 1, 2, 3].map((step) => {
      const seat = SEATS[(me + step) % 4];
      let text = String(figures.points[(me + step) % 4]);
      if (figures.shooter === seat) text += " ☾";
      if (figures.queen === seat) text += " Q♠";
      return make("td", { textContent: text });
    });
    tbody.append(make("tr", {}, [make("th", { scope: "row", textContent: when }), ...cells]));
  }
  table.append(tbody);
  const legend = make("h3", { id: "record-latest", textContent: w("record.latest") });
  table.setAttribute("aria-labelledby", "record-latest");
  // the table may be wider than a phone: its scrolling box takes the keyboard's
  // focus, so that the arrow keys can scroll it (and says what it holds)
  const scroll = make("div", { className: "record-scroll", tabIndex: 0 }, [table]);
  scroll.setAttribute("role", "region");
  scroll.setAttribute("aria-labelledby", "record-latest");
  return make("div", { className: "record-latest" }, [legend, scroll]);
}

/**
 * The time alone today, the day and the time before.
 * @param {Date} date
 */
function whenText(date) {
  const today = new Date().toDateString() === date.toDateString();
  return today ? date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })
    : date.toLocaleString([], { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
}

function download() {
  const entries = load();
  const blob = new Blob([exportText(entries)], { type: "application/x-ndjson" });
  const link = make("a", { href: URL.createObjectURL(blob),
    download: "hearts-hands-" + new Date().toISOString().slice(0, 10) + ".jsonl" });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}

function draw() {
  const entries = load();
  const stats = statistics(entries);
  /** @type {HTMLElement[]} */
  const parts = [make("h2", { id: "record-title", textContent: w("record.title") }),
    make("p", { className: "about", textContent: fill(w("record.about"), { count: MAX_HANDS.toLocaleString() }) })];
  if (!entries.length) {
    parts.push(make("p", { textContent: w("record.none") }));
  } else {
    parts.push(figuresTable(stats), handsTable(entries),
      make("p", { className: "record-kept", textContent: fill(w("record.kept"), { count: entries.length }) }));
  }
  const days = dayFigures(loadDays());
  if (days.played) {
    parts.push(make("p", { className: "record-days", id: "record-days",
      textContent: fill(w("record.days"), days) }));
  }
  const exporter = make("button", { type: "button", id: "record-export", textContent: w("record.export") });
  exporter.disabled = !entries.length;
  exporter.addEventListener("click", download);
  const close = make("button", { className: "close", textContent: w("actions.close") });
  const form = make("form", { method: "dialog", className: "row" }, [exporter, close]);
  parts.push(make("p", { className: "about", textContent: w("record.verify") }), form);
  dialog.replaceChildren(...parts);
}

function build() {
  opener.textContent = w("record.open");
  opener.addEventListener("click", () => {
    draw();
    dialog.showModal();
    dialog.scrollTop = 0;  // the title and figures first, though the focus is on Export, far below
  });
  dialog.setAttribute("aria-labelledby", "record-title");
  document.body.append(dialog);
  const extras = document.getElementById("extras");
  if (extras && body.dataset.mode !== "watch") extras.append(opener);  // a watcher plays no hand
}

document.addEventListener("hearts:message", (event) => {
  /** @type {{type?: string, record?: HandRecord, seat?: string, match_seed?: number | null}} */
  const m = /** @type {CustomEvent} */ (event).detail || {};
  const seat = SEATS.find((s) => s === m.seat);
  if (m.type !== "hand" || !m.record || !seat) return;
  keep({ record: m.record, seat: seat, match_seed: m.match_seed === undefined ? null : m.match_seed,
    table: tableId, at: new Date().toISOString() });
  if (dialog.open) draw();
});

fetch(body.dataset.words || "words.json", { credentials: "same-origin" }).then((r) => r.json()).then((words) => {
  W = words;
  build();
});
