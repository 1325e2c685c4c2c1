// The catalogue's words (src/hearts/words/en.json, served as words.json): the
// terminal and the browser read the same file, so no sentence is written here.

/** @typedef {import("./types.js").Catalogue} Catalogue */
/** @typedef {import("./types.js").Card} Card */
import { rankOf, suitOf } from "./cards.js";

/**
 * The entry at a dotted path ("cards.ranks.Q"); when it is missing, ``fallback``
 * if one is given (null included), else the path itself.
 * @param {Catalogue | null} catalogue
 * @param {string} path
 * @param {any} [fallback]
 * @returns {any}
 */
export function lookup(catalogue, path, fallback) {
  const missing = fallback === undefined ? path : fallback;
  /** @type {any} */
  let entry = catalogue;
  for (const key of path.split(".")) {
    if (entry == null) return missing;
    entry = entry[key];
  }
  return entry == null ? missing : entry;
}

/**
 * A template's {fields} filled in; a field not given stays as it is.
 * @param {unknown} template
 * @param {{[key: string]: unknown}} [fields]
 * @returns {string}
 */
export function fill(template, fields) {
  return String(template).replace(/\{([a-z_]+)\}/g, (all, key) => {
    const value = fields ? fields[key] : undefined;
    return value !== undefined && value !== null ? String(value) : all;
  });
}

/**
 * The catalogue's words read from the page's own address for them.
 * @param {string} url
 * @returns {Promise<Catalogue>}
 */
export function loadCatalogue(url) {
  return fetch(url, { credentials: "same-origin" }).then((r) => r.json());
}

/**
 * The catalogue with the sections of ``section`` laid over it ("touch": the
 * words that name no key; "watch": nothing to press, only to see).
 * @param {Catalogue} catalogue
 * @param {string} section
 * @returns {Catalogue}
 */
export function overlaid(catalogue, section) {
  const over = catalogue[section];
  if (!over) return catalogue;
  for (const [name, entries] of Object.entries(over)) {
    if (catalogue[name] && typeof entries === "object") Object.assign(catalogue[name], entries);
  }
  return catalogue;
}

/** The words of one catalogue, with the ways the page names cards and lists. */
export class Words {
  /** @param {Catalogue} catalogue */
  constructor(catalogue) {
    /** @type {Catalogue} */
    this.catalogue = catalogue;
  }

  /**
   * The entry at a dotted path (see lookup).
   * @param {string} path
   * @returns {any}
   */
  w(path) { return lookup(this.catalogue, path); }

  /**
   * Items joined as a sentence lists them ("a, b and c").
   * @param {string[]} items
   * @returns {string}
   */
  list(items) {
    if (items.length <= 1) return items.join("");
    return items.slice(0, -1).join(this.w("cards.comma")) + this.w("cards.and") + items[items.length - 1];
  }

  /**
   * A card's name ("queen of spades").
   * @param {Card} card
   * @returns {string}
   */
  card(card) {
    return fill(this.w("cards.card"), { rank: this.w("cards.ranks." + rankOf(card)),
      suit: this.w("cards.suits." + suitOf(card)) });
  }

  /**
   * Cards named in a sentence ("the queen of spades and the two of clubs").
   * @param {Card[]} cards
   * @returns {string}
   */
  cards(cards) {
    return this.list(cards.map((c) => fill(this.w("cards.the_card"), { card: this.card(c) })));
  }

  /**
   * A card's short form ("Q♠").
   * @param {Card} card
   * @returns {string}
   */
  short(card) {
    return this.w("cards.short_ranks." + rankOf(card)) + this.w("cards.symbols." + suitOf(card));
  }
}
