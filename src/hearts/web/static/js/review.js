// The review of a hand: each step of it (the deal, the passes, every card) with
// the hands as they stood, and the verdict on each decision the server measured
// (what it cost, against which choice), then a summary of the costliest.

/** @typedef {import("./types.js").Card} Card */
/** @typedef {import("./types.js").Seat} Seat */
/** @typedef {import("./types.js").Play} Play */
/** @typedef {import("./types.js").Decision} Decision */
/** @typedef {import("./types.js").ReviewStep} ReviewStep */
/** @typedef {import("./types.js").ReviewMessage} ReviewMessage */
/** @typedef {import("./state.js").Client} Client */
import { say } from "./announce.js";
import { SEATS, byTable, sameCards, suitOf } from "./cards.js";
import { pointsText } from "./sentences.js";
import { cardFace, dialog, el } from "./view.js";
import { fill } from "./words.js";

/**
 * A button of the review, by id.
 * @param {string} id
 * @returns {HTMLButtonElement}
 */
function button(id) { return /** @type {HTMLButtonElement} */ (el(id)); }

/**
 * Open the review of the last hand, and ask the server for it.
 * @param {Client} c
 */
export function askReview(c) {
  const S = c.state;
  if (!S || !(S.actions || []).includes("review")) { say(c.w("web.review-none")); return; }
  el("review-title").textContent = fill(c.w("review.title"), { number: S.result ? S.result.number : "" });
  el("review-headline").textContent = c.w("review.waiting");
  el("review-table").replaceChildren();
  el("review-verdict").textContent = "";
  el("review-summary").hidden = true;
  c.review = null;
  dialog("review").showModal();
  c.send({ type: "review" });
}

/**
 * A measured figure with its standard error ("1.20 ± 0.30").
 * @param {Client} c
 * @param {number} value
 * @param {number} se
 * @returns {string}
 */
function figure(c, value, se) {
  return fill(c.w("review.figure"), { value: value.toFixed(2), se: se.toFixed(2) });
}

/**
 * Cards in short, in the order a hand is shown.
 * @param {Client} c
 * @param {Card[]} cards
 * @returns {string}
 */
function cardsText(c, cards) {
  return cards.slice().sort(byTable).map((card) => c.words.short(card)).join(" ");
}

/**
 * The verdict on a decision, as a sentence.
 * @param {Client} c
 * @param {Decision} d
 * @param {string} person
 * @returns {string}
 */
export function verdictWords(c, d, person) {
  const chosenCards = cardsText(c, d.chosen);
  const did = fill(c.w(d.kind === "pass" ? "review.passed" : "review.played"), { name: person, cards: chosenCards });
  const picked = (d.choices || []).find((choice) => sameCards(choice.cards, d.chosen) || (choice.alike || []).some((x) => d.chosen.includes(x)));
  if (d.verdict === "forced" || !picked) return fill(c.w("review.forced"), { did: did });
  const better = d.best && !sameCards(d.best, d.chosen) ? (d.choices || []).find((choice) => sameCards(choice.cards, d.best)) : null;
  const against = better ? fill(c.w("review.against"), { cards: cardsText(c, better.cards), figure: figure(c, better.expected, better.se) }) : "";
  let text;
  if (d.verdict === "best") {
    text = fill(c.w("review.best"), { did: did, ess: Math.round(d.ess), expected: fill(c.w("review.expected"), { figure: figure(c, picked.expected, picked.se) }) });
  } else if (d.verdict === "close") {
    text = fill(c.w("review.close"), { did: did, given: figure(c, d.loss, d.loss_se), against: against });
  } else {
    text = fill(c.w("review.error"), { did: did, article: c.w(d.verdict === "inaccuracy" ? "review.article-vowel" : "review.article"),
      verdict: c.w("review.verdicts." + d.verdict), given: figure(c, d.loss, d.loss_se), against: against });
  }
  if (d.hindsight_best && !sameCards(d.hindsight_best, picked.cards)) {
    text += fill(c.w("review.hindsight"), { cards: cardsText(c, d.hindsight_best) });
  }
  return text;
}

/**
 * The server's review came: show its first step.
 * @param {Client} c
 * @param {ReviewMessage} m
 */
export function openReview(c, m) {
  if (!dialog("review").open) dialog("review").showModal();
  c.review = { data: m, step: 0 };
  drawReview(c);
  el("review-next").focus();
}

/**
 * What happened at a step.
 * @param {Client} c
 * @param {ReviewStep} step
 * @returns {string}
 */
function stepHeadline(c, step) {
  /** @param {Seat} s */
  const namedSeat = (s) => c.who(s);
  if (step.kind === "deal") return c.w("review.step-deal");
  if (step.kind === "pass") return fill(c.w("review.step-pass"), { name: namedSeat(step.seat), cards: cardsText(c, step.cards) });
  return fill(c.w("review.step-play"), { name: namedSeat(step.seat), card: c.words.short(step.cards[0]), number: Math.floor((step.plays - 1) / 4) + 1 });
}

/**
 * The decision measured at a step (null: none).
 * @param {Client} c
 * @param {ReviewStep} step
 * @returns {Decision | null}
 */
function decisionAt(c, step) {
  if (!c.review) return null;
  const doc = c.review.data.review;
  for (const d of doc.decisions || []) {
    if (d.seat !== step.seat) continue;
    if (step.kind === "pass" && d.kind === "pass") return d;
    if (step.kind === "play" && d.kind === "play" && d.plays === step.plays - 1) return d;
  }
  return null;
}

/**
 * The review's step on show (or its summary).
 * @param {Client} c
 */
export function drawReview(c) {
  if (!c.review) return;
  const steps = c.review.data.steps || [];
  const count = steps.length + 1;  // and the summary
  const at = c.review.step;
  button("review-prev").disabled = at === 0;
  button("review-first").disabled = at === 0;
  button("review-next").disabled = at >= count - 1;
  button("review-last").disabled = at >= count - 1;
  const summary = el("review-summary");
  const table = el("review-table");
  if (at >= steps.length) {
    el("review-headline").textContent = c.w("review.summary");
    table.replaceChildren();
    el("review-choices").replaceChildren();
    el("review-verdict").textContent = "";
    summary.hidden = false;
    drawSummary(c, summary);
    return;
  }
  summary.hidden = true;
  const step = steps[at];
  el("review-headline").textContent = fill(c.w("web.step"), { number: at + 1, count: count }) + ": " + stepHeadline(c, step);
  table.replaceChildren();
  const dl = document.createElement("dl");
  dl.className = "deal";
  SEATS.forEach((seat, i) => {
    const dt = document.createElement("dt");
    dt.textContent = c.who(seat) + " (" + pointsText(c, step.points[i]) + ")";
    const dd = document.createElement("dd");
    const cards = step.hands[i].slice().sort(byTable);
    for (const card of cards) {
      const span = document.createElement("span");
      span.className = "t-" + suitOf(card);
      span.textContent = c.words.short(card) + " ";
      dd.append(span);
    }
    dd.setAttribute("aria-label", cards.length ? cards.map((card) => c.words.card(card)).join(", ") : c.w("web.no-cards"));
    dl.append(dt, dd);
  });
  table.append(dl);
  if ((step.trick || []).length) table.append(trickList(c, step.trick || []));
  const d = decisionAt(c, step);
  el("review-verdict").textContent = d ? verdictWords(c, d, c.who(d.seat)) : "";
  el("review-verdict").dataset.verdict = d ? d.verdict : "";
  el("review-choices").replaceChildren();
  if (d && d.verdict !== "forced" && (d.choices || []).length > 1) el("review-choices").append(choiceList(c, d));
}

/**
 * The cards on the table, each where its player sits.
 * @param {Client} c
 * @param {Play[]} plays
 * @returns {HTMLOListElement}
 */
function trickList(c, plays) {
  const list = document.createElement("ol");
  list.className = "trick small";
  list.setAttribute("aria-label", c.w("web.trick"));
  for (const [seat, card] of plays) {
    const li = document.createElement("li");
    li.className = "played at-" + c.place(seat);
    const label = document.createElement("span");
    label.className = "sr-only";
    label.textContent = c.who(seat) + ": " + c.words.card(card);
    li.append(label, cardFace(c, card));
    list.append(li);
  }
  return list;
}

/**
 * Each choice measured, best first, with the points it could expect.
 * @param {Client} c
 * @param {Decision} d
 * @returns {HTMLDivElement}
 */
function choiceList(c, d) {
  const box = document.createElement("div");
  const h = document.createElement("h3");
  h.textContent = c.w("review.choices");
  const ul = document.createElement("ul");
  ul.className = "choices";
  for (const choice of d.choices || []) {
    const li = document.createElement("li");
    let text = fill(c.w("review.choice"), { cards: cardsText(c, choice.cards), figure: figure(c, choice.expected, choice.se) });
    if (d.best && sameCards(choice.cards, d.best)) { text += c.w("review.best-choice"); li.className = "best"; }
    if (sameCards(choice.cards, d.chosen) || (choice.alike || []).some((x) => d.chosen.includes(x))) {
      text += c.w(d.kind === "pass" ? "review.your-pass" : "review.your-choice");
      li.classList.add("chosen");
    }
    li.textContent = text;
    ul.append(li);
  }
  box.append(h, ul);
  return box;
}

/**
 * The summary: points taken, the costliest decisions, what each seat gave away.
 * @param {Client} c
 * @param {HTMLElement} box
 */
function drawSummary(c, box) {
  box.replaceChildren();
  const review = c.review;
  if (!review) return;
  const doc = review.data.review;
  const steps = review.data.steps || [];
  const end = steps.length ? steps[steps.length - 1] : null;
  if (end) {
    const ul = document.createElement("ul");
    SEATS.forEach((seat, i) => {
      const li = document.createElement("li");
      li.textContent = fill(c.w(end.points[i] === 1 ? "review.took-one" : "review.took"), { name: c.who(seat), points: end.points[i] });
      ul.append(li);
    });
    box.append(ul);
  }
  const costly = (doc.decisions || []).filter((d) => ["inaccuracy", "mistake", "blunder"].includes(d.verdict))
    .sort((a, b) => b.loss - a.loss).slice(0, 3);
  if (costly.length) {
    const h = document.createElement("h3");
    h.textContent = c.w("review.costly");
    const ol = document.createElement("ol");
    for (const d of costly) {
      const li = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "link";
      button.textContent = verdictWords(c, d, c.who(d.seat));
      button.addEventListener("click", () => {
        const index = steps.findIndex((s) => decisionAt(c, s) === d);
        if (index >= 0) { review.step = index; drawReview(c); }
      });
      li.append(button);
      ol.append(li);
    }
    box.append(h, ol);
  }
  const h = document.createElement("h3");
  h.textContent = c.w("review.given-away");
  const ul = document.createElement("ul");
  for (const seat of doc.seats || []) {
    if (!seat.reviewed) continue;
    const li = document.createElement("li");
    li.textContent = fill(c.w(seat.decisions === 1 ? "review.total-one" : "review.total"),
      { name: c.who(seat.seat), figure: figure(c, seat.lost, seat.lost_se), count: seat.decisions });
    ul.append(li);
  }
  box.append(h, ul);
}

/**
 * A key in the review: arrows step, Home and End, s for the summary.
 * @param {Client} c
 * @param {KeyboardEvent} event
 */
export function reviewKey(c, event) {
  const review = c.review;
  if (!review) return;
  const steps = (review.data.steps || []).length;
  /** @type {{[key: string]: number}} */
  const keys = { ArrowLeft: review.step - 1, ArrowRight: review.step + 1, Home: 0, End: Math.max(0, steps - 1), s: steps };
  if (!(event.key in keys)) return;
  event.preventDefault();
  review.step = Math.max(0, Math.min(steps, keys[event.key]));
  drawReview(c);
}

/**
 * Show a step of the review.
 * @param {Client} c
 * @param {number} step
 */
function reviewTo(c, step) {
  if (!c.review) return;
  const steps = (c.review.data.steps || []).length;
  c.review.step = Math.max(0, Math.min(steps, step));
  drawReview(c);
}

/**
 * The review's buttons: the deal, previous, next, the summary.
 * @param {Client} c
 */
export function listenReview(c) {
  el("review-first").addEventListener("click", () => reviewTo(c, 0));
  el("review-prev").addEventListener("click", () => reviewTo(c, c.review ? c.review.step - 1 : 0));
  el("review-next").addEventListener("click", () => reviewTo(c, c.review ? c.review.step + 1 : 0));
  el("review-last").addEventListener("click", () => reviewTo(c, c.review ? (c.review.data.steps || []).length : 0));
}
