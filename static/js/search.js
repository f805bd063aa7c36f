// The search box: Pagefind's UI on this page's language's index (pagefind/LANG/, made by
// `tally build` and `tally serve`). The box is hidden in the HTML and shown only once its
// script has loaded, so without JavaScript (or without an index) there is no box that
// does nothing. Every file it loads is the site's own; no other host is contacted.
(function () {
  "use strict";
  var slot = document.getElementById("site-search");
  if (!slot) return;
  var data = slot.dataset;
  var bundle = data.bundle;
  // The box's own script and style are one for every language, a folder up from the
  // language's index (pagefind/, beside pagefind/LANG/).
  var shared = bundle.replace(/[^/]+\/$/, "");
  var style = document.createElement("link");
  style.rel = "stylesheet";
  style.href = shared + "pagefind-ui.css";
  document.head.appendChild(style);
  var script = document.createElement("script");
  script.src = shared + "pagefind-ui.js";
  script.onload = function () {
    if (typeof window.PagefindUI !== "function") return;
    // A result's metadata is shown as "name: value": the names the pages give (date,
    // appliance) are shown in the page's language.
    var labels = { date: data.labelDate, appliance: data.labelAppliance };
    new window.PagefindUI({
      element: slot,
      bundlePath: bundle,
      showImages: false,
      showSubResults: false,
      excerptLength: 24,
      translations: {
        search_label: data.label,
        placeholder: data.placeholder,
        clear_search: data.clear,
        load_more: data.more,
        zero_results: data.none,
        many_results: data.many,
        one_result: data.one,
        searching: data.searching
      },
      processResult: function (result) {
        var meta = {};
        Object.keys(result.meta || {}).forEach(function (name) {
          meta[labels[name] || name] = result.meta[name];
        });
        result.meta = meta;
        return result;
      }
    });
    // Pagefind names its field by a title alone, which a screen reader may not read and
    // axe refuses (label-title-only): the label is given as the field's name too.
    var input = slot.querySelector("input");
    if (input) input.setAttribute("aria-label", data.label);
    slot.hidden = false;
  };
  document.head.appendChild(script);
})();
