// The front page: the name the browser used last at a table fills the forms
// (the page works the same without this script).

/** @returns {string} the name this browser sat down with last ("" if none) */
function remembered() {
  try { return localStorage.getItem("hearts.name") || ""; } catch (e) { return ""; /* private mode */ }
}

const name = remembered();
const typed = /** @type {HTMLInputElement | null} */ (document.getElementById("name"));
if (typed && !typed.value && name) typed.value = name;
for (const hidden of document.querySelectorAll("input.remembered-name")) {
  /** @type {HTMLInputElement} */ (hidden).value = name;
}

export {};
