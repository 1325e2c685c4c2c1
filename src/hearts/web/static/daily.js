// Today's deal (or a challenge's) at the web table: the deal's name above the
// table, and at the hand's end the points beside the par, the review one press
// away, and the board. Every table page loads this script; at a table that
// plays no such deal, daily.json answers 204 and the script does nothing more.
(function () {
  "use strict";
  const body = document.body;
  if (body.dataset.mode !== "seat") return;
  let said = null;
  let panel = null;
  let shown = "";

  function w(key) { return (said && said.today && said.today[key]) || key; }
  function fill(text, fields) { return text.replace(/\{([a-z_]+)\}/g, (m, k) => (k in fields ? String(fields[k]) : m)); }
  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  async function look() {
    let answer;
    try {
      answer = await fetch("daily.json", { cache: "no-store", credentials: "same-origin" });
    } catch (e) { setTimeout(look, 4000); return; }
    if (answer.status === 204 || answer.status === 404) return;  // another kind of table
    if (!answer.ok) { setTimeout(look, 4000); return; }
    const deal = await answer.json();
    if (!said) {
      try { said = await (await fetch(body.dataset.words || "words.json")).json(); } catch (e) { said = {}; }
    }
    body.classList.add("daily-table");
    draw(deal);
    if (!deal.over) waitForTheEnd();
    else if (deal.par === null || deal.par === undefined) setTimeout(look, 1500);
  }

  let watching = null;
  function waitForTheEnd() {
    // The table draws the hand's result when the hand is over: look again then
    // (no asking the server while the hand is played).
    const result = document.getElementById("result");
    if (!result) { setTimeout(look, 5000); return; }
    if (watching) return;
    watching = new MutationObserver(() => {
      if (!result.childElementCount) return;
      watching.disconnect();
      watching = null;
      look();
    });
    watching.observe(result, { childList: true });
  }

  function place() {
    if (panel) return panel;
    panel = el("section", { id: "daily", class: "daily-panel", "aria-labelledby": "daily-title" });
    const result = document.getElementById("result");
    if (result && result.parentNode) result.after(panel); else document.getElementById("main").append(panel);
    return panel;
  }

  function holdStatus(text) {
    // The table's own line at a hand's end offers the next deal, which a deal of
    // the day has not: this line stands in its place while the page shows it.
    const line = document.getElementById("status");
    if (!line || line.dataset.held) return;
    line.dataset.held = "1";
    const put = () => { if (line.textContent !== text) line.textContent = text; };
    put();
    new MutationObserver(put).observe(line, { childList: true, characterData: true, subtree: true });
  }

  function draw(deal) {
    const key = JSON.stringify([deal.title, deal.over, deal.par, deal.posted]);
    if (key === shown) return;
    shown = key;
    const box = place();
    box.replaceChildren();
    const title = el("h2", { id: "daily-title" }, deal.title);
    box.append(title);
    if (!deal.over) return;
    holdStatus(w("status-over"));
    box.append(el("p", { class: "daily-line", id: "daily-line" }, deal.line));
    const row = el("p", { class: "row" });
    const review = el("button", { type: "button", id: "daily-review" }, w("review"));
    review.addEventListener("click", () => {
      const button = document.querySelector('#actions [data-action="review"]');
      if (button) button.click();
    });
    row.append(review);
    if (deal.next) row.append(el("a", { href: deal.next, class: "button" }, w("next")));
    box.append(row);
    if (deal.par === null || deal.par === undefined) return;
    row.append(shareButton(deal));
    box.append(el("p", { id: "daily-shared", class: "why", role: "status" }));
    box.append(deal.posted ? posted(deal.board) : form(deal));
    box.scrollIntoView({ block: "nearest" });
  }

  function shareButton(deal) {
    // The result in a line, with the board's address: to a friend, as players of
    // daily deals send theirs.
    const text = deal.title + ": " + deal.line;
    const url = new URL(deal.board, location.href).href;
    const button = el("button", { type: "button", id: "daily-share" }, w("share"));
    button.addEventListener("click", async () => {
      const said = document.getElementById("daily-shared");
      try {
        if (typeof navigator.share === "function") {
          await navigator.share({ title: deal.title, text: text, url: url });
          return;
        }
        if (navigator.clipboard && window.isSecureContext) {
          await navigator.clipboard.writeText(text + " " + url);
          said.textContent = w("shared");
          return;
        }
      } catch (e) { if (e && e.name === "AbortError") return; }
      said.textContent = text + " " + url;  // to copy by hand
    });
    return button;
  }

  function posted(board) {
    const p = el("p", { class: "posted", role: "status" }, w("posted") + " ");
    p.append(el("a", { href: board, id: "daily-board" }, w("see-board")));
    return p;
  }

  function form(deal) {
    const out = el("form", { class: "daily-post", id: "daily-post" });
    out.append(el("h3", {}, w("post-title")));
    const label = el("label", { for: "daily-name" }, w("name-label"));
    const input = el("input", { id: "daily-name", name: "name", maxlength: "24", autocomplete: "nickname", required: "" });
    try { input.value = localStorage.getItem("hearts.name") || ""; } catch (e) { /* private mode */ }
    const send = el("button", { type: "submit", class: "primary" }, w("post"));
    const why = el("p", { class: "why", role: "alert", id: "daily-why" });
    const link = el("p", {});
    link.append(el("a", { href: deal.board }, w("see-board")));
    out.append(label, input, send, why, link);
    out.addEventListener("submit", async (event) => {
      event.preventDefault();
      why.textContent = w("posting");
      send.disabled = true;
      let answer = null;
      try {
        const reply = await fetch("board", { method: "POST", credentials: "same-origin",
          body: new URLSearchParams({ name: input.value }) });
        const text = await reply.text();
        try { answer = JSON.parse(text); } catch (e) { answer = { ok: false, error: text || reply.statusText }; }
      } catch (e) { answer = { ok: false, error: String(e) }; }
      send.disabled = false;
      if (answer && answer.ok) {
        try { localStorage.setItem("hearts.name", input.value); } catch (e) { /* private mode */ }
        out.replaceWith(posted(answer.board));
        shown = "";
      } else {
        why.textContent = fill(w("refused"), { message: (answer && answer.error) || "?" });
      }
    });
    return out;
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", look); else look();
})();
