// A table wider than its box says so: a line above it ("Scroll sideways for more →", the
// text this script's tag carries in the page's language) while part of it is out of view,
// kept current as the window changes. Without JavaScript the table still scrolls.
(function () {
  "use strict";
  var text = document.currentScript && document.currentScript.dataset.cue;
  if (!text) return;
  document.querySelectorAll(".table-scroll").forEach(function (box) {
    var cue = document.createElement("p");
    cue.className = "scroll-cue";
    cue.textContent = text;
    cue.hidden = true;
    box.parentNode.insertBefore(cue, box);
    function update() {
      var more = box.scrollWidth - box.clientWidth > 1;
      cue.hidden = !more;
    }
    window.addEventListener("resize", update);
    update();
  });
})();
