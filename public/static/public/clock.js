// The hall clock: counts down the session from its actual start as the server knows it. The
// screen's own clock may be wrong, so every answer of the server gives its time and the page
// corrects for the difference (half the round trip included): every screen shows the same time,
// however late it was opened.
(function () {
  "use strict";
  var root = document.getElementById("clock");
  if (!root) return;
  var digits = document.getElementById("clock-digits");
  var message = document.getElementById("clock-message");
  var sessionLine = document.getElementById("clock-session");
  var offline = document.getElementById("clock-offline");
  var text = root.dataset;
  var offset = 0; // server time minus this screen's time, in ms
  var state = null;

  function two(n) { return (n < 10 ? "0" : "") + n; }

  function format(ms) {
    var total = Math.max(0, Math.ceil(ms / 1000));
    var h = Math.floor(total / 3600), m = Math.floor((total % 3600) / 60), s = total % 60;
    return (h ? h + ":" + two(m) : two(m)) + ":" + two(s);
  }

  function show(mode, time, words) {
    root.dataset.state = mode;
    digits.textContent = time;
    message.textContent = words;
  }

  function tick() {
    if (!state || !state.session) {
      sessionLine.textContent = text.textNone;
      show("waiting", "--:--", "");
      return;
    }
    var s = state.session;
    if (s.tournament_finished) {  // every sheet countersigned: no time to count any more
      sessionLine.textContent = "";
      show("finished", "", text.textFinished);
      return;
    }
    sessionLine.textContent = text.textSession + " " + s.number;
    if (!s.start) { show("waiting", format(s.minutes * 60000), text.textWaiting); return; }
    var end = Date.parse(s.start) + s.minutes * 60000;
    var now = Date.now() + offset;
    var left = end - now;
    if (s.end || left <= 0) { show("over", "00:00", text.textOver); return; }
    if (left <= state.warning_minutes * 60000) { show("warning", format(left), text.textWarning); return; }
    show("running", format(left), text.textRunning);
  }

  function refresh() {
    var sent = Date.now();
    fetch(text.url, { cache: "no-store", credentials: "omit" })
      .then(function (response) { if (!response.ok) throw new Error(response.status); return response.json(); })
      .then(function (data) {
        var received = Date.now();
        offset = Date.parse(data.now) - (sent + received) / 2;
        state = data;
        offline.hidden = true;
        tick();
      })
      .catch(function () { offline.textContent = text.textOffline; offline.hidden = false; });
  }

  refresh();
  setInterval(refresh, 5000);
  setInterval(tick, 250);
})();
