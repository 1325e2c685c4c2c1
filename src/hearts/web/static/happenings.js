// What happened at the table, said in the live region: the `events` each
// `change` carries, and the hand so far that a whole `state` carries
// (docs/network.md, "What happened"). Each happening is told once, in the
// order of its number, so a card is said because it was played, never because
// two states differ; a page that missed changes (its connection cut, its
// backlog given way to the whole state) says what it had not said yet.
// Nothing here reads the state: the page hands over how it words things.
"use strict";

/**
 * @typedef {{n: number, kind: string, seat?: string, to?: string, from?: string,
 *   card?: string, cards?: string[], points?: number|number[], trick?: number,
 *   hand?: number, name?: string|null, shooter?: string|null, count?: number}} Happening
 * @typedef {{say: (text: string) => void, w: (path: string) => any,
 *   fill: (template: string, fields: object) => string, cardName: (card: string) => string,
 *   cardNames: (cards: string[]) => string, who: (seat: string) => string,
 *   mine: (seat: string) => boolean, byTable: (a: string, b: string) => number}} Words
 */

/**
 * A teller for one page: `take(events, epoch, first)` says the happenings not
 * said yet and returns whether a hand was dealt or ended among them (the page
 * then says its prompt).
 * @param {Words} words
 */
export function makeTeller(words) {
  const { say, w, fill, cardName, who, mine, byTable } = words;
  const cardNames = (cards) => words.cardNames((cards || []).slice().sort(byTable));
  let heard = null;        // the number of the last happening said on this page
  let heardEpoch = null;   // the run of the table those numbers belong to

  function takes(seat, points) {
    const kind = mine(seat) ? "web.you-take" : "web.takes";
    if (points === 0) return fill(w(kind + "-none"), { who: who(seat) });
    if (points === 1) return fill(w(kind + "-one"), { who: who(seat) });
    return fill(w(kind + "-points"), { who: who(seat), points: points });
  }

  /** @param {Happening} h */
  function tell(h) {
    switch (h.kind) {
      case "played":
        say(mine(h.seat) ? fill(w("web.you-play"), { card: cardName(h.card) })
          : fill(w("web.plays"), { who: who(h.seat), card: cardName(h.card) }));
        break;
      case "trick-taken":
        say(takes(h.seat, h.points));
        break;
      case "hearts-broken":
        say(w("web.hearts-broken"));
        break;
      case "passed-cards":
        say(fill(w("web.you-passed"), { cards: cardNames(h.cards), who: who(h.to) }));
        break;
      case "received":
        say(fill(w("web.received-cards"), { cards: cardNames(h.cards), who: who(h.from) }));
        break;
      default:
        // a pass made by another seat is on the table to see; a seat's move is
        // said by the table's notice as it happens; a newer server's: ignored
        break;
    }
  }

  return {
    /**
     * @param {Happening[]} events
     * @param {string|null} epoch
     * @param {boolean} first the page's first state: what happened before it is
     *   on the table, not said
     * @returns {{dealt: boolean, ended: boolean}}
     */
    take(events, epoch, first) {
      const out = { dealt: false, ended: false };
      if (epoch !== heardEpoch) { heard = null; heardEpoch = epoch; }
      const fresh = (events || []).filter((h) => h && typeof h.n === "number" && (heard === null || h.n > heard));
      fresh.sort((a, b) => a.n - b.n);
      for (const h of fresh) {
        heard = h.n;
        if (first) continue;
        if (h.kind === "dealt") out.dealt = true;
        else if (h.kind === "hand-ended") out.ended = true;
        tell(h);
      }
      return out;
    },
  };
}
