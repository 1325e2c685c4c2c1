// The seats and the cards: their order, and where each seat sits on the screen.

/** @typedef {import("./types.js").Seat} Seat */
/** @typedef {import("./types.js").Place} Place */
/** @typedef {import("./types.js").Card} Card */

/** @type {readonly Seat[]} The seats in the order of the messages' lists. */
export const SEATS = ["south", "west", "north", "east"];
/** @type {readonly Place[]} Where the seats sit, from this seat round to its right. */
export const PLACES = ["bottom", "left", "across", "right"];
/** The suits in the order a hand is shown. */
export const SUITS = ["S", "H", "C", "D"];
const RANKS = "23456789TJQKA";

/**
 * The rank of a card ("T" for ten).
 * @param {Card} card
 * @returns {string}
 */
export function rankOf(card) { return card.slice(0, -1).replace("10", "T"); }

/**
 * The suit of a card ("S", "H", "C" or "D").
 * @param {Card} card
 * @returns {string}
 */
export function suitOf(card) { return card.slice(-1); }

/**
 * The index of a seat in the messages' lists.
 * @param {Seat} seat
 * @returns {number}
 */
export function seatIndex(seat) { return SEATS.indexOf(seat); }

/**
 * The order a hand is shown in: by suit, then by rank.
 * @param {Card} a
 * @param {Card} b
 * @returns {number}
 */
export function byTable(a, b) {
  const suits = SUITS.indexOf(suitOf(a)) - SUITS.indexOf(suitOf(b));
  return suits || RANKS.indexOf(rankOf(a)) - RANKS.indexOf(rankOf(b));
}

/**
 * Cards in the order a hand is shown (a copy).
 * @param {readonly Card[]} cards
 * @returns {Card[]}
 */
export function sorted(cards) { return cards.slice().sort(byTable); }

/**
 * Whether two lists hold the same cards, in any order.
 * @param {readonly Card[] | null | undefined} a
 * @param {readonly Card[] | null | undefined} b
 * @returns {boolean}
 */
export function sameCards(a, b) {
  if (!a || !b || a.length !== b.length) return false;
  const x = a.slice().sort(), y = b.slice().sort();
  return x.every((c, i) => c === y[i]);
}

/**
 * Where a seat sits on the screen of the person at ``me`` (south for a watcher).
 * @param {Seat} seat
 * @param {Seat | null} me
 * @returns {Place}
 */
export function placeOf(seat, me) {
  const at = me ? seatIndex(me) : 0;
  return PLACES[(seatIndex(seat) - at + 4) % 4];
}
