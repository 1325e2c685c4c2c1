// What the person does: a tap on a card (choose it for the pass, raise it, play
// it), the actions' row, the keys (and keys 1 to 4, which say the hand, the
// trick, the scores and the turn), and the hint taken as the terminal takes it.

/** @typedef {import("./types.js").Card} Card */
/** @typedef {import("./state.js").Client} Client */
/** @typedef {import("./state.js").Button} Button */
import { say } from "./announce.js";
import { SUITS, rankOf, suitOf } from "./cards.js";
import { askReview, reviewKey } from "./review.js";
import { noticeText, promptText } from "./sentences.js";
import { dialog, draw, el, handCards, lastTrick, showHelp, showLast, showScores } from "./view.js";
import { fill } from "./words.js";

/**
 * Pass the three cards chosen (or say how many are missing).
 * @param {Client} c
 */
export function pass(c) {
  if (c.chosen.length !== 3) {
    say(fill(c.w("notices.choose-three"), { count: c.chosen.length }));
    return;
  }
  c.send({ type: "pass", cards: c.chosen.slice() });
}

/**
 * A tap on a card of the hand: chosen for the pass (or not), raised, played.
 * @param {Client} c
 * @param {Card} card
 */
export function useCard(c, card) {
  const S = c.state;
  if (!S || !S.seat) return;
  c.focusCard = card;
  if ((S.passable || []).length) {
    if (c.chosen.includes(card)) {
      c.chosen = c.chosen.filter((each) => each !== card);
    } else if (!(S.passable || []).includes(card)) {
      say(fill(c.w("refusals.queen-passed"), {}));
    } else if (c.chosen.length >= 3) {
      say(c.w("notices.three-chosen"));
    } else {
      c.chosen.push(card);
    }
    const left = 3 - c.chosen.length;
    say(left ? fill(c.w("web.choose-more"), { count: left }) : fill(c.w("web.chosen"), { cards: c.words.cards(c.chosen) }));
    draw(c);
    return;
  }
  if (S.stage === "received") { c.send({ type: "continue" }); return; }
  if (c.raised === card && (S.legal || []).length) {
    c.send({ type: "play", card: card });
    c.raised = null;
    draw(c);
    return;
  }
  if (S.stage === "idle") { say(noticeText(c, { kind: "press-deal" })); return; }
  if ((S.legal || []).length && !(S.legal || []).includes(card)) {
    // The table says why: the same reason a terminal is given.
    c.send({ type: "play", card: card });
    return;
  }
  c.raised = c.raised === card ? null : card;
  draw(c);
}

/**
 * The actions' row, in its order: each action, when it is offered (from the
 * state's actions) and what it does.
 * @param {Client} c
 * @param {() => void} leave  what Leave does
 * @returns {Button[]}
 */
export function buttons(c, leave) {
  return [
    ["play", () => c.raised && (c.S.legal || []).length, () => { if (c.raised) c.send({ type: "play", card: c.raised }); c.raised = null; draw(c); }],
    ["deal", (a) => a.has("deal"), () => c.send({ type: "deal" })],
    ["pass", (a) => a.has("pass"), () => pass(c)],
    ["clear", (a) => a.has("pass") && c.chosen.length, () => { c.chosen = []; draw(c); }],
    ["continue", (a) => a.has("continue"), () => c.send({ type: "continue" })],
    ["hint", (a) => a.has("hint"), () => c.send({ type: "hint" })],
    ["undo", (a) => a.has("undo"), () => c.send({ type: "undo" })],
    ["last", () => lastTrick(c) !== null, () => showLast(c)],
    ["scores", () => (c.S.sheet || []).length > 0, () => showScores(c)],
    ["review", (a) => a.has("review"), () => askReview(c)],
    ["settings", () => true, () => c.settings.show()],
    ["help", () => true, () => showHelp(c)],
    ["leave", () => true, leave],
  ];
}

/**
 * As the terminal does: the hinted pass chosen, the hinted card raised.
 * @param {Client} c
 * @param {Card[]} cards
 */
export function takeHint(c, cards) {
  const S = c.state;
  if (!S || !S.seat) return;
  const passable = S.passable || [];
  if (passable.length && cards.length === 3 && cards.every((card) => passable.includes(card))) {
    c.chosen = cards.slice();
  } else if (cards.length === 1 && (S.legal || []).includes(cards[0])) {
    c.raised = cards[0];
    c.focusCard = cards[0];
  } else {
    return;
  }
  draw(c);
}

// --- describing the state (keys 1 to 4) -------------------------------------------

/**
 * @param {Client} c
 * @returns {string}
 */
function describeHand(c) {
  const cards = handCards(c);
  if (!cards.length) return fill(c.w("web.say-hand"), { suits: c.w("web.no-cards") });
  const parts = [];
  for (const suit of SUITS) {
    const held = cards.filter((card) => suitOf(card) === suit);
    const ranks = held.map((card) => c.w("cards.ranks." + rankOf(card)));
    parts.push(c.w("cards.suits." + suit) + " " + (ranks.length ? ranks.join(" ") : c.w("web.no-cards")));
  }
  return fill(c.w("web.say-hand"), { suits: parts.join("; ") });
}

/**
 * @param {Client} c
 * @returns {string}
 */
function describeTrick(c) {
  const trick = c.S.trick || [];
  if (!trick.length) return c.w("web.say-trick-empty");
  return fill(c.w("web.say-trick"), { plays: trick.map(([seat, card]) => c.whoOrYou(seat) + " " + c.words.card(card)).join(", ") });
}

/**
 * @param {Client} c
 * @returns {string}
 */
function describeScores(c) {
  const S = c.S;
  return fill(c.w("web.say-scores"), { scores: S.seats.map((info, i) => fill(c.w("web.score-of"), { name: info.name, score: S.scores[i] })).join(", ") });
}

/**
 * @param {Client} c
 * @returns {string}
 */
function describeTurn(c) {
  return promptText(c) + (el("countdown").hidden ? "" : " - " + el("countdown").textContent);
}

// --- keys ---------------------------------------------------------------------

/**
 * The focus to the next (1) or the previous (-1) card of the hand.
 * @param {Client} c
 * @param {number} step
 */
function moveFocus(c, step) {
  /** @type {HTMLElement[]} */
  const cards = Array.from(document.querySelectorAll("#hand button.card"));
  if (!cards.length) return;
  let at = cards.indexOf(/** @type {HTMLElement} */ (document.activeElement));
  at = at < 0 ? (step > 0 ? 0 : cards.length - 1) : (at + step + cards.length) % cards.length;
  cards[at].focus();
  c.focusCard = cards[at].dataset.card || null;
}

/**
 * The keys of the table (Help lists them).
 * @param {Client} c
 */
export function listenKeys(c) {
  document.addEventListener("keydown", (event) => {
    const S = c.state;
    if (!S || event.ctrlKey || event.metaKey || event.altKey) return;
    if (document.querySelector("dialog[open]")) {
      if (dialog("review").open) reviewKey(c, event);
      return;
    }
    const target = /** @type {HTMLElement | null} */ (event.target);
    if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA")) return;
    const key = event.key;
    const actions = new Set(S.actions || []);
    let done = true;
    switch (key) {
      case "ArrowLeft": moveFocus(c, -1); break;
      case "ArrowRight": moveFocus(c, 1); break;
      case "d": if (actions.has("deal")) c.send({ type: "deal" }); break;
      case "p": pass(c); break;
      case "c": c.chosen = []; draw(c); break;
      case "?": c.send({ type: "hint" }); break;
      case "u": c.send({ type: "undo" }); break;
      case "l": showLast(c); break;
      case "r": showScores(c); break;
      case "v": askReview(c); break;
      case "h": showHelp(c); break;
      case "o": c.settings.show(); break;
      case "1": say(describeHand(c)); break;
      case "2": say(describeTrick(c)); break;
      case "3": say(describeScores(c)); break;
      case "4": say(describeTurn(c)); break;
      default:
        if (S.stage === "received" && key.length === 1) c.send({ type: "continue" });
        done = false;
    }
    if (done) event.preventDefault();
  });
}
