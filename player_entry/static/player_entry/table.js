/* The table page keeps itself current: it asks every few seconds whether the table changed
   (If-None-Match: 304 when not) and shows the new state; a hand form the player has begun is
   left as it is (the server refuses it if the table moved on). */
(function () {
  "use strict";
  var part = document.getElementById("table-part");
  var form = document.getElementById("hand-form");
  var touched = false;

  function showWinFields() {
    if (!form) return;
    var checked = form.querySelector("input[name=outcome]:checked");
    form.classList.toggle("no-win", !!checked && checked.value !== "win");
  }

  if (form) {
    form.addEventListener("input", function () { touched = true; showWinFields(); });
    form.addEventListener("change", function () { touched = true; showWinFields(); });
    showWinFields();
  }

  function poll() {
    if (!part || !navigator.onLine) return;
    var headers = { "Accept": "application/json" };
    if (part.dataset.version) headers["If-None-Match"] = part.dataset.version;
    fetch(part.dataset.pollUrl, { headers: headers, credentials: "same-origin" })
      .then(function (response) {
        if (response.status !== 200) return null;
        return response.json();
      })
      .then(function (state) {
        if (!state || state.version === part.dataset.version) return;
        if (!touched) { window.location.reload(); return; }
        part.innerHTML = state.html;
        part.dataset.version = state.version || "";
      })
      .catch(function () { /* the network dropped: the next poll tries again */ });
  }

  if (part) {
    var seconds = parseInt(part.dataset.pollSeconds, 10) || 5;
    window.setInterval(poll, seconds * 1000);
  }
})();
