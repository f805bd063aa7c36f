// The search box: a box of the site's own until it is used, then Pagefind's UI on this
// page's language's index (pagefind/LANG/, made by `tally build` and `tally serve`).
// Pagefind's script and style (most of a text page's weight) load on the box's first focus
// or key, never with the page; what was typed meanwhile is carried over and focus stays in
// the box. The box is hidden in the HTML and shown by this script, so without JavaScript
// (or without an index) there is no box that does nothing. Every file it loads is the
// site's own; no other host is contacted.
(function () {
  "use strict";
  var slot = document.getElementById("site-search");
  if (!slot) return;
  var data = slot.dataset;
  var bundle = data.bundle;
  // The box's own script and style are one for every language, a folder up from the
  // language's index (pagefind/, beside pagefind/LANG/).
  var shared = bundle.replace(/[^/]+\/$/, "");
  var own = document.createElement("input");
  own.type = "search";
  own.className = "site-search-own";
  own.placeholder = data.placeholder;
  own.setAttribute("aria-label", data.label);
  slot.appendChild(own);
  slot.hidden = false;
  var loading = false;
  function load() {
    if (loading) return;
    loading = true;
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
      var box = document.createElement("div");
      slot.appendChild(box);
      var ui = new window.PagefindUI({
        element: box,
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
      var input = box.querySelector("input");
      if (!input) return;
      input.setAttribute("aria-label", data.label);
      var focused = document.activeElement === own;
      var typed = own.value;
      own.remove();
      if (typed) {
        input.value = typed;
        ui.triggerSearch(typed);
      }
      if (focused) {
        input.focus();
        input.setSelectionRange(typed.length, typed.length);
      }
    };
    document.head.appendChild(script);
  }
  own.addEventListener("focus", load);
  own.addEventListener("input", load);
})();
