// The root 404 page holds every language's words (GitHub Pages serves it for every missing
// address): shows only those of the missing address's language, by its path's prefix
// (/ja/...), and sets the page's language and title to match. Without JavaScript a reader
// reads them all.
(function () {
  "use strict";
  var path = location.pathname, all = document.querySelectorAll(".not-found[data-home]"), best = null;
  all.forEach(function (d) {
    if (path.indexOf(d.dataset.home) === 0 && (!best || d.dataset.home.length > best.dataset.home.length)) best = d;
  });
  if (!best) return;
  all.forEach(function (d) { d.hidden = d !== best; });
  document.documentElement.lang = best.lang;
  document.title = best.dataset.title;
})();
