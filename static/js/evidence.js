// Opens the evidence entry a figure link leads to (#figure-NAME is a <details>) and the
// folded list around it, on load and on every change of the address's fragment, and every
// entry and plotted-values table for print. Without JavaScript the browser opens the list
// (a closed <details> around a fragment's target opens) and the link lands on the entry's
// line, which says the value and where it was read; its details open with a click.
(function () {
  "use strict";
  function openTarget() {
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id && document.getElementById(id);
    if (!target) return;
    if (target.tagName === "DETAILS") target.open = true;
    // The list folded around it (Chromium opens it on its own; not every browser does).
    for (var d = target.parentElement; d; d = d.parentElement) {
      if (d.tagName === "DETAILS") d.open = true;
    }
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
