// Today's deal (or a challenge's) at the web table: the deal's name under the
// table, and at the hand's end the points beside the par, the review one press
// away, the result to share, and the board. Apart from main.js, whose states it
// hears as "hearts:message" events: it only adds to the page. Every table's page
// loads it; at a table that plays no such deal, daily.json answers 204 and it
// does nothing more.

/** @typedef {import("./types.js").Catalogue} Catalogue */
/** @typedef {import("./types.js").ServerMessage} ServerMessage */
import { make } from "./dom.js";
import { keepDay } from "./record.js";
import { fill, loadCatalogue } from "./words.js";

/**
 * What the server says of the deal (GET daily.json, hearts.web.daily).
 * @typedef {object} Deal
 * @property {string} title
 * @property {boolean} over
 * @property {string} board
 * @property {string | null} next
 * @property {boolean} posted
 * @property {number} [points]
 * @property {number | null} [par]
 * @property {boolean} [assisted]
 * @property {string} [line]
 * @property {string} [day] today's deal's date (a challenge's deal has none)
 * @property {string} [rules] today's deal's rule set, in words
 */

/**
 * The answer to a result sent to the board.
 * @typedef {object} Posted
 * @property {boolean} ok
 * @property {string} [board]
 * @property {string} [error]
 */

const body = document.body;

/** What the page holds of the deal. */
const daily = {
  /** @type {Catalogue} */
  words: {},
  /** @type {HTMLElement | null} */
  panel: null,
  shown: "",
  /** the hand's end asked for already (the states go on coming) */
  asked: false,
};

/**
 * The words of the catalogue's "today" section at a key.
 * @param {string} key
 * @returns {string}
 */
function w(key) {
  const today = daily.words.today;
  return (today && today[key]) || key;
}

/** Ask the server for the deal; again while its par is worked out. */
async function look() {
  /** @type {Response} */
  let answer;
  try {
    answer = await fetch("daily.json", { cache: "no-store", credentials: "same-origin" });
  } catch (e) {
    setTimeout(look, 4000);
    return;
  }
  if (answer.status === 204 || answer.status === 404) return;  // another kind of table
  if (!answer.ok) {
    setTimeout(look, 4000);
    return;
  }
  /** @type {Deal} */
  const deal = await answer.json();
  body.classList.add("daily-table");
  draw(deal);
  if (deal.over && (deal.par === null || deal.par === undefined)) setTimeout(look, 1500);
}

/** The panel, under the hand's result. */
function place() {
  if (daily.panel) return daily.panel;
  const panel = make("section", { id: "daily", className: "daily-panel" });
  panel.setAttribute("aria-labelledby", "daily-title");
  const result = document.getElementById("result");
  const main = document.getElementById("main");
  if (result) result.after(panel);
  else if (main) main.append(panel);
  daily.panel = panel;
  return panel;
}

/**
 * The table's own line at a hand's end offers the next deal, which a deal of the
 * day has not: this line stands in its place.
 * @param {string} text
 */
function holdStatus(text) {
  const line = document.getElementById("status");
  if (!line || line.dataset.held) return;
  line.dataset.held = "1";
  const put = () => { if (line.textContent !== text) line.textContent = text; };
  put();
  new MutationObserver(put).observe(line, { childList: true, characterData: true, subtree: true });
}

/**
 * Draw the panel for ``deal`` (nothing if nothing changed).
 * @param {Deal} deal
 */
function draw(deal) {
  const key = JSON.stringify([deal.title, deal.over, deal.par, deal.posted]);
  if (key === daily.shown) return;
  daily.shown = key;
  const box = place();
  box.replaceChildren(make("h2", { id: "daily-title" }, [deal.title]));
  if (!deal.over) return;
  holdStatus(w("status-over"));
  box.append(make("p", { className: "daily-line", id: "daily-line" }, [deal.line || ""]));
  const row = make("p", { className: "row" });
  const review = make("button", { type: "button", id: "daily-review" }, [w("review")]);
  review.addEventListener("click", () => {
    const button = /** @type {HTMLButtonElement | null} */ (
      document.querySelector('#actions [data-action="review"]'));
    if (button) button.click();
  });
  row.append(review);
  if (deal.next) row.append(make("a", { href: deal.next, className: "button" }, [w("next")]));
  box.append(row);
  if (deal.par === null || deal.par === undefined) return;
  if (deal.day && deal.rules && deal.points !== undefined) {  // kept with the browser's record
    keepDay({ day: deal.day, rules: deal.rules, points: deal.points, par: deal.par,
      assisted: !!deal.assisted });
  }
  row.append(shareButton(deal));
  box.append(make("p", { id: "daily-shared", className: "why", role: "status" }));
  box.append(deal.posted ? posted(deal.board) : form(deal));
  box.scrollIntoView({ block: "nearest" });
}

/**
 * The result in a line, with the board's address: to a friend, as players of
 * daily deals send theirs (the share sheet, else the clipboard, else the text).
 * @param {Deal} deal
 * @returns {HTMLButtonElement}
 */
function shareButton(deal) {
  const text = deal.title + ": " + (deal.line || "");
  const url = new URL(deal.board, location.href).href;
  const button = make("button", { type: "button", id: "daily-share" }, [w("share")]);
  button.addEventListener("click", async () => {
    const said = document.getElementById("daily-shared");
    try {
      if (typeof navigator.share === "function") {
        await navigator.share({ title: deal.title, text: text, url: url });
        return;
      }
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(text + " " + url);
        if (said) said.textContent = w("shared");
        return;
      }
    } catch (e) {
      if (e instanceof DOMException && e.name === "AbortError") return;
    }
    if (said) said.textContent = text + " " + url;  // to copy by hand
  });
  return button;
}

/**
 * The line once the result is on the board.
 * @param {string} board
 * @returns {HTMLParagraphElement}
 */
function posted(board) {
  const p = make("p", { className: "posted", role: "status" }, [w("posted") + " "]);
  p.append(make("a", { href: board, id: "daily-board" }, [w("see-board")]));
  return p;
}

/**
 * The form that puts the result on the board under a name.
 * @param {Deal} deal
 * @returns {HTMLFormElement}
 */
function form(deal) {
  const out = make("form", { className: "daily-post", id: "daily-post" });
  out.append(make("h3", {}, [w("post-title")]));
  const label = make("label", { htmlFor: "daily-name" }, [w("name-label")]);
  const input = make("input", { id: "daily-name", name: "name", maxLength: 24, required: true });
  input.setAttribute("autocomplete", "nickname");  // a token TypeScript's AutoFill lacks
  try { input.value = localStorage.getItem("hearts.name") || ""; } catch (e) { /* private mode */ }
  const send = make("button", { type: "submit", className: "primary" }, [w("post")]);
  const why = make("p", { className: "why", role: "alert", id: "daily-why" });
  const link = make("p");
  link.append(make("a", { href: deal.board }, [w("see-board")]));
  out.append(label, input, send, why, link);
  out.addEventListener("submit", async (event) => {
    event.preventDefault();
    why.textContent = w("posting");
    send.disabled = true;
    /** @type {Posted} */
    let answer;
    try {
      const reply = await fetch("board", { method: "POST", credentials: "same-origin",
        body: new URLSearchParams({ name: input.value }) });
      const text = await reply.text();
      try { answer = JSON.parse(text); } catch (e) { answer = { ok: false, error: text || reply.statusText }; }
    } catch (e) {
      answer = { ok: false, error: String(e) };
    }
    send.disabled = false;
    if (answer.ok && answer.board) {
      try { localStorage.setItem("hearts.name", input.value); } catch (e) { /* private mode */ }
      out.replaceWith(posted(answer.board));
      daily.shown = "";
    } else {
      why.textContent = fill(w("refused"), { message: answer.error || "?" });
    }
  });
  return out;
}

/** Fetch the words and the deal; ask again when a state shows the hand's result. */
function start() {
  document.addEventListener("hearts:message", (event) => {
    /** @type {ServerMessage | undefined} */
    const m = /** @type {CustomEvent} */ (event).detail;
    if (!m || m.type !== "state" || !m.state || !m.state.result || daily.asked) return;
    if (!body.classList.contains("daily-table")) return;
    daily.asked = true;
    look();
  });
  loadCatalogue(body.dataset.words || "words.json").then((words) => {
    daily.words = words;
    look();
  }, () => {});
}

if (body.dataset.mode === "seat") start();
