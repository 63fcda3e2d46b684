/* A player's table page on his phone.

   - It asks every few seconds whether the table changed (If-None-Match: 304 when not) and shows
     the new state; a hand form the player has begun is left as it is.
   - Every hand and every answer (confirm, dispute, withdraw) goes through a queue kept on the
     phone (IndexedDB): shown as queued, sent in order as soon as the network is there, each
     with its idempotency key (a resend is applied once) and the sheet's version the phone read
     (If-Match). One the server refuses stays, shown as refused with its reason, until the
     player discards it or enters it again: nothing is dropped silently.
   - A service worker keeps the page and its files for when the network is gone. */
(function () {
  "use strict";
  var part = document.getElementById("table-part");
  var form = document.getElementById("hand-form");
  var queueList = document.getElementById("queue");
  var texts = queueList ? queueList.dataset : {};
  var touched = false;
  var sending = false;
  var player = part ? part.dataset.player : "";
  var storeWorks = false;  // else the forms post as they are (no queue)

  // -- the queue, kept in IndexedDB ------------------------------------------------------------

  function openStore() {
    return new Promise(function (resolve, reject) {
      var request = indexedDB.open("mcr-player-entry", 1);
      request.onupgradeneeded = function () {
        request.result.createObjectStore("queue", { keyPath: "key" });
      };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }

  function withStore(mode, work) {
    return openStore().then(function (db) {
      return new Promise(function (resolve, reject) {
        var transaction = db.transaction("queue", mode);
        var result = work(transaction.objectStore("queue"));
        transaction.oncomplete = function () { resolve(result && result.result); };
        transaction.onerror = function () { reject(transaction.error); };
      });
    });
  }

  function allQueued() {
    // Only this player's: a phone lent to another player does not send his queue as his.
    return withStore("readonly", function (store) { return store.getAll(); })
      .then(function (items) {
        return (items || [])
          .filter(function (item) { return item.player === player; })
          .sort(function (a, b) { return a.seq - b.seq; });
      });
  }

  function keep(item) { return withStore("readwrite", function (store) { store.put(item); }); }
  function drop(key) { return withStore("readwrite", function (store) { store.delete(key); }); }

  function newKey() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }

  // -- what the page shows of the queue --------------------------------------------------------

  var shown = null;

  function show(items) {
    if (!queueList) return;
    var now = JSON.stringify(items.map(function (i) { return [i.key, i.state, i.reason]; }));
    if (now === shown) return;  // redrawn only when it changed: a button stays under a finger
    shown = now;
    queueList.innerHTML = "";
    items.forEach(function (item) {
      var li = document.createElement("li");
      li.dataset.state = item.state;
      li.dataset.key = item.key;
      var badge = document.createElement("span");
      badge.className = "badge";
      badge.textContent = item.state === "refused" ? texts.refused : texts.queued;
      li.appendChild(badge);
      li.appendChild(document.createTextNode(" " + item.label));
      if (item.state === "refused") {
        var reason = document.createElement("p");
        reason.className = "reason";
        reason.textContent = item.reason;
        li.appendChild(reason);
        li.appendChild(button(texts.discard, "discard", function () {
          drop(item.key).then(refresh);
        }));
        if (item.kind === "hand" && form) {
          li.appendChild(button(texts.again, "again", function () {
            fillForm(item.body);
            drop(item.key).then(refresh);
          }));
        }
      }
      queueList.appendChild(li);
    });
    queueList.hidden = items.length === 0;
  }

  function button(text, action, onClick) {
    var element = document.createElement("button");
    element.type = "button";
    element.className = "light big";
    element.dataset.queueAction = action;
    element.textContent = text;
    element.addEventListener("click", onClick);
    return element;
  }

  function refresh() { return allQueued().then(show); }

  // -- sending, in order -----------------------------------------------------------------------

  function csrfToken() {
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    if (input) return input.value;
    var cookie = document.cookie.split("; ").filter(function (c) {
      return c.indexOf("csrftoken=") === 0;
    })[0];
    return cookie ? decodeURIComponent(cookie.slice("csrftoken=".length)) : "";
  }

  function refusalOf(response) {
    return response.json().then(function (body) {
      var errors = (body && body.errors) || [];
      return errors.map(function (e) { return e.message; }).join(" ") || response.statusText;
    }, function () { return response.statusText; });
  }

  function sendOne(item) {
    var headers = {
      "Content-Type": "application/json",
      "Accept": "application/json",
      "X-CSRFToken": csrfToken(),
      "Idempotency-Key": item.key
    };
    if (item.version !== undefined) headers["If-Match"] = '"' + item.version + '"';
    return fetch(item.url, {
      method: "POST", headers: headers, body: JSON.stringify(item.body),
      credentials: "same-origin"
    }).then(function (response) {
      if (response.ok) {
        return response.json().then(function (entry) {
          if (entry.status === "refused") {  // a confirmation the sheet no longer takes
            item.state = "refused";
            item.reason = entry.reason;
            return keep(item).then(function () { return "answered"; });
          }
          return drop(item.key).then(function () { return "sent"; });
        });
      }
      if (response.status >= 400 && response.status < 500) {
        return refusalOf(response).then(function (reason) {
          item.state = "refused";
          item.reason = reason;
          return keep(item).then(function () {
            return item.kind === "hand" ? "refused hand" : "refused";
          });
        });
      }
      return "later";  // the server is in trouble: try again later
    });
  }

  function sendQueued() {
    if (sending || !navigator.onLine) return Promise.resolve();
    sending = true;
    var changed = false;
    var handRefused = false;
    return allQueued().then(function (items) {
      var queued = items.filter(function (item) { return item.state === "queued"; });
      return queued.reduce(function (previous, item) {
        return previous.then(function (go) {
          if (!go) return false;
          return sendOne(item).then(function (outcome) {
            changed = true;
            handRefused = handRefused || outcome === "refused hand";
            return outcome !== "later";
          });
        });
      }, Promise.resolve(true));
    }).catch(function () { /* the network dropped: the queue waits */ })
      .then(function () {
        sending = false;
        // A hand refused (the sheet moved on): the page is read again, with the form's new
        // version, unless the player is typing; the refused hand stays listed.
        if (handRefused && !touched) { window.location.reload(); return null; }
        return refresh().then(function () { if (changed) pollNow(); });
      });
  }

  function enqueue(item) {
    item.seq = Date.now() + Math.random();
    item.state = "queued";
    item.player = player;
    return keep(item).then(function () {
      refresh();
      sendQueued();
    });
  }

  // -- the hand form and the answers -----------------------------------------------------------

  function formBody() {
    var data = new FormData(form);
    var body = { outcome: data.get("outcome") };
    if (body.outcome === "win") {
      body.winner = data.get("winner") || null;
      body.discarder = data.get("discarder") || null;
      body.points = data.get("points") === "" ? null : Number(data.get("points"));
      body.flowers = Number(data.get("flowers") || 0);
    }
    return body;
  }

  function fillForm(body) {
    if (!form) return;
    ["outcome", "winner", "discarder"].forEach(function (name) {
      var value = body[name] || "";
      var input = form.querySelector("input[name=" + name + "][value='" + value + "']");
      if (input) input.checked = true;
    });
    ["points", "flowers"].forEach(function (name) {
      var input = form.querySelector("input[name=" + name + "]");
      if (input && body[name] !== undefined && body[name] !== null) input.value = body[name];
    });
    touched = true;
    showWinFields();
  }

  function describe(body) {
    var text = texts.hand + " " + (form.dataset.number || "") + ": ";
    if (body.outcome !== "win") {
      var choice = form.querySelector("input[name=outcome]:checked");
      return text + (choice ? choice.parentNode.textContent.trim() : body.outcome);
    }
    return text + body.winner + (body.discarder ? " ← " + body.discarder : " ⟲") +
      ", " + body.points + (body.flowers ? " + " + body.flowers : "");
  }

  function showWinFields() {
    if (!form) return;
    var checked = form.querySelector("input[name=outcome]:checked");
    form.classList.toggle("no-win", !!checked && checked.value !== "win");
  }

  if (form) {
    form.addEventListener("input", function () { touched = true; showWinFields(); });
    form.addEventListener("change", function () { touched = true; showWinFields(); });
    form.addEventListener("submit", function (event) {
      if (!storeWorks) return;  // no queue on this browser: the form posts itself
      event.preventDefault();
      var body = formBody();
      var item = {
        key: newKey(), kind: "hand", url: form.dataset.queueUrl, version: form.version.value,
        body: body, label: describe(body)
      };
      enqueue(item).then(function () {
        form.reset();
        touched = false;
        showWinFields();
      }, function () { form.submit(); });  // not kept on the phone: posted at once instead
    });
    showWinFields();
  }

  document.addEventListener("submit", function (event) {
    var answer = event.target.closest("form[data-answer]");
    if (!answer || !storeWorks) return;
    event.preventDefault();
    var reason = answer.querySelector("input[name=reason]");
    enqueue({
      key: newKey(), kind: "answer", url: answer.dataset.answer,
      body: { reason: reason ? reason.value : "" }, label: answer.dataset.label
    }).catch(function () { answer.submit(); });
  });

  // -- the table's state -----------------------------------------------------------------------

  function pollNow() {
    if (!part || !navigator.onLine) return;
    var headers = { "Accept": "application/json" };
    if (part.dataset.version) headers["If-None-Match"] = part.dataset.version;
    fetch(part.dataset.pollUrl, { headers: headers, credentials: "same-origin" })
      .then(function (response) { return response.status === 200 ? response.json() : null; })
      .then(function (state) {
        if (!state || state.version === part.dataset.version) return;
        if (!touched) { window.location.reload(); return; }
        part.innerHTML = state.html;
        part.dataset.version = state.version || "";
      })
      .catch(function () { /* the network dropped: the next poll tries again */ });
  }

  window.addEventListener("online", sendQueued);
  if (part) {
    var seconds = parseInt(part.dataset.pollSeconds, 10) || 5;
    window.setInterval(function () { sendQueued().then(pollNow); }, seconds * 1000);
  }
  if (window.indexedDB) {
    openStore().then(function () {
      storeWorks = true;
      return refresh().then(sendQueued);
    }, function () { /* private mode, no room: the forms post as they are */ });
  }
  if ("serviceWorker" in navigator && part && part.dataset.worker) {
    navigator.serviceWorker.register(part.dataset.worker).catch(function () {});
  }
})();
