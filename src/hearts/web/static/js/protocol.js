// The table server's messages, version 3 (docs/network.md), as `hearts join`
// speaks them in a terminal: the socket, the first message (join or watch, with
// where the page stood so that the server sends only what it missed), the
// reconnecting, and the seat's cookie. The seat's token is never kept here: the
// server puts it in an HttpOnly cookie.

/** @typedef {import("./types.js").ClientMessage} ClientMessage */
/** @typedef {import("./types.js").ServerMessage} ServerMessage */
/** @typedef {import("./state.js").Client} Client */

/** The version of the messages this page speaks. */
export const VERSION = 3;

/** The errors after which the page does not try again. */
export const FATAL = new Set(["version", "bad-code", "table-full", "bad-name", "name-taken",
  "replaced", "too-many-bad", "watchers-full", "table-closed"]);

const FIRST_RETRY = 0.25;  // seconds; doubled at each try, up to LAST_RETRY
const LAST_RETRY = 8;

/** The socket to the table, opened again when it drops until the page stops it. */
export class Connection {
  /**
   * @param {Client} c
   * @param {(message: ServerMessage) => void} receive  each message as it comes
   * @param {(dropped: boolean) => void} opening  before each try (dropped: the
   *   socket of a joined page fell, said once and not at every try)
   */
  constructor(c, receive, opening) {
    this.c = c;
    this.receive = receive;
    this.opening = opening;
    /** @type {WebSocket | null} */
    this.ws = null;
    /** whether the table welcomed the page on this socket */
    this.joined = false;
    /** a fatal error: no more reconnecting */
    this.stopped = false;
    /** the socket dropped: say when it is back */
    this.lost = false;
    this.retry = FIRST_RETRY;
  }

  /** The table's socket address. */
  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return scheme + "//" + location.host + "/t/" + encodeURIComponent(this.c.tableId) + "/ws";
  }

  /** Open the socket and join (or watch) the table. */
  open() {
    if (this.stopped) return;
    this.opening(false);
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.onopen = () => {
      const c = this.c;
      /** @type {import("./types.js").JoinMessage} */
      const first = { type: c.mode === "watch" ? "watch" : "join", version: VERSION, code: c.code,
        name: c.name || "Guest" };
      if (c.epoch !== null && c.seq !== null) first.resume = { epoch: c.epoch, seq: c.seq };
      this.send(first);
    };
    ws.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      if (message && typeof message === "object") this.receive(message);
    };
    ws.onclose = () => {
      this.ws = null;
      if (this.stopped) return;
      if (this.c.state && this.joined) { this.lost = true; this.opening(true); }
      this.joined = false;
      setTimeout(() => this.open(), this.retry * 1000);
      this.retry = Math.min(LAST_RETRY, this.retry * 2);
    };
  }

  /**
   * The table welcomed the page: returns whether the socket had dropped before.
   * @returns {boolean}
   */
  welcomed() {
    const wasLost = this.lost && this.c.state !== null;
    this.lost = false;
    this.joined = true;
    this.retry = FIRST_RETRY;
    return wasLost;
  }

  /**
   * Send a message, if the socket is open.
   * @param {ClientMessage} message
   */
  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  /** Close this socket (the page will open another, as when it asks for a name). */
  close() {
    this.stopped = true;
    if (this.ws) this.ws.close();
    this.stopped = false;
    this.ws = null;
  }

  /** Close the socket for good. */
  stop() {
    this.stopped = true;
    if (this.ws) this.ws.close();
  }
}

/**
 * Keep the seat's token: it goes straight to the server, which keeps it in an
 * HttpOnly cookie; the page forgets it. Resolves to whether it was kept.
 * @param {string} token
 * @returns {Promise<boolean>}
 */
export function keepSeat(token) {
  return fetch("seat", { method: "POST", body: token, credentials: "same-origin",
    headers: { "Content-Type": "text/plain" } }).then((r) => {
    if (r.ok) document.body.dataset.seated = "1";
    return r.ok;
  }, () => true);
}

/**
 * Forget the browser's seat at the table (it left, or the seat was given up).
 * @returns {Promise<unknown>}
 */
export function forgetSeat() {
  document.body.dataset.seated = "0";
  return fetch("seat", { method: "DELETE", credentials: "same-origin" }).catch(() => {});
}
