// Loads giscus only when the reader asks for it: until the button is pressed, no page
// contacts any host but its own. Without JavaScript the button stays hidden and the
// <noscript> link to the discussion on GitHub is shown instead.
(function () {
  "use strict";
  document.querySelectorAll(".giscus-slot").forEach(function (slot) {
    var button = slot.querySelector(".show-discussion");
    if (!button) return;
    button.hidden = false;
    button.addEventListener("click", function () {
      var script = document.createElement("script");
      script.src = "https://giscus.app/client.js";
      script.async = true;
      script.crossOrigin = "anonymous";
      var settings = {
        "data-repo": slot.dataset.repo,
        "data-repo-id": slot.dataset.repoId,
        "data-category": slot.dataset.category,
        "data-category-id": slot.dataset.categoryId,
        "data-mapping": slot.dataset.mapping,
        "data-lang": slot.dataset.lang,
        "data-reactions-enabled": "0",
        "data-emit-metadata": "0",
        "data-input-position": "bottom",
        "data-theme": "preferred_color_scheme",
        "data-loading": "lazy"
      };
      Object.keys(settings).forEach(function (name) {
        script.setAttribute(name, settings[name]);
      });
      var frame = document.createElement("div");
      frame.className = "giscus";
      slot.appendChild(frame);
      slot.appendChild(script);
      button.remove();
    });
  });
})();
