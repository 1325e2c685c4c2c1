// Around the game on the table's page: who sits where before one joins (in the
// join form), and, for the person who started the table from the front page,
// its invite link with Copy, Share (where the browser has a share sheet) and a
// QR code. Apart from hearts.js: it only adds to the page, which works without it.
(function () {
  "use strict";
  const body = document.body;
  if (body.dataset.mode !== "seat") return;
  const code = new URLSearchParams(location.search).get("code") || "";
  const REFRESH_MS = 15000;
  let W = null;

  function say(key, fields) {
    let text = (W && W.front && W.front[key]) || key;
    for (const name of Object.keys(fields || {})) text = text.split("{" + name + "}").join(fields[name]);
    return text;
  }

  function make(tag, props, children) {
    const node = document.createElement(tag);
    Object.assign(node, props || {});
    for (const child of children || []) node.append(child);
    return node;
  }

  function seatWords(seat) {
    const where = (W.seats && W.seats[seat.seat]) || seat.seat;
    const how = (W.presence && W.presence[seat.presence]) || seat.presence;
    const who = seat.name ? seat.name + " (" + how + ")" : how;
    return say("seat-line", { seat: where, who: who });
  }

  function seatList(info) {
    return make("ul", { className: "room-seats" },
      info.seats.map((seat) => make("li", { textContent: seatWords(seat),
        className: "room-seat room-is-" + seat.presence })));
  }

  function freeLine(info) {
    return info.free > 0 ? say("free-seats", { count: String(info.free) }) : say("no-free-seat");
  }

  // --- the join form: who sits where ------------------------------------------------

  function showSeating(info) {
    const form = document.getElementById("join");
    if (!form) return;
    let box = document.getElementById("room-seating");
    if (!box) {
      box = make("section", { id: "room-seating", className: "room-seating" });
      box.setAttribute("aria-labelledby", "room-seating-title");
      form.prepend(box);
    }
    box.replaceChildren(
      make("h2", { id: "room-seating-title", textContent: say("seating-title") }),
      seatList(info), make("p", { className: "room-free", textContent: freeLine(info) }));
  }

  // --- the creator's invite -------------------------------------------------------------

  function copied(ok) {
    const said = document.getElementById("room-said");
    if (said) said.textContent = say(ok ? "copied" : "copy-failed");
  }

  function copyLink(input) {
    const link = input.value;
    const byHand = () => {
      input.focus();
      input.select();
      let ok = false;
      try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
      copied(ok);
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(link).then(() => copied(true), byHand);
    } else {
      byHand();
    }
  }

  function shareLink(link) {
    navigator.share({ title: document.title, text: say("share-text"), url: link })
      .catch(() => { /* closed by the person: nothing to say */ });
  }

  function buildInvite(info) {
    const input = make("input", { id: "room-link", className: "room-link", readOnly: true,
      value: info.link, type: "url" });
    const copy = make("button", { type: "button", id: "room-copy", textContent: say("copy") });
    copy.addEventListener("click", () => copyLink(input));
    const share = make("button", { type: "button", id: "room-share", textContent: say("share"),
      hidden: typeof navigator.share !== "function" });
    share.addEventListener("click", () => shareLink(input.value));
    input.addEventListener("focus", () => input.select());
    const summary = make("summary", {}, [say("invite-title"), " ",
      make("span", { id: "room-invite-free", className: "room-free" })]);
    const panel = make("details", { id: "room-invite", className: "room-invite",
      open: info.free > 0 }, [
      summary,
      make("div", { className: "room-invite-body" }, [
        make("div", { className: "room-invite-text" }, [
          make("p", { id: "room-intro", textContent: say(info.free > 0 ? "invite-intro" : "invite-full") }),
          make("label", { htmlFor: "room-link", textContent: say("link-label") }),
          make("div", { className: "room-row" }, [input, copy, share]),
          make("p", { id: "room-said", className: "room-said" }),
        ]),
        make("img", { className: "room-qr", src: info.qr, alt: say("qr-alt"), width: 164, height: 164 }),
      ]),
    ]);
    const main = document.getElementById("main");
    main.parentNode.insertBefore(panel, main);
    panel.querySelector("#room-said").setAttribute("aria-live", "polite");
    return panel;
  }

  function showInvite(info) {
    const fresh = !document.getElementById("room-invite");
    const panel = fresh ? buildInvite(info) : document.getElementById("room-invite");
    const intro = panel.querySelector("#room-intro");
    const wasFull = intro.dataset.full === "1";
    intro.dataset.full = info.free > 0 ? "0" : "1";
    intro.textContent = say(info.free > 0 ? "invite-intro" : "invite-full");
    panel.querySelector("#room-invite-free").textContent = "(" + freeLine(info) + ")";
    if (!fresh && !wasFull && info.free === 0) panel.open = false;  // everyone is here
  }

  // --- start --------------------------------------------------------------------------

  function getJson(path) {
    return fetch(path, { credentials: "same-origin", cache: "no-store" })
      .then((r) => (r.ok ? r.json() : null), () => null);
  }

  function followInvite(wait) {
    getJson("invite").then((info) => {
      if (!info) return;
      showInvite(info);
      setTimeout(() => followInvite(REFRESH_MS), wait);
    });
  }

  getJson(body.dataset.words).then((words) => {
    if (!words) return;
    W = words;
    if (body.dataset.seated === "1") followInvite(2000);
    else if (code) getJson("seating?code=" + encodeURIComponent(code)).then((info) => { if (info) showSeating(info); });
  });
})();
