// The dashboard's clock: counts the running session's time left down to its limit, then how
// far past it, from the limit the server gave (#dash-now's data-limit). The server's time
// (data-now) corrects this screen's own clock; the dashboard's refresh swaps in a new panel
// (a new limit, or none once the session ends) and the count follows it.
(function () {
  "use strict";
  var seen = null;
  var offset = 0; // the server's time minus this screen's, in ms

  function two(n) { return (n < 10 ? "0" : "") + n; }

  function format(seconds) {
    var h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
    return h + ":" + two(m) + ":" + two(s);
  }

  function tick() {
    var panel = document.getElementById("dash-now");
    if (!panel || !panel.dataset.limit) return;
    if (panel.dataset.now !== seen) {
      seen = panel.dataset.now;
      offset = Date.parse(seen) - Date.now();
    }
    var left = Date.parse(panel.dataset.limit) - (Date.now() + offset);
    var seconds = Math.floor(left / 1000);
    var over = left < 0;
    var label = panel.querySelector(".now-label");
    panel.querySelector(".now-time").textContent = over ? "+" + format(-seconds) : format(seconds);
    label.textContent = over ? label.dataset.over : label.dataset.left;
    panel.classList.toggle("over", over);
  }

  tick();
  setInterval(tick, 250);
})();
