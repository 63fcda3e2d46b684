// Keeps a public page's live part up to date: asks every few seconds whether the tournament
// changed (every minute while the tab is hidden) and swaps in the new part when it did.
(function () {
  "use strict";
  var root = document.getElementById("live");
  if (!root) return;
  var status = document.getElementById("live-status");
  var every = (parseInt(root.dataset.poll, 10) || 5) * 1000;
  var timer = null;

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(poll, document.hidden ? 60000 : every);
  }

  function poll() {
    var url = root.dataset.live + "&v=" + encodeURIComponent(root.dataset.version);
    fetch(url, { cache: "no-store", credentials: "omit" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (data) {
        if (data && data.changed) {
          root.innerHTML = data.html;
          root.dataset.version = data.version;
          if (status) status.textContent = status.dataset.updated + " " + new Date().toLocaleTimeString();
        }
      })
      .catch(function () { /* offline for a moment: try again at the next tick */ })
      .then(schedule);
  }

  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) poll(); else schedule();
  });
  schedule();
})();
