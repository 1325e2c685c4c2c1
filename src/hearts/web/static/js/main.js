// The web table: a client of the table server's messages (docs/network.md), as
// `hearts join` is one in a terminal. This module wires the parts together and
// owns the one Client object they share (no globals): protocol.js speaks to the
// server, state.js holds the state and applies its changes, view.js draws it,
// announce.js says what happens, sentences.js and words.js word it all from the
// catalogue the terminal shares (src/hearts/words/en.json), actions.js and
// review.js answer the person, settings.js keeps the browser's settings,
// motion.js moves the cards played and the tricks taken, sounds.js makes the sounds.

/** @typedef {import("./types.js").ServerMessage} ServerMessage */
/** @typedef {import("./types.js").Notice} Notice */
/** @typedef {import("./types.js").State} State */
/** @typedef {import("./types.js").Happening} Happening */
/** @typedef {import("./types.js").TableRules} TableRules */
/** @typedef {import("./types.js").ReviewMessage} ReviewMessage */
import { buttons, listenKeys, takeHint, useCard } from "./actions.js";
import { say, tell } from "./announce.js";
import { Teller } from "./happenings.js";
import { Connection, FATAL, forgetSeat, keepSeat } from "./protocol.js";
import { showMoves, whatMoved } from "./motion.js";
import { listenReview, openReview } from "./review.js";
import { errorText, noticeText } from "./sentences.js";
import { Client, applyChange } from "./state.js";
import { soundsFor } from "./sounds.js";
import { TOUCH, cardFace, dialog, draw, el, tick } from "./view.js";
import { Words, fill, loadCatalogue, overlaid } from "./words.js";

const body = document.body;
const query = new URLSearchParams(location.search);

/**
 * The table's rules as the page was served them (null: not told, or broken).
 * @returns {TableRules | null}
 */
function servedRules() {
  try { return body.dataset.rules ? JSON.parse(body.dataset.rules) : null; } catch (e) { return null; }
}

const c = new Client(body.dataset.mode === "watch" ? "watch" : "seat", body.dataset.table || "",
  query.get("code") || "", servedRules());
const connection = new Connection(c, receive, opening);
/** Which happenings this page has said (each once, by its number). */
const teller = new Teller();
c.send = (/** @type {import("./types.js").ClientMessage} */ message) => connection.send(message);
c.useCard = (/** @type {string} */ card) => useCard(c, card);
c.buttons = buttons(c, askLeave);

/** @type {Notice[]} notices that came before the first state: said after it */
const early = [];
let seatTakenTries = 0;

/**
 * Before each try to connect (dropped: the socket of a joined page fell).
 * @param {boolean} dropped
 */
function opening(dropped) {
  if (dropped) say(c.w("web.reconnecting"));
  else showNotice(c.state ? null : c.w("web.connecting"));
}

/**
 * A message of the server's.
 * @param {ServerMessage} m
 */
function receive(m) {
  if (typeof m.now === "number") c.clock = { now: m.now, at: performance.now() };
  switch (m.type) {
    case "welcome":
      if (connection.welcomed()) say(c.w("web.reconnected"));
      seatTakenTries = 0;
      if (m.epoch !== undefined && m.epoch !== c.epoch) c.epoch = m.epoch;
      if (m.token) keepSeat(m.token).then((kept) => { if (!kept) say(c.w("web.cookies")); });
      try { localStorage.setItem("hearts.name", c.name); } catch (e) { /* private mode */ }
      break;
    case "state":
      if (!m.state) break;
      setState(m.state, m.seq === undefined ? null : m.seq, m.events || [], true);
      for (const notice of early.splice(0)) sayNotice(notice);
      break;
    case "change":
      if (c.state === null || m.base !== c.seq) { c.send({ type: "sync" }); break; }
      setState(applyChange(c.state, m.set), m.seq === undefined ? null : m.seq, m.events || [], false);
      break;
    case "notice":
      if (!m.notice) break;
      if (c.state === null) early.push(m.notice);  // said once the state names the people
      else sayNotice(m.notice);
      break;
    case "hand":  // a finished hand's record: record.js keeps it in this browser
      toRoom(m);
      break;
    case "review":
      openReview(c, /** @type {ReviewMessage} */ (/** @type {unknown} */ (m)));
      break;
    case "error":
      refused(m.code || "", m.message || "");
      break;
    case "seat-link":
    case "reaction":  // (reactions.js shows it)
      toRoom(m);
      break;
    default:
      break;  // a newer server's message: ignored
  }
}

/**
 * A new state: held, told (what happened, from the message's events), drawn, and
 * passed on to room.js.
 * @param {State} state
 * @param {number | null} number
 * @param {Happening[]} events
 * @param {boolean} whole  a whole state (its events are the hand so far), not a change
 */
function setState(state, number, events, whole) {
  const before = c.hold(state, number);
  tell(c, teller, before === null, events);
  draw(c);
  showMoves(c, whatMoved(whole ? null : before, state, events), cardFace);
  for (const sound of soundsFor(whole, events)) c.settings.sound(sound);
  toRoom({ type: "state", state: state });
}

/**
 * Say a notice (a hint also chooses or raises what it hints).
 * @param {Notice} notice
 */
function sayNotice(notice) {
  if (notice.kind === "hint") takeHint(c, notice.cards || []);
  const said = noticeText(c, notice);
  if (notice.kind === "standings") c.standings = said;
  say(said);
}

// --- the room (room.js), reactions.js and record.js: the creator's commands and a
// person's reactions go out on this socket, and what answers them (and the
// states, reactions and finished hands they follow) comes back to them as
// "hearts:message" events ----------------------------------------------------------

/**
 * @param {ServerMessage} m
 */
function toRoom(m) {
  document.dispatchEvent(new CustomEvent("hearts:message", { detail: m }));
}

document.addEventListener("hearts:send", (event) => {
  const detail = /** @type {CustomEvent} */ (event).detail;
  if (detail && (detail.type === "host" || detail.type === "reaction")) c.send(detail);
});

// --- errors, and the end of the table here ---------------------------------------

/**
 * An error of the server's: said, and the page asks for a name again, tries
 * again or stops, as the error wants.
 * @param {string} codeName
 * @param {string} message
 */
function refused(codeName, message) {
  const text = errorText(c, codeName, message);
  if (codeName === "bad-token") {
    forgetSeat().then(() => askName(text));
    connection.close();
    return;
  }
  if (codeName === "bad-name" || codeName === "name-taken") {
    connection.close();
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
  if (codeName === "stopping") { showNotice(c.w("web.stopped")); }
  say(text);
}

/**
 * No more of this table here: its buttons go with it, the reason stays.
 * @param {string} text
 */
function stop(text) {
  connection.stop();
  showNotice(text);
  el("table").hidden = true;
  for (const open of document.querySelectorAll("dialog[open]")) /** @type {HTMLDialogElement} */ (open).close();
}

/**
 * The notice panel, in place of the table before the first state (null: none).
 * @param {string | null} text
 */
function showNotice(text) {
  el("notice").hidden = !text;
  if (text) {
    el("notice-text").textContent = text;
    el("table").hidden = !c.state;
    el("join").hidden = true;
  }
}

/**
 * The join form, with why it is shown again.
 * @param {string} why
 */
function askName(why) {
  el("notice").hidden = true;
  el("table").hidden = true;
  el("join").hidden = false;
  el("join-why").textContent = why || "";
  const input = /** @type {HTMLInputElement} */ (el("name"));
  if (!input.value) input.value = c.name;
  input.focus();
}

function askLeave() {
  if (c.mode === "watch") { c.send({ type: "leave" }); stop(c.w("web.ended")); return; }
  dialog("leave").showModal();
}

dialog("leave").addEventListener("close", () => {
  if (dialog("leave").returnValue === "leave") {
    c.send({ type: "leave" });
    forgetSeat();
    say(c.w("notices.you-left"));
    stop(c.w("web.ended") + " " + c.w("notices.you-left"));
  }
});

// --- starting ---------------------------------------------------------------------

/** The page's fixed words, from the catalogue. */
function label() {
  /** @type {{[id: string]: string}} */
  const fixed = { "name-label": "web.name-label", sit: "web.sit-down", "scores-title": "web.score-sheet",
    "last-title": "web.last-trick", "help-title": "actions.help", "players-title": "web.people",
    "trick-title": "web.trick", "hand-title": "web.your-hand", "news-title": "web.news",
    "keys-title": "web.help-title", "rules-title": "rules.title",
    "review-first": "web.first", "review-prev": "web.previous", "review-next": "web.next",
    "review-last": "web.last", "leave-yes": "actions.leave" };
  for (const [id, key] of Object.entries(fixed)) el(id).textContent = c.w(key);
  document.querySelectorAll("button.close").forEach((b) => { b.textContent = c.w("actions.close"); });
  el("leave-stay").textContent = c.w("web.stay");
  el("leave-title").textContent = c.w("web.leave-title");
  el("leave-text").textContent = c.w("web.leave-text");
  el("actions").setAttribute("aria-label", c.w("web.actions"));
  if (c.mode === "watch") el("sit").textContent = c.w("web.watch");
  c.settings.label(c.words.catalogue);
  if (c.rules) el("join-about").textContent = fill(c.w("web.join-about"), { rules: c.rules.named });
}

el("join").addEventListener("submit", (event) => {
  event.preventDefault();
  c.name = /** @type {HTMLInputElement} */ (el("name")).value.trim();
  if (!c.name) return;
  el("join").hidden = true;
  connection.stopped = false;
  connection.open();
});

c.settings.listen();
listenReview(c);
listenKeys(c);
setInterval(() => { if (c.state) tick(c); }, 1000);

loadCatalogue(body.dataset.words || "words.json").then((catalogue) => {
  // A screen with no keyboard reads the catalogue's "touch" entries in place of
  // those that name keys; a watcher, its "watch" entries (nothing to press).
  let words = TOUCH ? overlaid(catalogue, "touch") : catalogue;
  if (c.mode === "watch") words = overlaid(words, "watch");
  c.words = new Words(words);
  document.documentElement.lang = words.language || "en";
  label();
  try { c.name = localStorage.getItem("hearts.name") || ""; } catch (e) { c.name = ""; }
  const named = query.get("name");
  if (named) c.name = named;
  if (!c.code) { stop(c.w("web.no-code")); return; }
  if (body.dataset.seated === "1" || named || (c.mode === "watch" && c.name)) connection.open();
  else askName("");
});
