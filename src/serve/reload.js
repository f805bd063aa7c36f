// Injected by `tally serve` only, never by `tally build`: shows the new page when the site
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

  // A build that changed only pages ("N pages") is shown by fetching this page and putting
  // its new body in place of the old one: a reload parses the styles and runs the scripts
  // again, which takes longer than the build. Anything else (new styles, images, another
  // <head>, the error page) falls back to a full reload.
  var reload = function () {
    events.close();
    if (!isErrorPage()) {
      try {
        sessionStorage.setItem(key, JSON.stringify([window.scrollX, window.scrollY]));
      } catch (e) { /* private mode: the page reloads at its top */ }
    }
    location.reload();
  };
  var busy = false, wanted = null;
  var swap = function (generation) {
    if (busy) { wanted = generation; return; }
    busy = true;
    fetch(location.href, { cache: "no-store" })
      .then(function (response) {
        var type = response.headers.get("content-type") || "";
        if (!response.ok || type.indexOf("text/html") !== 0) throw new Error("not a page");
        return response.text();
      })
      .then(function (text) {
        var next = new DOMParser().parseFromString(text, "text/html");
        var isReload = function (s) { return (s.getAttribute("src") || "").indexOf("/__tally/reload.js") === 0; };
        var tag = Array.prototype.filter.call(next.body.querySelectorAll("script"), isReload)[0];
        if (!tag || next.getElementById("tally-error-overlay") || next.head.innerHTML !== document.head.innerHTML) {
          throw new Error("not the same kind of page");
        }
        var x = window.scrollX, y = window.scrollY;
        document.body.replaceWith(document.adoptNode(next.body));
        // A parsed page's scripts do not run: the site's own are run again on the new body,
        // as a reload would; this one keeps running and is not.
        document.body.querySelectorAll("script").forEach(function (old) {
          if (isReload(old)) return;
          var fresh = document.createElement("script");
          Array.prototype.forEach.call(old.attributes, function (a) { fresh.setAttribute(a.name, a.value); });
          fresh.text = old.text;
          old.replaceWith(fresh);
        });
        window.scrollTo(x, y);
        built = tag.getAttribute("data-build");
        busy = false;
        if (wanted !== null && wanted !== built) { var again = wanted; wanted = null; swap(again); }
      })
      .catch(reload);
  };

  var events = new EventSource("/__tally/events");
  events.addEventListener("build", function (event) {
    var parts = String(event.data).split(" ");
    if (parts[0] === built) return;
    if (parts[1] === "pages" && !isErrorPage()) swap(parts[0]);
    else reload();
  });
})();
