// What the page says in its polite live region (#log): each card played, who
// took a trick and its points, who sat down, dropped, came back or left, the
// turn when it comes to this person, the prompt when a pass or a hand begins or
// ends. Told from the events the server
// sends with each change (happenings.js), never by comparing two states.

/** @typedef {import("./types.js").State} State */
/** @typedef {import("./state.js").Client} Client */
/** @typedef {import("./types.js").Happening} Happening */
/** @typedef {import("./happenings.js").Teller} Teller */
import { sorted } from "./cards.js";
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
 * Say what happened, from a message's events (happenings.js: each once, by its
 * number), never by comparing states: each card played, each trick taken, the
 * cards passed and received; the prompt when a hand begins or ends; "Your turn"
 * once a turn. The first state of the page says where the table stands.
 * @param {Client} c
 * @param {Teller} teller
 * @param {boolean} first
 * @param {readonly Happening[]} events
 */
export function tell(c, teller, first, events) {
  const state = c.state;
  if (!state) return;
  if (first) {
    say(promptText(c));
    tellThePass(c, state);
  }
  const told = teller.take(c, say, events, first);
  const prompt = state.prompt;
  const kind = prompt ? prompt.kind : "";
  if (told.dealt || told.ended) say(promptText(c));
  const stuck = kind === "stuck";  // (no happening: a decision failed at every level)
  if (stuck && !teller.stuck && !first) say(promptText(c));
  teller.stuck = stuck;
  const turn = state.hand_number + ":" + ((state.view && state.view.played) || []).length;
  if (prompt && (kind === "lead" || kind === "follow") && c.mine(prompt.seat) && teller.turn !== turn) {
    if (!first && !told.dealt) say(c.w("web.your-turn"));
    teller.turn = turn;
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
