// Quick reactions at the web table: a fixed set of short words (no free text,
// so nothing to moderate), sent with the React control or the e key, shown in a
// bubble by the seat that sent them for a few seconds and said in the live
// region; each person may mute them, which this browser remembers.
//
// Apart from main.js: it hears the table's messages as "hearts:message"
// events (a "state" with each new state, a "reaction" as it comes) and sends
// its own with a "hearts:send" event on the same socket.

import { SEATS, placeOf } from "./cards.js";
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

/**
 * @param {Seat} seat
 * @param {string} text
 */
function showBubble(seat, text) {
  hideBubble(seat);
  const arena = document.querySelector(".arena");
  const chip = document.querySelector('.player[data-at="' + place(seat) + '"]');
  if (!(arena instanceof HTMLElement) || !(chip instanceof HTMLElement)) return;
  const where = place(seat);
  const node = make("p", { className: "reaction-bubble at-" + where, textContent: text });
  node.dataset.seat = seat;
  node.setAttribute("aria-hidden", "true");  // the live region says it once
  arena.append(node);
  // by the seat's chip: under it, or above it for this person's own seat
  const frame = arena.getBoundingClientRect();
  const at = chip.getBoundingClientRect();
  const half = node.offsetWidth / 2;
  const middle = at.left - frame.left + at.width / 2;
  node.style.left = Math.max(half + 2, Math.min(frame.width - half - 2, middle)) + "px";
  node.style.top = (where === "bottom" ? at.top - frame.top - node.offsetHeight - 6
    : at.bottom - frame.top + 6) + "px";
  bubbles[seat] = { node: node, timer: window.setTimeout(() => hideBubble(seat), SHOWN_MS) };
}

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
