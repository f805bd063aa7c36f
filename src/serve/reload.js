// Injected by `tally serve` only, never by `tally build`: reloads the page when the site
// is rebuilt. The server sends the number of the latest build on connecting and after
// every build; a page built by another build reloads. No dependencies.
//
// A page keeps its scroll position across reloads, also through the error page that
// stands in for it while the site does not build: before reloading, a page of the site
// leaves where it was scrolled in sessionStorage (per address), and the next page of the
// site at that address scrolls back there once loaded. The error page leaves it be.
(function () {
  "use strict";
  var script = document.currentScript;
  var built = script ? script.getAttribute("data-build") : null;
  var key = "tally-scroll:" + location.pathname;
  var isErrorPage = function () { return document.getElementById("tally-error-overlay") !== null; };

  var saved = null;
  try { saved = JSON.parse(sessionStorage.getItem(key) || "null"); } catch (e) { saved = null; }
  if (saved && !isErrorPage()) {
    if ("scrollRestoration" in history) history.scrollRestoration = "manual";
    var restore = function () {
      window.scrollTo(saved[0], saved[1]);
      try { sessionStorage.removeItem(key); } catch (e) { /* private mode: nothing kept */ }
    };
    if (document.readyState === "complete") restore();
    else window.addEventListener("load", restore);
  }

  var events = new EventSource("/__tally/events");
  events.addEventListener("build", function (event) {
    if (event.data !== built) {
      events.close();
      if (!isErrorPage()) {
        try {
          sessionStorage.setItem(key, JSON.stringify([window.scrollX, window.scrollY]));
        } catch (e) { /* private mode: the page reloads at its top */ }
      }
      location.reload();
    }
  });
})();
