// The front page: the name the browser used last at a table fills the forms
// (the page works the same without this script).
(function () {
  "use strict";
  let remembered = "";
  try { remembered = localStorage.getItem("hearts.name") || ""; } catch (e) { /* private mode */ }
  const typed = document.getElementById("name");
  if (typed && !typed.value && remembered) typed.value = remembered;
  for (const hidden of document.querySelectorAll("input.remembered-name")) {
    hidden.value = remembered;
  }
})();
