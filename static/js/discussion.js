// Loads giscus only when the reader asks for it: until the button is pressed, no page
// contacts any host but its own. Without JavaScript the button stays hidden and the
// <noscript> link to the discussion on GitHub is shown instead. When giscus cannot be loaded
// (giscus.app unreachable, blocked or refusing), the page says so in its language and links
// the repository's discussions on GitHub, with the focus on that link if it was on the button.
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
      var hadFocus = document.activeElement === button;
      script.onerror = function () {
        frame.remove();
        var failed = document.createElement("p");
        failed.className = "discussion-failed";
        failed.setAttribute("role", "status");
        // No space after a Japanese full stop.
        var gap = /[\u3002\uff09]$/.test(slot.dataset.failed) ? "" : " ";
        failed.appendChild(document.createTextNode(slot.dataset.failed + gap));
        var link = document.createElement("a");
        link.href = "https://github.com/" + slot.dataset.repo + "/discussions";
        link.textContent = slot.dataset.failedLink;
        failed.appendChild(link);
        slot.appendChild(failed);
        if (hadFocus) link.focus();
      };
      slot.appendChild(frame);
      slot.appendChild(script);
      button.remove();
      // The button is gone: the focus stays in the discussion, not back at the page's top.
      if (hadFocus) {
        slot.tabIndex = -1;
        slot.focus();
      }
    });
  });
})();
