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
  let lastInfo = null;     // the creator's last look at the table (/invite)

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

  function copied(ok, where) {
    const said = document.getElementById(where);
    if (said) said.textContent = say(ok ? "copied" : "copy-failed");
  }

  function copyLink(input, where) {
    const link = input.value;
    const byHand = () => {
      input.focus();
      input.select();
      let ok = false;
      try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
      copied(ok, where);
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(link).then(() => copied(true, where), byHand);
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
    copy.addEventListener("click", () => copyLink(input, "room-said"));
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
    lastInfo = info;
    const fresh = !document.getElementById("room-invite");
    const panel = fresh ? buildInvite(info) : document.getElementById("room-invite");
    const intro = panel.querySelector("#room-intro");
    const wasFull = intro.dataset.full === "1";
    intro.dataset.full = info.free > 0 ? "0" : "1";
    intro.textContent = say(info.free > 0 ? "invite-intro" : "invite-full");
    panel.querySelector("#room-invite-free").textContent = "(" + freeLine(info) + ")";
    if (!fresh && !wasFull && info.free === 0) panel.open = false;  // everyone is here
    if (info.creator) showControls(panel, info);
  }

  // --- the creator runs the table (host messages over the page's own socket) ----------

  function host(command, seat) {
    const message = { type: "host", command: command };
    if (seat) message.seat = seat;
    document.dispatchEvent(new CustomEvent("hearts:send", { detail: message }));
    setTimeout(() => getJson("invite").then((info) => { if (info) showInvite(info); }), 800);
  }

  function seatButton(key, labelKey, fields, command, seat) {
    const button = make("button", { type: "button", textContent: say(key),
      className: "room-command", title: say(labelKey, fields) });
    button.setAttribute("aria-label", say(labelKey, fields));
    button.dataset.command = command;
    button.dataset.seat = seat;
    button.addEventListener("click", () => host(command, seat));
    return button;
  }

  function seatControls(seat) {
    const where = (W.seats && W.seats[seat.seat]) || seat.seat;
    const fields = { seat: where, name: seat.name || where };
    const buttons = [];
    if (seat.person && seat.name) buttons.push(seatButton("run-link", "run-link-label", fields, "link", seat.seat));
    if (!seat.person || seat.name) buttons.push(seatButton("run-free", "run-free-label", fields, "free", seat.seat));
    if (seat.person) buttons.push(seatButton("run-computer", "run-computer-label", fields, "computer", seat.seat));
    return make("li", { className: "room-run-seat" }, [
      make("span", { className: "room-run-who", textContent: seatWords(seat) }),
      make("span", { className: "room-run-buttons" }, buttons)]);
  }

  function showControls(panel, info) {
    let box = document.getElementById("room-run");
    if (!box) {
      const close = make("button", { type: "button", id: "room-close", className: "room-close",
        textContent: say("run-close") });
      close.addEventListener("click", () => { if (window.confirm(say("run-close-ask"))) host("close"); });
      box = make("details", { id: "room-run", className: "room-invite room-run" }, [
        make("summary", { textContent: say("run-title") }),
        make("ul", { id: "room-run-seats", className: "room-run-seats" }),
        make("div", { id: "room-run-link", className: "room-run-link", hidden: true }),
        close]);
      panel.after(box);
    }
    box.querySelector("#room-run-seats").replaceChildren(
      ...info.seats.filter((seat) => seat.seat !== info.creator).map(seatControls));
  }

  function showSeatLink(m) {
    const box = document.getElementById("room-run-link");
    if (!box) return;
    const seat = W.seats[m.seat] || m.seat;
    const held = lastInfo && lastInfo.seats.find((each) => each.seat === m.seat);
    const name = (held && held.name) || seat;
    const link = location.origin + location.pathname + "?" + new URLSearchParams(
      { code: code, token: m.token }).toString();
    const input = make("input", { id: "room-seat-link", className: "room-link", readOnly: true,
      value: link, type: "url" });
    input.setAttribute("aria-label", say("run-link-label", { seat: seat, name: name }));
    const copy = make("button", { type: "button", textContent: say("copy") });
    copy.addEventListener("click", () => copyLink(input, "room-run-said"));
    const said = make("p", { id: "room-run-said", className: "room-said" });
    said.setAttribute("aria-live", "polite");
    box.replaceChildren(
      make("p", { textContent: say("run-link-said", { seat: seat, name: name }) }),
      make("div", { className: "room-row" }, [input, copy]), said);
    box.hidden = false;
    box.closest("details").open = true;
    input.focus();
  }

  // --- a match's end: the final standings, and how to play again -----------------------

  function showStandings(state) {
    let box = document.getElementById("room-standings");
    if (!state || !state.match_over || !Array.isArray(state.scores)) {
      if (box) box.remove();
      return;
    }
    const seats = ["south", "west", "north", "east"];
    const order = [0, 1, 2, 3].sort((a, b) => state.scores[a] - state.scores[b]);
    const points = (n) => fill(W.results[n === 1 ? "point" : "points"], { count: n });
    const lines = order.map((i) => {
      const place = 1 + order.filter((j) => state.scores[j] < state.scores[i]).length;
      const you = state.seat === seats[i];
      return make("li", { textContent: say(you ? "standing-you" : "standing", {
        number: String(place), name: state.seats[i].name, points: points(state.scores[i]) }) });
    });
    const shared = state.seats.filter((info) => ["here", "away"].includes(info.presence)).length > 1;
    if (!box) {
      box = make("section", { id: "room-standings", className: "room-invite room-standings" });
      box.setAttribute("aria-labelledby", "room-standings-title");
      const main = document.getElementById("main");
      main.parentNode.insertBefore(box, main);
    }
    box.replaceChildren(
      make("h2", { id: "room-standings-title", textContent: say("standings-title") }),
      make("ol", { className: "room-standings-list" }, lines),
      ...(shared ? [make("p", { textContent: say("again-help") })] : []));
  }

  function fill(template, fields) {
    let text = template || "";
    for (const name of Object.keys(fields)) text = text.split("{" + name + "}").join(String(fields[name]));
    return text;
  }

  let lastState = null;    // the seat's last state (shown once the words are here)

  document.addEventListener("hearts:message", (event) => {
    const m = event.detail;
    if (m && m.type === "state") lastState = m.state;
    if (!m || !W) return;
    if (m.type === "seat-link") showSeatLink(m);
    else if (m.type === "state") showStandings(m.state);
  });

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
    if (lastState) showStandings(lastState);
    if (body.dataset.seated === "1") followInvite(2000);
    else if (code) getJson("seating?code=" + encodeURIComponent(code)).then((info) => { if (info) showSeating(info); });
  });
})();
