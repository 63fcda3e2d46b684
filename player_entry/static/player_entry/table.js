/* A player's table page on his phone.

   - It asks every few seconds whether the table changed (If-None-Match: 304 when not) and shows
     the new state; a hand form the player has begun is left as it is.
   - Every hand and every answer (confirm, dispute, withdraw) goes through a queue kept on the
     phone (IndexedDB): shown as queued, sent in order as soon as the network is there, each
     with its idempotency key (a resend is applied once) and the sheet's version the phone read
     (If-Match). One the server refuses stays, shown as refused with its reason, until the
     player discards it or enters it again: nothing is dropped silently.
   - In a tournament that records tiles the form is the umpire's tile picker
     (tournaments/tile_picker.js); the queue sends its fields as the server's form takes them.
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
  var STUCK_AFTER = 3;  // failures before an entry the server keeps failing may be discarded
  var WAIT = { 408: true, 429: true };  // "try again later", not a refusal

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
    var now = JSON.stringify(items.map(function (i) {
      return [i.key, i.state, i.reason, i.failures];
    }));
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
      if (stuck(item)) {
        li.appendChild(reasonLine(texts.stuck.replace("%TRIES%", item.failures)
          .replace("%STATUS%", item.lastStatus)));
        li.appendChild(button(texts.discard, "discard", function () {
          if (window.confirm(texts.discardQueued)) drop(item.key).then(refresh);
        }));
      }
      if (item.state === "refused") {
        li.appendChild(reasonLine(item.reason));
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

  function reasonLine(text) {
    var reason = document.createElement("p");
    reason.className = "reason";
    reason.textContent = text;
    return reason;
  }

  // An entry the server keeps failing (an error on its side, not the network): it stays queued
  // and is tried again, and the player may discard it, the table checked.
  function stuck(item) {
    return item.state === "queued" && (item.failures || 0) >= STUCK_AFTER;
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
      if (response.status >= 400 && response.status < 500 && !WAIT[response.status]) {
        return refusalOf(response).then(function (reason) {
          item.state = "refused";
          item.reason = reason;
          return keep(item).then(function () {
            return item.kind === "hand" ? "refused hand" : "refused";
          });
        });
      }
      return failed(item, response);
    });
  }

  // The server is in trouble, or asks to wait (408, 429): the entry is tried again later, its
  // failures counted (see stuck()).
  function failed(item, response) {
    item.failures = (item.failures || 0) + 1;
    item.lastStatus = (response.status + " " + response.statusText).trim();
    return keep(item).then(function () { return "later"; });
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

  var tilesMode = !!form && form.dataset.mode === "tiles";
  var NOT_SENT = { csrfmiddlewaretoken: true, version: true, key: true, outcome: true };

  function tileFields() {
    // A tiles hand: every field of the form as the server's form takes it (the picker's
    // notation fields, the meld types, the concealed-kong and special-win boxes, flowers).
    var body = {};
    Array.prototype.forEach.call(form.elements, function (element) {
      var name = element.name;
      if (!name || NOT_SENT[name]) return;
      if (element.type === "checkbox") {
        body[name] = element.checked;
      } else if (element.type === "radio") {
        if (element.checked || !(name in body)) body[name] = element.checked ? element.value : "";
      } else {
        body[name] = element.value;
      }
    });
    return body;
  }

  function formBody() {
    var data = new FormData(form);
    var body = { outcome: data.get("outcome") };
    if (body.outcome === "win") {
      if (tilesMode) body = Object.assign(tileFields(), body);
      body.winner = data.get("winner") || null;
      body.discarder = data.get("discarder") || null;
      if (!tilesMode) {
        body.points = data.get("points") === "" ? null : Number(data.get("points"));
      }
      body.flowers = Number(data.get("flowers") || 0);
    }
    return body;
  }

  function redrawPicker() {
    // The picker draws a field's tiles when it loses the focus, and greys the winner's own
    // seat among the discarders when the winner changes: both after the form was reset or
    // filled again.
    if (!tilesMode) return;
    form.querySelectorAll("input.tile-field").forEach(function (field) {
      field.dispatchEvent(new Event("blur"));
    });
    var winner = form.querySelector("input[name=winner]");
    if (winner) winner.dispatchEvent(new Event("change"));
  }

  function fillForm(body) {
    if (!form) return;
    Object.keys(body).forEach(function (name) {
      var value = body[name];
      form.querySelectorAll("[name='" + name + "']").forEach(function (input) {
        if (input.type === "radio") {
          input.checked = input.value === (value || "");
        } else if (input.type === "checkbox") {
          input.checked = !!value;
        } else if (value !== undefined && value !== null) {
          input.value = value;
        }
      });
    });
    touched = true;
    redrawPicker();
    showWinFields();
  }

  function optionText(name, value) {
    var option = form.querySelector("select[name='" + name + "'] option[value='" + value + "']");
    return option ? option.textContent.trim() : value;
  }

  function labelText(name) {
    var label = form.querySelector("label[for='id_" + name + "']");
    return label ? label.textContent.replace(/:\s*$/, "").trim() : name;
  }

  function tilesInShort(body) {
    // "123456789m5s · Winning tile 5s · Chow 234p", as the server writes an entry's tiles (the
    // points are the server's).
    var parts = [body.concealed || "—", labelText("win_tile") + " " + (body.win_tile || "—")];
    for (var index = 1; body["meld" + index + "_type"] !== undefined; index++) {
      var kind = body["meld" + index + "_type"];
      if (kind) parts.push(optionText("meld" + index + "_type", kind) + " " +
        (body["meld" + index + "_tiles"] || ""));
    }
    return parts.join(" · ");
  }

  function describe(body) {
    var text = texts.hand + " " + (form.dataset.number || "") + ": ";
    if (body.outcome !== "win") {
      var choice = form.querySelector("input[name=outcome]:checked");
      return text + (choice ? choice.parentNode.textContent.trim() : body.outcome);
    }
    text += body.winner + (body.discarder ? " ← " + body.discarder : " ⟲") + ", ";
    if (tilesMode) return text + tilesInShort(body) + (body.flowers ? " + " + body.flowers : "");
    return text + body.points + (body.flowers ? " + " + body.flowers : "");
  }

  function showWinFields() {
    if (!form) return;
    var checked = form.querySelector("input[name=outcome]:checked");
    form.classList.toggle("no-win", !!checked && checked.value !== "win");
  }

  if (tilesMode) {
    // The picker is the phone's keyboard for the tiles: the notation fields take the focus
    // (the picker adds to the one focused) without opening the phone's own keyboard over it.
    form.querySelectorAll("input.tile-field").forEach(function (field) {
      field.setAttribute("inputmode", "none");
    });
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
        redrawPicker();
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
        // No table yet: the view sends no version, the page holds "" (the same: no reload).
        if (!state || (state.version || "") === part.dataset.version) return;
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
