// The sentences the page makes of the state: the status line, the notices, the
// refusals, the errors and a match's winners, each from the catalogue's
// templates (the terminal fills the same ones: hearts.tui.words). The table's
// rules come worded with the page (hearts.words.rules).

/** @typedef {import("./types.js").Seat} Seat */
/** @typedef {import("./types.js").Notice} Notice */
/** @typedef {import("./types.js").Refusal} Refusal */
/** @typedef {import("./types.js").SeatInfo} SeatInfo */
/** @typedef {import("./types.js").EveningStandings} EveningStandings */
/** @typedef {import("./types.js").Standing} Standing */
/** @typedef {import("./state.js").Client} Client */
import { seatIndex } from "./cards.js";
import { fill } from "./words.js";

/**
 * "1 point", "5 points".
 * @param {Client} c
 * @param {number} count
 * @returns {string}
 */
export function pointsText(c, count) {
  return fill(c.w(count === 1 ? "results.point" : "results.points"), { count: count });
}

/**
 * Who won the match (or shared it), with their points.
 * @param {Client} c
 * @param {Seat[] | undefined} winners
 * @returns {string}
 */
export function winnerText(c, winners) {
  if (!winners || !winners.length) return c.w("results.game-over");
  const low = pointsText(c, c.S.scores[seatIndex(winners[0])]);
  if (winners.length === 1) {
    return c.mine(winners[0]) ? fill(c.w("results.you-win"), { points: low })
      : fill(c.w("results.wins"), { who: c.who(winners[0]), points: low });
  }
  const list = winners.map((s) => (c.mine(s) ? c.w("results.you") : c.who(s)));
  return fill(c.w("results.share"), { names: c.words.list(list), points: low });
}

/**
 * @param {Client} c
 * @param {Seat | null | undefined} shooter
 * @returns {string}
 */
function moon(c, shooter) {
  if (!shooter) return "";
  return c.mine(shooter) ? c.w("prompts.moon-you") : fill(c.w("prompts.moon"), { who: c.who(shooter) });
}

/**
 * The status line: what the table waits for.
 * @param {Client} c
 * @returns {string}
 */
export function promptText(c) {
  const S = c.S;
  const p = S.prompt || { kind: "welcome" };
  /** @param {string} key */
  const said = (key) => c.w("prompts." + key);
  const seat = /** @type {Seat} */ (p.seat);
  switch (p.kind) {
    case "trick-taken":
      return fill(said(p.next_lead ? "trick-taken-lead" : "trick-taken"),
        { who: c.who(seat), number: p.number });
    case "welcome": case "stuck": case "played-out":
      return said(p.kind);
    case "wait-pass": {
      const waiting = (S.waiting || []).filter((s) => !c.mine(s)).map((s) => c.who(s));
      return waiting.length ? fill(said("wait-pass-named"), { names: c.words.list(waiting) })
        : said("wait-pass");
    }
    case "choose": {
      const view = S.view;
      const kept = view !== null && view.hand.includes("QS") && !(view.rules || {}).pass_queen;
      return fill(said(kept ? "choose-queen" : "choose"),
        { direction: c.w("directions." + p.direction) });
    }
    case "received":
      return fill(said("received"), { who: c.who(seat) });
    case "hand-over":
      return moon(c, p.shooter) + said("hand-over");
    case "game-over": {
      const won = winnerText(c, p.winners);
      /** @type {string[]} */
      const tails = said("game-over-tails");
      const tail = tails.find((t) => (won + t).length <= 80) || "";
      return won + tail;
    }
    case "lead":
      return fill(said(c.mine(seat) ? "lead-you" : "lead"), { number: p.number, who: c.who(seat) });
    case "follow":
      return fill(said(c.mine(seat) ? "follow-you" : "follow"),
        { number: p.number, who: c.who(seat), suit: c.w("cards.suits." + p.suit) });
    default:
      return p.kind;
  }
}

/**
 * Why the table refused a move.
 * @param {Client} c
 * @param {Refusal} r
 * @returns {string}
 */
export function refusalText(c, r) {
  return fill(c.w("refusals." + r.reason), {
    card: r.card ? c.words.card(r.card) : "", suit: r.suit ? c.w("cards.suits." + r.suit) : "",
    seat: r.seat ? c.who(r.seat) : "" });
}

/**
 * A notice of the table's, as a sentence.
 * @param {Client} c
 * @param {Notice} n
 * @returns {string}
 */
export function noticeText(c, n) {
  /** @type {{[key: string]: string}} */
  const said = c.w("notices");
  const named = n.seat ? (c.mine(n.seat) ? "you" : c.who(n.seat)) : "";
  switch (n.kind) {
    case "refused": return refusalText(c, n.refusal || { reason: "unknown" });
    case "press-deal": return said[c.state && c.state.hand_number ? "press-deal" : "press-deal-first"];
    case "not-a-person": return fill(said["not-a-person"], { seat: c.w("seats." + n.seat) });
    case "forced-card": return fill(said["forced-card"], { card: c.words.card(n.card || "") });
    case "hint":
      return fill(said[(n.cards || []).length === 3 ? "hint-pass" : "hint"], { cards: c.words.cards(n.cards || []) });
    case "player-failed": return failureText(c, n);
    case "standings": return n.standings ? standingsText(c, n.standings) : n.text || "";
    case "text": return n.text || "";
    default: break;
  }
  // about this person: "You took too long", never "South took too long"
  if (c.mine(n.seat) && said[n.kind + "-you"] !== undefined) return said[n.kind + "-you"];
  if (said[n.kind] !== undefined) {
    return fill(said[n.kind], { count: n.count, who: named, name: n.name || named });
  }
  return fill(said.unknown, { kind: n.kind });
}

/**
 * A difference to one decimal place with its sign ("+1.5", "-0.3", "0"), as
 * hearts.words.standings.signed writes it.
 * @param {[number, number]} fraction  numerator, denominator
 * @returns {string}
 */
export function signed(fraction) {
  const tenths = Math.floor((fraction[0] * 10) / fraction[1] + 0.5);
  if (tenths === 0) return "0";
  return (tenths > 0 ? "+" : "-") + (Math.abs(tenths) / 10).toFixed(1);
}

/**
 * A duplicate evening's standings in one short line, from the catalogue's
 * "standings" entries, as the terminal words them (hearts.words.standings).
 * @param {Client} c
 * @param {EveningStandings} s
 * @returns {string}
 */
export function standingsText(c, s) {
  /** @type {{[key: string]: string}} */
  const said = c.w("standings");
  if (!s.finished) return said.none;
  const where = s.over ? said.over
    : fill(said.where, { deal: s.deal, deals: s.deals, round: s.round, rounds: s.rounds });
  if (!s.rows.length) return fill(said["not-compared"], { where: where });
  const most = Math.max(...s.rows.map((row) => row.hands));
  /** @param {Standing} row */
  const one = (row) => {
    const name = row.name !== null ? row.name : fill(said.computer, { seat: c.w("seats." + row.seat) });
    /** @type {string[]} */
    const notes = [];
    if (row.hands < most) notes.push(row.hands === 1 ? said["hands-one"] : fill(said.hands, { count: row.hands }));
    if (row.stood_in) notes.push(fill(said["stood-in"], { count: row.stood_in }));
    if (row.assisted) notes.push(fill(said.assisted, { count: row.assisted }));
    const shown = fill(said.row, { name: name, difference: signed(row.difference) });
    return notes.length ? fill(said.noted, { what: shown, notes: notes.join(said.comma) }) : shown;
  };
  return fill(said.line, { where: where, names: s.rows.map(one).join(said.comma) });
}

/**
 * @param {string} text
 * @returns {string}
 */
function capital(text) { return text.charAt(0).toUpperCase() + text.slice(1); }

/**
 * A computer player's (or the hint's) failure, as a sentence.
 * @param {Client} c
 * @param {Notice} n
 * @returns {string}
 */
function failureText(c, n) {
  const said = c.w("failures");
  const level = n.level ? capital(n.level) : said.computer;
  const whoFailed = n.decision === "hint" ? fill(said["who-hint"], { level: level })
    : fill(said.who, { name: n.seat ? c.who(n.seat) : "", level: level });
  const lower = n.lower ? capital(n.lower) : said.lower;
  return fill(said[n.outcome || "stuck"], {
    who: whoFailed, what: said.decisions[n.decision || "other"] || said.decisions.other,
    where: n.log ? fill(said.where, { log: n.log }) : "", error: n.error || said["an-error"],
    lower: lower });
}

/**
 * An error message of the server's, in the catalogue's words where it has them.
 * @param {Client} c
 * @param {string} codeName
 * @param {string} message
 * @returns {string}
 */
export function errorText(c, codeName, message) {
  const own = message ? capital(message) : "";
  const errors = c.w("errors");
  if (codeName === "bad-name" || codeName === "bad-message" || !errors[codeName]) return own || codeName;
  return fill(errors[codeName], { message: own });
}

/**
 * A seat's presence ("away: 40 s left").
 * @param {Client} c
 * @param {SeatInfo} info
 * @returns {string}
 */
export function presenceText(c, info) {
  const p = info.presence;
  if ((p === "away" || p === "free") && typeof info.until === "number") {
    return fill(c.w("presence." + p + "-until"), { seconds: c.secondsLeft(info.until) });
  }
  return c.w("presence." + p);
}
