// Motion: a played card slides from its player's place to the trick, and a
// finished trick goes to the place of the player who took it. Short, drawn over
// the table as it already is (the state is shown at once; the motion only
// moves what is drawn, and nothing of it takes a tap), and none at all when the
// device asks for reduced motion.

/** @typedef {import("./types.js").State} State */
/** @typedef {import("./types.js").Seat} Seat */
/** @typedef {import("./types.js").Card} Card */
/** @typedef {import("./types.js").Happening} Happening */
/** @typedef {import("./state.js").Client} Client */
/** @typedef {{winner: Seat, cards: [Seat, Card][]}} Taken */
/** @typedef {{played: [Seat, Card][], taken: Taken | null}} Moves */
import { SEATS, seatIndex } from "./cards.js";

/** How long a card takes to reach the trick, and a trick its taker, in ms. */
export const PLAY_MS = 240;
export const TAKE_MS = 320;

/**
 * The device asks for no motion.
 * @returns {boolean}
 */
export function reducedMotion() {
  return Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

/**
 * What moved with a change: the cards that came to the trick (its "played"
 * events), and the trick that left the table with who took it (its
 * "trick-taken" event: the trick goes when its cards leave the table, which may
 * be a change later, once it has been on show). A whole state moves nothing
 * (its events are the hand so far: on the table to see already).
 * @param {State | null} before
 * @param {State} after
 * @param {readonly Happening[]} events
 * @returns {Moves}
 */
export function whatMoved(before, after, events) {
  /** @type {Moves} */
  const moves = { played: [], taken: null };
  if (!before) return moves;
  /** @type {Seat | null} */
  let taker = null;
  for (const h of events) {
    if (h.kind === "played" && h.seat && h.card) moves.played.push([h.seat, h.card]);
    if (h.kind === "trick-taken" && h.seat) taker = h.seat;
  }
  const now = new Set((after.trick || []).map(([, card]) => card));
  const left = moves.played.some(([, card]) => !now.has(card)) ||
    (before.trick || []).some(([, card]) => !now.has(card));
  const winner = taker || before.winner;
  if (left && winner) moves.taken = { winner: winner, cards: takenCards(before, after, moves.played) };
  return moves;
}

/**
 * The cards of the trick just taken, each with who played it: the last trick of
 * the hand's view, or (without one) the trick on the table before and the cards
 * played since.
 * @param {State} before
 * @param {State} after
 * @param {[Seat, Card][]} played
 * @returns {[Seat, Card][]}
 */
function takenCards(before, after, played) {
  const tricks = (after.view && after.view.tricks) || [];
  const last = tricks.length ? tricks[tricks.length - 1] : null;
  if (last) {
    const lead = seatIndex(last.leader);
    return last.cards.map((card, i) => /** @type {[Seat, Card]} */ ([SEATS[(lead + i) % 4], card]));
  }
  const was = /** @type {[Seat, Card][]} */ (before.trick || []);
  const seen = new Set(was.map(([, card]) => card));
  return was.concat(played.filter(([, card]) => !seen.has(card)));
}

/**
 * The middle of an element on the screen.
 * @param {Element} element
 * @returns {{x: number, y: number}}
 */
function middle(element) {
  const box = element.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

/**
 * The chip of the player at a seat (null: not on the page).
 * @param {Client} c
 * @param {Seat} seat
 * @returns {HTMLElement | null}
 */
function chipOf(c, seat) {
  return document.querySelector('.player[data-at="' + c.place(seat) + '"]');
}

/** How many motions the page has started (a test reads it; nothing else does). */
let started = 0;

/**
 * Start an animation and count it.
 * @param {HTMLElement} element
 * @param {Keyframe[]} frames
 * @param {KeyframeAnimationOptions} options
 * @returns {Animation | null}
 */
function run(element, frames, options) {
  if (typeof element.animate !== "function") return null;
  started += 1;
  document.body.dataset.motions = String(started);
  return element.animate(frames, options);
}

/**
 * Show what moved on the table just drawn: each card played slides in from
 * its player's place; a trick taken, drawn again over the felt where it was,
 * goes to its taker's place, shrinking (nothing fades: the cards keep their
 * contrast). Nothing when the device asks for reduced motion.
 * @param {Client} c
 * @param {Moves} moves
 * @param {(c: Client, card: Card) => HTMLElement} face  the view's card face
 */
export function showMoves(c, moves, face) {
  if (reducedMotion() || (!moves.played.length && !moves.taken)) return;
  const trick = document.getElementById("trick");
  const felt = document.getElementById("felt");
  if (!trick || !felt) return;
  const takenCards = new Set((moves.taken ? moves.taken.cards : []).map(([, card]) => card));
  for (const [seat, card] of moves.played) {
    if (takenCards.has(card)) continue;  // it is shown on its way with the trick
    const li = /** @type {HTMLElement | null} */ (trick.querySelector('.played[data-card="' + card + '"]'));
    const chip = chipOf(c, seat);
    if (!li || !chip) continue;
    const from = middle(chip);
    const to = middle(li);
    run(li, [
      // no fading in: a card is shown at full contrast all the way
      { transform: "translate(" + (from.x - to.x) + "px, " + (from.y - to.y) + "px) scale(0.7)" },
      { transform: "none" },
    ], { duration: PLAY_MS, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)", id: "play" });
  }
  if (moves.taken) takeAway(c, moves.taken, felt, face);
}

/**
 * The trick taken, drawn again where it was (a copy no one can tap or read),
 * sent to its taker's place.
 * @param {Client} c
 * @param {Taken} taken
 * @param {HTMLElement} felt
 * @param {(c: Client, card: Card) => HTMLElement} face
 */
function takeAway(c, taken, felt, face) {
  const chip = chipOf(c, taken.winner);
  if (!chip) return;
  const ghost = document.createElement("ol");
  ghost.className = "trick leaving";
  ghost.setAttribute("aria-hidden", "true");
  for (const [seat, card] of taken.cards) {
    const li = document.createElement("li");
    li.className = "played at-" + c.place(seat) + (seat === taken.winner ? " won" : "");
    li.append(face(c, card));
    ghost.append(li);
  }
  felt.append(ghost);
  const to = middle(chip);
  const from = middle(ghost);
  const animation = run(ghost, [
    { transform: "none" },
    { transform: "translate(" + (to.x - from.x) + "px, " + (to.y - from.y) + "px) scale(0.2)" },
  ], { duration: TAKE_MS, easing: "ease-in", fill: "forwards", id: "take" });
  if (animation) animation.finished.catch(() => {}).then(() => ghost.remove());
  else ghost.remove();
}
