// Quick reactions at the web table: a fixed set of short words (no free text,
// so nothing to moderate), sent with the React control or the e key, shown in a
// bubble by the seat that sent them for a few seconds and said in the live
// region; each person may mute them, which this browser remembers.
//
// Apart from main.js: it hears the table's messages as "hearts:message"
// events (a "state" with each new state, a "reaction" as it comes) and sends
// its own with a "hearts:send" event on the same socket.

import { PLACES, SEATS, placeOf } from "./cards.js";
import { make } from "./dom.js";
import { fill, lookup } from "./words.js";

/** @typedef {{[key: string]: any}} Catalogue  the words (src/hearts/words/en.json) */
/** @typedef {{name: string, presence: string}} SeatInfo */
/** @typedef {import("./types.js").Seat} Seat */
/** @typedef {{seat: Seat | null, seats?: SeatInfo[], watchers?: string[]}} TableState */
/** @typedef {{type: string, state?: TableState, seat?: string, reaction?: string}} Heard */

const SHOWN_MS = 5000;
const MUTE_KEY = "hearts.reactions.muted";

const body = document.body;
const watching = body.dataset.mode === "watch";
/** @type {Catalogue | null} the words catalogue */
let W = null;
/** @type {TableState | null} the latest state (for the names and the seats' places) */
let S = null;
let muted = readMuted();
/** @type {{[seat: string]: {node: HTMLElement, timer: number}}} */
const bubbles = {};

/** @returns {boolean} */
function readMuted() {
  try { return localStorage.getItem(MUTE_KEY) === "1"; } catch (e) { return false; }
}

function keepMuted() {
  try {
    if (muted) localStorage.setItem(MUTE_KEY, "1");
    else localStorage.removeItem(MUTE_KEY);
  } catch (e) { /* private mode: for this visit only */ }
}

/**
 * The catalogue's entry at ``path`` (keys joined by dots), or null.
 * @param {string} path
 * @returns {any}
 */
function w(path) {
  return lookup(W, path, null);
}

// --- the control: React, the set, and the mute ------------------------------------

const box = make("section", { id: "reactions", className: "reactions", hidden: true });
const toggle = make("button", { type: "button", id: "reactions-toggle", className: "reactions-toggle" });
const panel = make("div", { id: "reactions-panel", className: "reactions-panel", hidden: true });
const choices = make("div", { className: "reactions-choices" });
const muteBox = make("input", { type: "checkbox", id: "reactions-mute" });
const muteLabel = make("label", { htmlFor: "reactions-mute", id: "reactions-mute-label" });

function build() {
  toggle.textContent = w(watching ? "reactions.title" : "reactions.react");
  toggle.setAttribute("aria-expanded", "false");
  toggle.setAttribute("aria-controls", "reactions-panel");
  box.setAttribute("aria-label", w("reactions.title"));
  choices.setAttribute("role", "group");
  choices.setAttribute("aria-label", w("reactions.choose"));
  for (const [name, text] of Object.entries(w("reactions.words") || {})) {
    const button = make("button", { type: "button", textContent: text, className: "reaction" });
    button.dataset.reaction = name;
    button.addEventListener("click", () => send(name));
    choices.append(button);
  }
  muteLabel.textContent = w("reactions.mute");
  muteBox.checked = muted;
  muteBox.addEventListener("change", () => {
    muted = muteBox.checked;
    keepMuted();
    if (muted) for (const seat of Object.keys(bubbles)) hideBubble(seat);
  });
  choices.hidden = watching;  // a watcher may see reactions (or mute them), never send one
  panel.append(choices, make("p", { className: "reactions-mute" }, [muteBox, document.createTextNode(" "), muteLabel]));
  box.append(toggle, panel);
  const extras = document.getElementById("extras");
  if (extras) extras.prepend(box);
  toggle.addEventListener("click", () => open(panel.hidden));
}

/** @returns {boolean} */
function company() {
  // Someone to react to or with: another person at the table, or a watcher (a
  // watcher sees the people's reactions, and may mute them).
  if (!S) return false;
  const state = S;
  if (watching || (state.watchers || []).length) return true;
  return (state.seats || []).some((info, i) => SEATS[i] !== state.seat && ["here", "away"].includes(info.presence));
}

/** @param {boolean} wanted */
function open(wanted) {
  panel.hidden = !wanted;
  toggle.setAttribute("aria-expanded", wanted ? "true" : "false");
  if (wanted) (watching ? muteBox : choices.querySelector("button") || muteBox).focus();
}

/** @param {string} name */
function send(name) {
  document.dispatchEvent(new CustomEvent("hearts:send", { detail: { type: "reaction", reaction: name } }));
  open(false);
  toggle.focus();
}

// --- the bubble by the seat, and the live region ----------------------------------

/**
 * Where ``seat`` sits on this page: bottom (this person), left, across, right.
 * @param {Seat} seat
 * @returns {string}
 */
function place(seat) {
  return placeOf(seat, S ? S.seat : null);
}

/**
 * @param {Seat} seat
 * @returns {string}
 */
function nameOf(seat) {
  const info = S && S.seats ? S.seats[SEATS.indexOf(seat)] : null;
  return info ? info.name : seat;
}

/** @param {string} seat */
function hideBubble(seat) {
  const shown = bubbles[seat];
  if (!shown) return;
  clearTimeout(shown.timer);
  shown.node.remove();
  delete bubbles[seat];
}

/** @typedef {{left: number, top: number, right: number, bottom: number}} Box  in the arena's frame */

/**
 * ``box`` (a client rectangle) in the frame of ``frame`` (the arena's).
 * @param {DOMRect} box
 * @param {DOMRect} frame
 * @returns {Box}
 */
function within(box, frame) {
  return { left: box.left - frame.left, top: box.top - frame.top,
    right: box.right - frame.left, bottom: box.bottom - frame.top };
}

/**
 * Where the trick's cards, and who played each, may lie: the four places,
 * whether a card is there yet or not (one may come while a bubble is shown),
 * measured on a hidden trick drawn by the page's own rules.
 * @param {HTMLElement} felt
 * @param {DOMRect} frame
 * @returns {Box[]}
 */
function trickPlaces(felt, frame) {
  const probe = make("ol", { className: "trick" });
  probe.style.visibility = "hidden";
  probe.setAttribute("aria-hidden", "true");
  for (const at of PLACES) {
    // a name as long as a label shows (it is cut at its widest)
    const by = make("span", { className: "by", textContent: "W".repeat(40) });
    probe.append(make("li", { className: "played at-" + at }, [by]));
  }
  felt.append(probe);
  const boxes = [...probe.querySelectorAll("li, .by")].map((node) => within(node.getBoundingClientRect(), frame));
  probe.remove();
  return boxes;
}

/** The room kept between a bubble and its chip, or what it keeps clear of (px). */
const GAP = 6;

/**
 * The left edge nearest ``wanted`` for a box ``width`` wide from ``top`` to
 * ``bottom`` that clears every box of ``obstacles`` by GAP and stays 2 px
 * inside ``[0, span]``; null where there is no room.
 * @param {number} wanted
 * @param {number} width
 * @param {number} top
 * @param {number} bottom
 * @param {Box[]} obstacles
 * @param {number} span
 * @returns {number | null}
 */
function clearLeft(wanted, width, top, bottom, obstacles, span) {
  const blocked = obstacles.filter((o) => o.top - GAP < bottom && top < o.bottom + GAP)
    .map((o) => [o.left - GAP, o.right + GAP]).sort((a, b) => a[0] - b[0]);
  /** @type {number | null} */
  let best = null;
  let from = 2;
  for (const [left, right] of [...blocked, [span - 2, Infinity]]) {
    if (left - from >= width) {  // room between from and left
      const x = Math.max(from, Math.min(left - width, wanted));
      if (best === null || Math.abs(x - wanted) < Math.abs(best - wanted)) best = x;
    }
    from = Math.max(from, right);
  }
  return best;
}

/** @typedef {{where: string, chip: Box, others: Box[], trick: Box[], width: number, height: number}} Room */

/**
 * Where a bubble of ``size`` goes by the chip: in the first row round the chip
 * with room for it touching the chip's side of the table (under the chip, or
 * above it for this person's own seat; then beside it, or above the side
 * players), clear of the trick's places, the chips and the other bubbles; null
 * when no row has room.
 * @param {Room} room
 * @param {{width: number, height: number}} size
 * @returns {{left: number, top: number} | null}
 */
function byTheChip(room, size) {
  const chip = room.chip;
  const under = chip.bottom + GAP;
  const over = chip.top - GAP - size.height;
  const beside = (chip.top + chip.bottom - size.height) / 2;
  /** @type {{[where: string]: number[]}} */
  const rows = { across: [under, beside], bottom: [over, beside], left: [under, over], right: [under, over] };
  const wanted = (chip.left + chip.right - size.width) / 2;
  const obstacles = [...room.trick, ...room.others];
  for (const row of rows[room.where] || []) {
    const top = Math.max(0, Math.min(room.height - size.height, row));
    const left = clearLeft(wanted, size.width, top, top + size.height, obstacles, room.width);
    // touching the chip's side: no further from it than twice the gap, either way
    if (left !== null && left <= chip.right + 2 * GAP && left + size.width >= chip.left - 2 * GAP) {
      return { left: left, top: top };
    }
  }
  return null;
}

/**
 * Where a bubble of ``size`` goes when there is no room by the chip: still
 * clear of the trick (above the table for the player across, below this
 * person's chip, above the trick for a side player), a chip or the page
 * around the table covered for a few seconds rather than a card played.
 * @param {Room} room
 * @param {{width: number, height: number}} size
 * @returns {{left: number, top: number}}
 */
function clearOfTheTrick(room, size) {
  const chip = room.chip;
  const over = chip.top - GAP - size.height;
  const highest = Math.min(...room.trick.map((box) => box.top));
  const top = room.where === "across" ? over : room.where === "bottom" ? chip.bottom + GAP
    : Math.min(over, highest - GAP - size.height);
  const wanted = (chip.left + chip.right - size.width) / 2;
  const left = clearLeft(wanted, size.width, top, top + size.height, room.trick, room.width);
  return { left: left === null ? Math.max(2, wanted) : left, top: top };
}

/**
 * @param {Seat} seat
 * @param {string} text
 */
function showBubble(seat, text) {
  hideBubble(seat);
  const arena = document.querySelector(".arena");
  if (!(arena instanceof HTMLElement)) return;
  const node = make("p", { className: "reaction-bubble at-" + place(seat), textContent: text });
  node.dataset.seat = seat;
  node.setAttribute("aria-hidden", "true");  // the live region says it once
  arena.append(node);
  placeBubble(node, seat);
  bubbles[seat] = { node: node, timer: window.setTimeout(() => hideBubble(seat), SHOWN_MS) };
}

/**
 * Put ``node`` by the seat's chip, never over the trick's cards, clear of the
 * chips and of the other bubbles where there is room; on one line, or its
 * words one under another where one line has no room (a narrow phone).
 * @param {HTMLElement} node
 * @param {Seat} seat
 */
function placeBubble(node, seat) {
  const arena = node.parentElement;
  const felt = document.getElementById("felt");
  const chip = document.querySelector('.player[data-at="' + place(seat) + '"]');
  if (!arena || !felt || !(chip instanceof HTMLElement)) return;
  node.classList.remove("wrapped");
  node.style.left = node.style.top = "";  // measured where it does not touch the edge
  const frame = arena.getBoundingClientRect();
  const others = [...arena.querySelectorAll(".player, .reaction-bubble")]
    .filter((other) => other !== node && other instanceof HTMLElement && other.offsetWidth)
    .map((other) => within(other.getBoundingClientRect(), frame));
  /** @type {Room} */
  const room = { where: place(seat), chip: within(chip.getBoundingClientRect(), frame), others: others,
    trick: trickPlaces(felt, frame), width: frame.width, height: frame.height };
  const size = () => ({ width: node.offsetWidth, height: node.offsetHeight });
  let at = byTheChip(room, size());
  if (!at) {
    node.classList.add("wrapped");
    at = byTheChip(room, size()) || clearOfTheTrick(room, size());
  }
  node.style.left = at.left + "px";
  node.style.top = at.top + "px";
}

// a phone turned, a window resized: the bubbles shown move with the table
window.addEventListener("resize", () => {
  for (const [seat, shown] of Object.entries(bubbles)) {
    const known = SEATS.find((s) => s === seat);
    if (known) placeBubble(shown.node, known);
  }
});

/** @param {string} text */
function sayIt(text) {
  const log = document.getElementById("log");
  if (!log) return;
  log.append(make("p", { className: "said-reaction", textContent: text }));
  while (log.childElementCount > 40 && log.firstElementChild) log.firstElementChild.remove();
}

/** @param {Heard} m */
function reacted(m) {
  const seat = SEATS.find((s) => s === m.seat);
  if (muted || !W || !seat) return;
  const text = w("reactions.words." + m.reaction);
  if (typeof text !== "string") return;  // a newer server's: left out
  const mine = S && S.seat === seat;
  sayIt(fill(w(mine ? "reactions.said-you" : "reactions.said"), { who: nameOf(seat), what: text }));
  showBubble(seat, text);
}

// --- what main.js hears, and the key -------------------------------------------------

document.addEventListener("hearts:message", (event) => {
  /** @type {Heard} */
  const m = /** @type {CustomEvent} */ (event).detail || {};
  if (m.type === "state" && m.state) {
    S = m.state;
    box.hidden = !W || !company();
    if (box.hidden) open(false);
  } else if (m.type === "reaction") {
    reacted(m);
  }
});

document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey || box.hidden) return;
  if (event.key === "Escape" && !panel.hidden) {
    open(false);
    toggle.focus();
    event.preventDefault();
    return;
  }
  const target = event.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return;
  if (event.key === "e" && !document.querySelector("dialog[open]")) {
    open(panel.hidden);
    event.preventDefault();
  }
});

fetch(body.dataset.words || "words.json", { credentials: "same-origin" }).then((r) => r.json()).then((words) => {
  W = words;
  build();
  if (S) box.hidden = !company();
});
