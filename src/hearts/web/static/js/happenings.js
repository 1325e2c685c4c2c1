// What happened at the table, said in the live region: the `events` each
// `change` carries, and the hand so far that a whole `state` carries
// (docs/network.md, "What happened"). Each happening is told once, in the
// order of its number, so a card is said because it was played, never because
// two states differ; a page that missed changes (its connection cut, its
// backlog given way to the whole state) says what it had not said yet.

/** @typedef {import("./types.js").Happening} Happening */
/** @typedef {import("./types.js").Seat} Seat */
/** @typedef {import("./state.js").Client} Client */
import { sorted } from "./cards.js";
import { fill } from "./words.js";

/** The happenings that move a seat (hearts.table.happenings.SeatMove), worded by
 * the catalogue's "moves". */
const MOVES = ["sat-down", "dropped", "came-back", "stood-in", "left", "freed", "computer-seated"];

/** What a batch of happenings held that the page says its prompt after. */
/** @typedef {{dealt: boolean, ended: boolean}} Told */

/** What this page has said: the happenings' numbers within one run of the table,
 * and the turn it said was this person's. */
export class Teller {
  constructor() {
    /** @type {number | null} the number of the last happening said (null: none yet) */
    this.heard = null;
    /** @type {string | null} the run of the table those numbers belong to */
    this.epoch = null;
    /** the turn "Your turn" was said for (the hand and the cards played then) */
    this.turn = "";
    /** whether the stuck prompt was said */
    this.stuck = false;
  }

  /**
   * Say the happenings not said yet, in order of their numbers.
   * @param {Client} c
   * @param {(text: string) => void} say
   * @param {readonly Happening[]} events
   * @param {boolean} first  the page's first state: what happened before it is on
   *   the table to see, not said
   * @returns {Told}
   */
  take(c, say, events, first) {
    const out = { dealt: false, ended: false };
    if (c.epoch !== this.epoch) { this.heard = null; this.epoch = c.epoch; }
    const heard = this.heard;
    const fresh = events.filter((h) => typeof h.n === "number" && (heard === null || h.n > heard));
    fresh.sort((a, b) => a.n - b.n);
    if (first) {  // what came before is on the table to see; the move that seated this page is said
      const own = fresh.filter((h) => MOVES.includes(h.kind) && c.mine(/** @type {Seat} */ (h.seat))).pop();
      if (own && (own.kind === "sat-down" || own.kind === "came-back")) say(moveText(c, own));
    }
    for (const h of fresh) {
      this.heard = h.n;
      if (first) continue;
      if (h.kind === "dealt") out.dealt = true;
      else if (h.kind === "hand-ended") out.ended = true;
      const text = happeningText(c, h);
      if (text) say(text);
    }
    return out;
  }
}

/**
 * A happening in words, as this page's person is told it; "" for what the table
 * shows (another seat's pass, a deal).
 * @param {Client} c
 * @param {Happening} h
 * @returns {string}
 */
export function happeningText(c, h) {
  const seat = /** @type {Seat} */ (h.seat);
  switch (h.kind) {
    case "played":
      return c.mine(seat) ? fill(c.w("web.you-play"), { card: c.words.card(h.card || "") })
        : fill(c.w("web.plays"), { who: c.who(seat), card: c.words.card(h.card || "") });
    case "trick-taken": {
      const kind = c.mine(seat) ? "web.you-take" : "web.takes";
      const points = typeof h.points === "number" ? h.points : 0;
      const ending = points === 0 ? "-none" : points === 1 ? "-one" : "-points";
      return fill(c.w(kind + ending), { who: c.who(seat), points: points });
    }
    case "hearts-broken":
      return c.w("web.hearts-broken");
    case "passed-cards":
      return fill(c.w("web.you-passed"), { cards: c.words.cards(sorted(h.cards || [])),
        who: c.who(/** @type {Seat} */ (h.to)) });
    case "received":
      return fill(c.w("web.received-cards"), { cards: c.words.cards(sorted(h.cards || [])),
        who: c.who(/** @type {Seat} */ (h.from)) });
    default:
      return MOVES.includes(h.kind) ? moveText(c, h) : "";
  }
}

/**
 * A seat's move in words (hearts.tui.words.move_text): "You are back", never
 * "South is back"; another seat by its person's name as the move gives it (the
 * state may already name the seat's new player).
 * @param {Client} c
 * @param {Happening} h
 * @returns {string}
 */
export function moveText(c, h) {
  const seat = /** @type {Seat} */ (h.seat);
  if (c.mine(seat)) return c.w("moves." + h.kind + "-you");
  return fill(c.w("moves." + h.kind), { who: h.name || c.who(seat) });
}
