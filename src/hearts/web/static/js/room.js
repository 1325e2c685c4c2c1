// Around the game on the table's page: who sits where before one joins (in the
// join form), and, for the person who started the table from the front page,
// its invite link with Copy, Share (where the browser has a share sheet) and a
// QR code. Apart from main.js, which it hears from through "hearts:message"
// events and sends the creator's commands through "hearts:send" events: it only
// adds to the page, which works without it.

/** @typedef {import("./types.js").Catalogue} Catalogue */
/** @typedef {import("./types.js").Seat} Seat */
/** @typedef {import("./types.js").State} State */
/** @typedef {import("./types.js").ServerMessage} ServerMessage */
import { SEATS } from "./cards.js";
import { make } from "./dom.js";
import { fill, loadCatalogue } from "./words.js";

/**
 * A seat as /seating and /invite describe it (hearts.web.room).
 * @typedef {object} RoomSeat
 * @property {Seat} seat
 * @property {string | null} name
 * @property {string} presence
 * @property {boolean} person
 */

/**
 * What /seating (anyone with the code) and /invite (the creator) say of the table.
 * @typedef {object} RoomInfo
 * @property {RoomSeat[]} seats
 * @property {number} free
 * @property {string} [link]
 * @property {string} [qr]
 * @property {Seat | null} [creator]
 */

const body = document.body;
const code = new URLSearchParams(location.search).get("code") || "";
const REFRESH_MS = 15000;

/** What the room holds: the words, the creator's last look, the seat's last state. */
const room = {
  /** @type {Catalogue} */
  words: {},
  /** @type {RoomInfo | null} the creator's last look at the table (/invite) */
  lastInfo: null,
  /** @type {State | null} the seat's last state (shown once the words are here) */
  lastState: null,
  ready: false,
};

/**
 * The front page's words (the catalogue's "front" section) at a key, filled in.
 * @param {string} key
 * @param {{[field: string]: string}} [fields]
 * @returns {string}
 */
function say(key, fields) {
  const front = room.words.front;
  return fill((front && front[key]) || key, fields);
}

/**
 * The catalogue's word in a section ("seats", "presence"), or the key itself.
 * @param {string} section
 * @param {string} key
 * @returns {string}
 */
function word(section, key) {
  const words = room.words[section];
  return (words && words[key]) || key;
}

/**
 * An element of the page that is there (room.js adds them before it asks).
 * @param {ParentNode} root
 * @param {string} selector
 * @returns {HTMLElement}
 */
function found(root, selector) {
  const node = root.querySelector(selector);
  if (!node) throw new Error("no " + selector);
  return /** @type {HTMLElement} */ (node);
}

/**
 * A seat's line: where, who and how they are.
 * @param {RoomSeat} seat
 * @returns {string}
 */
function seatWords(seat) {
  const where = word("seats", seat.seat);
  const how = word("presence", seat.presence);
  const who = seat.name ? seat.name + " (" + how + ")" : how;
  return say("seat-line", { seat: where, who: who });
}

/**
 * @param {RoomInfo} info
 * @returns {HTMLUListElement}
 */
function seatList(info) {
  return make("ul", { className: "room-seats" },
    info.seats.map((seat) => make("li", { textContent: seatWords(seat),
      className: "room-seat room-is-" + seat.presence })));
}

/**
 * @param {RoomInfo} info
 * @returns {string}
 */
function freeLine(info) {
  return info.free > 0 ? say("free-seats", { count: String(info.free) }) : say("no-free-seat");
}

// --- the join form: who sits where ------------------------------------------------

/**
 * Who sits where, in the join form.
 * @param {RoomInfo} info
 */
function showSeating(info) {
  const form = document.getElementById("join");
  if (!form) return;
  let box = document.getElementById("room-seating");
  if (!box) {
    box = make("section", { id: "room-seating", className: "room-seating" });
    box.setAttribute("aria-labelledby", "room-seating-title");
    form.prepend(box);
  }
  box.replaceChildren(
    make("h2", { id: "room-seating-title", textContent: say("seating-title") }),
    seatList(info), make("p", { className: "room-free", textContent: freeLine(info) }));
}

// --- the creator's invite -------------------------------------------------------------

/**
 * @param {boolean} ok
 * @param {string} where  the id of the line that says it
 */
function copied(ok, where) {
  const said = document.getElementById(where);
  if (said) said.textContent = say(ok ? "copied" : "copy-failed");
}

/**
 * Copy a link (by the clipboard, or by selecting it where there is none).
 * @param {HTMLInputElement} input
 * @param {string} where
 */
function copyLink(input, where) {
  const link = input.value;
  const byHand = () => {
    input.focus();
    input.select();
    let ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    copied(ok, where);
  };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(link).then(() => copied(true, where), byHand);
  } else {
    byHand();
  }
}

/**
 * @param {string} link
 */
function shareLink(link) {
  navigator.share({ title: document.title, text: say("share-text"), url: link })
    .catch(() => { /* closed by the person: nothing to say */ });
}

/**
 * The invite's panel: the link, Copy, Share and the QR code.
 * @param {RoomInfo} info
 * @returns {HTMLDetailsElement}
 */
function buildInvite(info) {
  const input = make("input", { id: "room-link", className: "room-link", readOnly: true,
    value: info.link || "", type: "url" });
  const copy = make("button", { type: "button", id: "room-copy", textContent: say("copy") });
  copy.addEventListener("click", () => copyLink(input, "room-said"));
  const share = make("button", { type: "button", id: "room-share", textContent: say("share"),
    hidden: typeof navigator.share !== "function" });
  share.addEventListener("click", () => shareLink(input.value));
  input.addEventListener("focus", () => input.select());
  const summary = make("summary", {}, [say("invite-title"), " ",
    make("span", { id: "room-invite-free", className: "room-free" })]);
  const panel = make("details", { id: "room-invite", className: "room-invite",
    open: info.free > 0 }, [
    summary,
    make("div", { className: "room-invite-body" }, [
      make("div", { className: "room-invite-text" }, [
        make("p", { id: "room-intro", textContent: say(info.free > 0 ? "invite-intro" : "invite-full") }),
        make("label", { htmlFor: "room-link", textContent: say("link-label") }),
        make("div", { className: "room-row" }, [input, copy, share]),
        make("p", { id: "room-said", className: "room-said" }),
      ]),
      make("img", { className: "room-qr", src: info.qr || "", alt: say("qr-alt"), width: 164, height: 164 }),
    ]),
  ]);
  found(document, "#main").before(panel);
  found(panel, "#room-said").setAttribute("aria-live", "polite");
  return panel;
}

/**
 * The invite, made or brought up to date.
 * @param {RoomInfo} info
 */
function showInvite(info) {
  room.lastInfo = info;
  const kept = /** @type {HTMLDetailsElement | null} */ (document.getElementById("room-invite"));
  const fresh = !kept;
  const panel = kept || buildInvite(info);
  const intro = found(panel, "#room-intro");
  const wasFull = intro.dataset.full === "1";
  intro.dataset.full = info.free > 0 ? "0" : "1";
  intro.textContent = say(info.free > 0 ? "invite-intro" : "invite-full");
  found(panel, "#room-invite-free").textContent = "(" + freeLine(info) + ")";
  if (!fresh && !wasFull && info.free === 0) panel.open = false;  // everyone is here
  if (info.creator) showControls(panel, info);
}

// --- the creator runs the table (host messages over the page's own socket) ----------

/**
 * A command of the creator's, sent on the page's own socket (main.js sends it).
 * @param {string} command
 * @param {Seat} [seat]
 */
function host(command, seat) {
  /** @type {import("./types.js").HostMessage} */
  const message = { type: "host", command: command };
  if (seat) message.seat = seat;
  document.dispatchEvent(new CustomEvent("hearts:send", { detail: message }));
  setTimeout(() => getJson("invite").then((info) => { if (info) showInvite(info); }), 800);
}

/**
 * @param {string} key
 * @param {string} labelKey
 * @param {{[field: string]: string}} fields
 * @param {string} command
 * @param {Seat} seat
 * @returns {HTMLButtonElement}
 */
function seatButton(key, labelKey, fields, command, seat) {
  const button = make("button", { type: "button", textContent: say(key),
    className: "room-command", title: say(labelKey, fields) });
  button.setAttribute("aria-label", say(labelKey, fields));
  button.dataset.command = command;
  button.dataset.seat = seat;
  button.addEventListener("click", () => host(command, seat));
  return button;
}

/**
 * A seat's line in the creator's controls, with what may be done to it.
 * @param {RoomSeat} seat
 * @returns {HTMLLIElement}
 */
function seatControls(seat) {
  const where = word("seats", seat.seat);
  const fields = { seat: where, name: seat.name || where };
  const buttons = [];
  if (seat.person && seat.name) buttons.push(seatButton("run-link", "run-link-label", fields, "link", seat.seat));
  if (!seat.person || seat.name) buttons.push(seatButton("run-free", "run-free-label", fields, "free", seat.seat));
  if (seat.person) buttons.push(seatButton("run-computer", "run-computer-label", fields, "computer", seat.seat));
  return make("li", { className: "room-run-seat" }, [
    make("span", { className: "room-run-who", textContent: seatWords(seat) }),
    make("span", { className: "room-run-buttons" }, buttons)]);
}

/**
 * The creator's controls, under the invite.
 * @param {HTMLElement} panel
 * @param {RoomInfo} info
 */
function showControls(panel, info) {
  let box = document.getElementById("room-run");
  if (!box) {
    const close = make("button", { type: "button", id: "room-close", className: "room-close",
      textContent: say("run-close") });
    close.addEventListener("click", () => { if (window.confirm(say("run-close-ask"))) host("close"); });
    box = make("details", { id: "room-run", className: "room-invite room-run" }, [
      make("summary", { textContent: say("run-title") }),
      make("ul", { id: "room-run-seats", className: "room-run-seats" }),
      make("div", { id: "room-run-link", className: "room-run-link", hidden: true }),
      close]);
    panel.after(box);
  }
  found(box, "#room-run-seats").replaceChildren(
    ...info.seats.filter((seat) => seat.seat !== info.creator).map(seatControls));
}

/**
 * A seat's link for a new device, as the server sent it.
 * @param {ServerMessage} m
 */
function showSeatLink(m) {
  const box = document.getElementById("room-run-link");
  if (!box || !m.seat) return;
  const seat = word("seats", m.seat);
  const held = room.lastInfo && room.lastInfo.seats.find((each) => each.seat === m.seat);
  const name = (held && held.name) || seat;
  const link = location.origin + location.pathname + "?" + new URLSearchParams(
    { code: code, token: m.token || "" }).toString();
  const input = make("input", { id: "room-seat-link", className: "room-link", readOnly: true,
    value: link, type: "url" });
  input.setAttribute("aria-label", say("run-link-label", { seat: seat, name: name }));
  const copy = make("button", { type: "button", textContent: say("copy") });
  copy.addEventListener("click", () => copyLink(input, "room-run-said"));
  const said = make("p", { id: "room-run-said", className: "room-said" });
  said.setAttribute("aria-live", "polite");
  box.replaceChildren(
    make("p", { textContent: say("run-link-said", { seat: seat, name: name }) }),
    make("div", { className: "room-row" }, [input, copy]), said);
  box.hidden = false;
  const details = box.closest("details");
  if (details) details.open = true;
  input.focus();
}

// --- a match's end: the final standings, and how to play again -----------------------

/**
 * A match's end: the final standings, and how to play again (gone otherwise).
 * @param {State | null} state
 */
function showStandings(state) {
  let box = document.getElementById("room-standings");
  if (!state || !state.match_over || !Array.isArray(state.scores)) {
    if (box) box.remove();
    return;
  }
  const order = [0, 1, 2, 3].sort((a, b) => state.scores[a] - state.scores[b]);
  /** @param {number} n */
  const points = (n) => fill(room.words.results[n === 1 ? "point" : "points"], { count: n });
  const lines = order.map((i) => {
    const place = 1 + order.filter((j) => state.scores[j] < state.scores[i]).length;
    const you = state.seat === SEATS[i];
    return make("li", { textContent: say(you ? "standing-you" : "standing", {
      number: String(place), name: state.seats[i].name, points: points(state.scores[i]) }) });
  });
  const shared = state.seats.filter((info) => ["here", "away"].includes(info.presence)).length > 1;
  if (!box) {
    box = make("section", { id: "room-standings", className: "room-invite room-standings" });
    box.setAttribute("aria-labelledby", "room-standings-title");
    found(document, "#main").before(box);
  }
  box.replaceChildren(
    make("h2", { id: "room-standings-title", textContent: say("standings-title") }),
    make("ol", { className: "room-standings-list" }, lines),
    ...(shared ? [make("p", { textContent: say("again-help") })] : []));
}


// --- start --------------------------------------------------------------------------

/**
 * JSON from the table's path (null: none, or an error).
 * @param {string} path
 * @returns {Promise<any>}
 */
function getJson(path) {
  return fetch(path, { credentials: "same-origin", cache: "no-store" })
    .then((r) => (r.ok ? r.json() : null), () => null);
}

/**
 * The creator's invite, looked at again every REFRESH_MS.
 * @param {number} wait
 */
function followInvite(wait) {
  getJson("invite").then((info) => {
    if (!info) return;
    showInvite(info);
    setTimeout(() => followInvite(REFRESH_MS), wait);
  });
}

/** Hear main.js's messages, and fetch the words and what the table says. */
function start() {
  document.addEventListener("hearts:message", (event) => {
    /** @type {ServerMessage | undefined} */
    const m = /** @type {CustomEvent} */ (event).detail;
    if (m && m.type === "state") room.lastState = m.state || null;
    if (!m || !room.ready) return;
    if (m.type === "seat-link") showSeatLink(m);
    else if (m.type === "state") showStandings(m.state || null);
  });
  loadCatalogue(body.dataset.words || "words.json").then((words) => {
    room.words = words;
    room.ready = true;
    if (room.lastState) showStandings(room.lastState);
    if (body.dataset.seated === "1") followInvite(2000);
    else if (code) getJson("seating?code=" + encodeURIComponent(code)).then((info) => { if (info) showSeating(info); });
  }, () => {});
}

if (body.dataset.mode === "seat") start();
