// The settings the browser keeps (localStorage "hearts.settings"): the turn's
// cue (a chime, a vibration) and the looks (four-colour deck, theme, card size).

/** @typedef {import("./state.js").Client} Client */
import { lookup } from "./words.js";

const PREFS_KEY = "hearts.settings";
/** @type {{[name: string]: string[]}} the settings chosen from a list, and their choices */
const CHOICES = { theme: ["device", "felt", "dark", "contrast"], size: ["small", "normal", "large"] };
/** @type {{[theme: string]: string}} */
const THEME_COLOURS = { felt: "#0a6b22", dark: "#16191d", contrast: "#000000" };

/**
 * @typedef {object} Prefs
 * @property {boolean} sound
 * @property {boolean} vibrate
 * @property {boolean} four
 * @property {string} theme
 * @property {string} size
 */

/**
 * The settings kept, or the defaults where there are none (or they are broken).
 * @returns {Prefs}
 */
function loadPrefs() {
  /** @type {Prefs & {[name: string]: unknown}} */
  const kept = { sound: false, vibrate: false, four: false, theme: "device", size: "normal" };
  let stored = null;
  try { stored = JSON.parse(localStorage.getItem(PREFS_KEY) || "null"); } catch (e) { stored = null; }
  if (stored && typeof stored === "object") {
    for (const name of ["sound", "vibrate", "four"]) if (typeof stored[name] === "boolean") kept[name] = stored[name];
    for (const name of Object.keys(CHOICES)) if (CHOICES[name].includes(stored[name])) kept[name] = stored[name];
  }
  return kept;
}

/**
 * "As the device": high contrast or dark when the device asks for it.
 * @returns {string}
 */
function deviceTheme() {
  /** @param {string} query */
  const asks = (query) => Boolean(window.matchMedia && window.matchMedia(query).matches);
  if (asks("(prefers-contrast: more)")) return "contrast";
  return asks("(prefers-color-scheme: dark)") ? "dark" : "felt";
}

/**
 * An input of the settings' dialog, by id.
 * @param {string} id
 * @returns {HTMLInputElement}
 */
function input(id) {
  const found = document.getElementById(id);
  if (!found) throw new Error("the page has no #" + id);
  return /** @type {HTMLInputElement} */ (found);
}

/** The browser's settings, applied to the page and kept when changed. */
export class Settings {
  constructor() {
    this.prefs = loadPrefs();
    /** @type {AudioContext | null} */
    this.audio = null;
    this.apply();
  }

  /** Show the settings on the page (its theme, deck and card size). */
  apply() {
    const prefs = this.prefs;
    const root = document.documentElement;
    const theme = prefs.theme === "device" ? deviceTheme() : prefs.theme;
    root.dataset.theme = theme;
    root.dataset.deck = prefs.four ? "four" : "two";
    root.dataset.size = prefs.size;
    const colour = document.querySelector('meta[name="theme-color"]');
    if (colour) colour.setAttribute("content", THEME_COLOURS[theme]);
  }

  /** Keep the settings (for this visit only in private mode) and show them. */
  save() {
    try { localStorage.setItem(PREFS_KEY, JSON.stringify(this.prefs)); } catch (e) { /* private mode: this visit only */ }
    this.apply();
  }

  /** Open the settings' dialog. */
  show() {
    const prefs = this.prefs;
    input("set-sound").checked = prefs.sound;
    input("set-vibrate").checked = prefs.vibrate;
    input("vibrate-row").hidden = !navigator.vibrate;
    input("set-four").checked = prefs.four;
    input("set-theme").value = prefs.theme;
    input("set-size").value = prefs.size;
    /** @type {HTMLDialogElement} */ (document.getElementById("settings")).showModal();
  }

  /**
   * The dialog's words, from the catalogue.
   * @param {import("./types.js").Catalogue} words
   */
  label(words) {
    /** @type {{[id: string]: string}} */
    const fixed = { "settings-title": "actions.settings", "settings-about": "web.settings-about",
      "cue-legend": "web.cue-legend", "set-sound-label": "web.cue-sound", "set-vibrate-label": "web.cue-vibrate",
      "looks-legend": "web.looks-legend", "set-four-label": "web.four-colour", "set-theme-label": "web.theme",
      "set-size-label": "web.card-size" };
    for (const [id, key] of Object.entries(fixed)) input(id).textContent = lookup(words, key);
    for (const name of Object.keys(CHOICES)) {
      input("set-" + name).querySelectorAll("option").forEach((o) => {
        o.textContent = lookup(words, "web." + (name === "theme" ? "themes." : "sizes.") + o.value);
      });
    }
  }

  /** Follow the dialog's controls, and wake the sound at a tap or a key. */
  listen() {
    const prefs = this.prefs;
    input("set-sound").addEventListener("change", () => {
      prefs.sound = input("set-sound").checked;
      this.save();
      if (prefs.sound) this.chime();  // what it sounds like (and the tap lets the browser play it)
    });
    input("set-vibrate").addEventListener("change", () => {
      prefs.vibrate = input("set-vibrate").checked;
      this.save();
      if (prefs.vibrate && navigator.vibrate) navigator.vibrate(70);
    });
    input("set-four").addEventListener("change", () => { prefs.four = input("set-four").checked; this.save(); });
    input("set-theme").addEventListener("change", () => { prefs.theme = input("set-theme").value; this.save(); });
    input("set-size").addEventListener("change", () => { prefs.size = input("set-size").value; this.save(); });
    // a tap or a key wakes the sound, so that a turn's chime may play later
    document.addEventListener("pointerdown", () => { if (prefs.sound) this.audioContext(); });
    document.addEventListener("keydown", () => { if (prefs.sound) this.audioContext(); });
  }

  /**
   * The sound's context, made (or woken) on a tap or a key: browsers keep sound
   * off until then.
   * @returns {AudioContext | null}
   */
  audioContext() {
    /** @type {typeof AudioContext | undefined} */
    const Kind = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;
    if (!Kind) return null;
    if (!this.audio) this.audio = new Kind();
    if (this.audio.state === "suspended") this.audio.resume().catch(() => {});
    return this.audio;
  }

  /** Two soft notes, made here: no sound file to fetch. */
  chime() {
    const ctx = this.audioContext();
    if (!ctx) return;
    const start = ctx.currentTime + 0.01;
    [[660, 0], [880, 0.16]].forEach(([pitch, after]) => {
      const tone = ctx.createOscillator();
      const level = ctx.createGain();
      tone.type = "sine";
      tone.frequency.value = pitch;
      level.gain.setValueAtTime(0.0001, start + after);
      level.gain.exponentialRampToValueAtTime(0.2, start + after + 0.02);
      level.gain.exponentialRampToValueAtTime(0.0001, start + after + 0.3);
      tone.connect(level).connect(ctx.destination);
      tone.start(start + after);
      tone.stop(start + after + 0.32);
    });
  }

  /** It is this person's turn: the cues they asked for. */
  alertTurn() {
    if (this.prefs.sound) this.chime();
    if (this.prefs.vibrate && navigator.vibrate) navigator.vibrate([70, 50, 70]);
  }
}
