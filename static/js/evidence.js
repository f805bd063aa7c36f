// Opens the evidence entry a figure link leads to (#figure-NAME is a <details>), on load
// and on every change of the address's fragment, and every entry and plotted-values table
// for print. Without JavaScript the link still lands on the entry's line, which says the
// value and where it was read; its details open with a click.
(function () {
  "use strict";
  function openTarget() {
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id && document.getElementById(id);
    if (target && target.tagName === "DETAILS") target.open = true;
  }
  window.addEventListener("hashchange", openTarget);
  openTarget();
  var opened = [];
  window.addEventListener("beforeprint", function () {
    document.querySelectorAll(".evidence details:not([open]), .plot-values:not([open])").forEach(function (d) {
      d.open = true;
      opened.push(d);
    });
  });
  window.addEventListener("afterprint", function () {
    opened.forEach(function (d) { d.open = false; });
    opened = [];
  });
})();
