// What the page holds: the last state the server sent (kept as JSON and brought
// up to date by its numbered changes), and what is the page's own business (the
// cards chosen to pass, the card raised, the review on show). One Client object,
// made by main.js, is passed to every part of the page.

/** @typedef {import("./types.js").State} State */
/** @typedef {import("./types.js").Seat} Seat */
/** @typedef {import("./types.js").Place} Place */
/** @typedef {import("./types.js").Card} Card */
/** @typedef {import("./types.js").ChangeEntry} ChangeEntry */
/** @typedef {import("./types.js").ClientMessage} ClientMessage */
/** @typedef {import("./types.js").ReviewMessage} ReviewMessage */
/** @typedef {import("./types.js").TableRules} TableRules */
import { placeOf, seatIndex } from "./cards.js";
import { Settings } from "./settings.js";
import { Words } from "./words.js";

/**
 * A change applied to a state (a new state; the old one is left as it was).
 * Each entry is a path into the state and the value put there; a missing or
 * non-object step on the way becomes an object. The server's
 * hearts.net.wire.messages.apply_change keeps the same rules (docs/network.md,
 * "change"), and a browser test holds the two to the same results.
 * @param {State} state
 * @param {ChangeEntry[] | undefined} entries
 * @returns {State}
 */
export function applyChange(state, entries) {
  const next = JSON.parse(JSON.stringify(state));
  for (const [path, value] of entries || []) {
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

/** A button of the actions' row: its action, when it is offered, what it does. */
/** @typedef {[string, (offered: Set<string>) => unknown, () => void]} Button */

/** The page's client of one table: what it holds and the ways it names things. */
export class Client {
  /**
   * @param {"seat" | "watch"} mode
   * @param {string} tableId
   * @param {string} code  the table's code from the address
   * @param {TableRules | null} rules
   */
  constructor(mode, tableId, code, rules) {
    this.mode = mode;
    this.tableId = tableId;
    this.code = code;
    /** The table's rules as the page was served them (null: not told). */
    this.rules = rules;
    /** The catalogue's words (empty until they are fetched). */
    this.words = new Words({});
    /** @type {State | null} the state as the server sent it */
    this.state = null;
    /** @type {number | null} its number */
    this.seq = null;
    /** @type {string | null} the table's run on its server */
    this.epoch = null;
    /** the server's clock when the last message came, and ours then */
    this.clock = { now: 0, at: 0 };
    /** the name this person sits down with */
    this.name = "";
    /** @type {Card[]} the cards chosen to pass (the page's own business) */
    this.chosen = [];
    /** @type {Card | null} the card raised to be played */
    this.raised = null;
    /** @type {Card | null} the card that had the focus, kept across redraws */
    this.focusCard = null;
    /** @type {{data: ReviewMessage, step: number} | null} the review on show */
    this.review = null;
    /** @type {Button[]} the actions' row (main.js sets it) */
    this.buttons = [];
    /** @type {(card: Card) => void} what a tap on a card of the hand does (main.js sets it) */
    this.useCard = () => {};
    /** what the tab's title last asked of this person ("" when nothing) */
    this.cue = "";
    /** a duplicate evening's standings after the last hand ("" when none), shown with its result */
    this.standings = "";
    /** the browser's settings */
    this.settings = new Settings();
    /** @type {(message: ClientMessage) => void} sends a message to the table (main.js sets it) */
    this.send = () => {};
  }

  /** The state, once there is one (the drawing runs only then). */
  get S() {
    if (this.state === null) throw new Error("no state yet");
    return this.state;
  }

  /**
   * The catalogue's entry at a dotted path.
   * @param {string} path
   * @returns {any}
   */
  w(path) { return this.words.w(path); }

  /**
   * Keep a new state and its number; what the page chose that the new state no
   * longer allows is dropped. Returns the state before.
   * @param {State} state
   * @param {number | null} number
   * @returns {State | null}
   */
  hold(state, number) {
    const before = this.state;
    this.state = state;
    this.seq = number;
    if (!before || state.stage !== "passing" || before.view === null ||
        (before.hand_number !== state.hand_number)) this.chosen = [];
    this.chosen = this.chosen.filter((c) => (state.passable || []).includes(c));
    if (this.raised && !(state.view && state.view.hand.includes(this.raised))) this.raised = null;
    return before;
  }

  /**
   * Whether a seat is this person's.
   * @param {Seat | null | undefined} seat
   * @returns {boolean}
   */
  mine(seat) { return Boolean(this.state && seat && this.state.seat === seat); }

  /**
   * The name at a seat (the seat's own name before there is a state).
   * @param {Seat} seat
   * @returns {string}
   */
  who(seat) {
    const info = this.state && this.state.seats[seatIndex(seat)];
    return info ? info.name : seat;
  }

  /**
   * The name at a seat, or "you" for this person's.
   * @param {Seat} seat
   * @returns {string}
   */
  whoOrYou(seat) { return this.mine(seat) ? this.w("web.you") : this.who(seat); }

  /**
   * Where a seat sits on this person's screen.
   * @param {Seat} seat
   * @returns {Place}
   */
  place(seat) { return placeOf(seat, this.state ? this.state.seat : null); }

  /**
   * The server's clock now, in seconds.
   * @returns {number}
   */
  serverNow() { return this.clock.now + (performance.now() - this.clock.at) / 1000; }

  /**
   * Whole seconds left until a time of the server's clock.
   * @param {number} until
   * @returns {number}
   */
  secondsLeft(until) { return Math.max(0, Math.ceil(until - this.serverNow())); }
}
