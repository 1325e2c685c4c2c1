// What the page says in its polite live region (#log): each card played, who
// took a trick and its points, the turn when it comes to this person, the
// prompt when a pass or a hand begins or ends. Found by comparing the state
// before a change with the state after it.

/** @typedef {import("./types.js").State} State */
/** @typedef {import("./state.js").Client} Client */
import { seatIndex, sorted } from "./cards.js";
import { promptText } from "./sentences.js";
import { fill } from "./words.js";

/** The most lines the live region keeps. */
const KEPT = 40;

/**
 * Say a sentence in the live region (with a capital letter).
 * @param {string} text
 */
export function say(text) {
  const log = document.getElementById("log");
  if (!text || !log) return;
  const line = document.createElement("p");
  line.textContent = text.charAt(0).toUpperCase() + text.slice(1);
  log.appendChild(line);
  while (log.childElementCount > KEPT && log.firstElementChild) log.removeChild(log.firstElementChild);
}

/**
 * Say what changed between two states (``before`` null: the first state).
 * @param {Client} c
 * @param {State | null} before
 * @param {State} after
 */
export function tell(c, before, after) {
  if (!before) {
    say(promptText(c));
    tellThePass(c, after);
    return;
  }
  const old = before.trick || [];
  const now = after.trick || [];
  const same = old.length <= now.length && old.every((p, i) => now[i] && p[1] === now[i][1]);
  const fresh = same ? now.slice(old.length) : now;
  for (const [seat, card] of fresh) {
    say(c.mine(seat) ? fill(c.w("web.you-play"), { card: c.words.card(card) })
      : fill(c.w("web.plays"), { who: c.who(seat), card: c.words.card(card) }));
  }
  if (after.winner && !(before.winner && same && fresh.length === 0)) {
    const i = seatIndex(after.winner);
    const gained = after.view && before.view ? after.view.points_taken[i] - before.view.points_taken[i] : 0;
    const named = c.who(after.winner);
    const kind = c.mine(after.winner) ? "web.you-take" : "web.takes";
    if (gained === 0) say(fill(c.w(kind + "-none"), { who: named }));
    else if (gained === 1) say(fill(c.w(kind + "-one"), { who: named }));
    else say(fill(c.w(kind + "-points"), { who: named, points: gained }));
  }
  const prompt = after.prompt;
  const kind = prompt && prompt.kind;
  const was = before.prompt && before.prompt.kind;
  if (prompt && kind === "received" && was !== "received" && after.view && (after.view.received || []).length) {
    say(fill(c.w("web.received-cards"), { cards: c.words.cards(sorted(after.view.received || [])),
      who: c.who(/** @type {import("./types.js").Seat} */ (prompt.seat)) }));
  } else if (kind !== was && ["choose", "received", "hand-over", "game-over", "stuck"].includes(kind || "")) {
    // (the rest of a hand played out is said once, by the table's notice)
    say(promptText(c));
  } else if (prompt && (kind === "lead" || kind === "follow") && c.mine(prompt.seat) &&
             !(before.prompt && before.prompt.seat === prompt.seat && (was === "lead" || was === "follow"))) {
    say(c.w("web.your-turn"));
  }
}

/**
 * Sitting down (or back) after the pass: what this seat gave and got.
 * @param {Client} c
 * @param {State} state
 */
function tellThePass(c, state) {
  const view = state.view;
  if (!view || state.stage === "passing" || !(view.passed || []).length || !(view.received || []).length) return;
  say(fill(c.w("web.seat-passed"), { cards: c.words.cards(sorted(view.passed || [])),
    direction: c.w("directions." + view.pass_direction),
    received: c.words.cards(sorted(view.received || [])) }));
}
