// Injected by `tally serve` only, never by `tally build`: reloads the page when the site
// is rebuilt. The server sends the number of the latest build on connecting and after
// every build; a page built by another build reloads. No dependencies.
(function () {
  "use strict";
  var script = document.currentScript;
  var built = script ? script.getAttribute("data-build") : null;
  var events = new EventSource("/__tally/events");
  events.addEventListener("build", function (event) {
    if (event.data !== built) {
      events.close();
      location.reload();
    }
  });
})();
