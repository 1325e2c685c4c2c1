// The table's sounds, made in the page with the Web Audio API (short tones: no
// sound file to fetch): the turn's chime, hearts broken, the queen of spades.
// Which ones play is the person's choice (settings.js, off until turned on);
// this module says which the table calls for and how each sounds.

/** @typedef {import("./types.js").Happening} Happening */

/** @typedef {"turn" | "hearts" | "queen"} Sound */

/** A tone: its pitch (Hz), when it starts and how long it lasts (s), its wave. */
/** @typedef {{pitch: number, at: number, length: number, wave: OscillatorType}} Tone */

/** @type {Record<Sound, Tone[]>} each sound's tones */
const TONES = {
  // two soft notes rising
  turn: [{ pitch: 660, at: 0, length: 0.3, wave: "sine" }, { pitch: 880, at: 0.16, length: 0.3, wave: "sine" }],
  // three quick notes falling: something is broken
  hearts: [{ pitch: 988, at: 0, length: 0.14, wave: "triangle" }, { pitch: 784, at: 0.09, length: 0.14, wave: "triangle" },
    { pitch: 659, at: 0.18, length: 0.22, wave: "triangle" }],
  // one low note, then a lower: the queen has fallen
  queen: [{ pitch: 220, at: 0, length: 0.35, wave: "square" }, { pitch: 165, at: 0.2, length: 0.45, wave: "square" }],
};

/**
 * The sounds a change calls for, from its events: the queen of spades played,
 * hearts broken (the turn's chime goes with the tab's title, view.js). A whole
 * state calls for none (its events are the hand so far).
 * @param {boolean} whole
 * @param {readonly Happening[]} events
 * @returns {Sound[]}
 */
export function soundsFor(whole, events) {
  if (whole) return [];
  if (events.some((h) => h.kind === "played" && h.card === "QS")) return ["queen"];
  return events.some((h) => h.kind === "hearts-broken") ? ["hearts"] : [];
}

/**
 * Play a sound now.
 * @param {AudioContext} ctx
 * @param {Sound} sound
 */
export function play(ctx, sound) {
  const start = ctx.currentTime + 0.01;
  const loud = TONES[sound][0].wave === "square" ? 0.08 : 0.2;  // a square wave sounds louder
  for (const tone of TONES[sound]) {
    const osc = ctx.createOscillator();
    const level = ctx.createGain();
    osc.type = tone.wave;
    osc.frequency.value = tone.pitch;
    level.gain.setValueAtTime(0.0001, start + tone.at);
    level.gain.exponentialRampToValueAtTime(loud, start + tone.at + 0.02);
    level.gain.exponentialRampToValueAtTime(0.0001, start + tone.at + tone.length);
    osc.connect(level).connect(ctx.destination);
    osc.start(start + tone.at);
    osc.stop(start + tone.at + tone.length + 0.02);
  }
}
