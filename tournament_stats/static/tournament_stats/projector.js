// The statistics on the hall's projector, between sessions: shows its pictures one after the
// other, every few seconds, then goes back to the draw (which comes back here after its last
// page while no session runs). Without scripts a refresh does the same, a page at a time.
(function () {
  "use strict";
  var root = document.getElementById("stats-projector");
  if (!root) return;
  var every = (parseInt(root.dataset.seconds, 10) || 15) * 1000;

  function turn() {
    var all = root.querySelectorAll(".stats-screen-picture");
    var index = 0;
    for (var i = 0; i < all.length; i++) if (!all[i].hidden) index = i;
    if (index + 1 < all.length) {
      for (var j = 0; j < all.length; j++) all[j].hidden = j !== index + 1;
      setTimeout(turn, every);
      return;
    }
    window.location.href = root.dataset.after;
  }

  setTimeout(turn, every);
})();
