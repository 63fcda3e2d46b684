// The projector's draw: shows its pages one after the other, every few seconds; after the
// last it fetches the draw again (a seat changed, the next session was drawn) and starts over,
// or, between sessions, turns to the statistics' pictures (`data-after`), which come back here.
(function () {
  "use strict";
  var root = document.getElementById("draw");
  if (!root) return;
  var every = (parseInt(root.dataset.seconds, 10) || 12) * 1000;

  function pages() { return root.querySelectorAll(".draw-page"); }

  function current(all) {
    for (var i = 0; i < all.length; i++) if (!all[i].hidden) return i;
    return 0;
  }

  function show(all, index) {
    for (var i = 0; i < all.length; i++) all[i].hidden = i !== index;
  }

  function reload() {
    var url = window.location.pathname + "?page=1";
    return fetch(url, { cache: "no-store", credentials: "omit" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (text) {
        if (!text) return false;
        var fresh = new DOMParser().parseFromString(text, "text/html").getElementById("draw");
        if (!fresh) return false;
        root.innerHTML = fresh.innerHTML;
        if (fresh.dataset.after) root.dataset.after = fresh.dataset.after;
        else delete root.dataset.after;
        return true;
      })
      .catch(function () { return false; });
  }

  function turn() {
    var all = pages();
    var index = current(all);
    if (index + 1 < all.length) {
      show(all, index + 1);
      setTimeout(turn, every);
      return;
    }
    if (root.dataset.after) {
      window.location.href = root.dataset.after;
      return;
    }
    reload().then(function (fresh) {
      if (!fresh) show(pages(), 0);  // offline for a moment: start over with what it has
      setTimeout(turn, every);
    });
  }

  setTimeout(turn, every);
})();
