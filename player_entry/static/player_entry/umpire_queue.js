/* The umpire's score-sheet page through a dropped network (issue 28, docs/players-entry.md).

   - Online, the hand form and the draw / time-limit buttons post as they always did.
   - With no network (the browser says so), and while hands already wait, a saved hand, a
     draw or a time-limit stop is kept on the device instead (IndexedDB, per umpire and
     sheet), with its own idempotency key and the sheet's version the page showed, and listed
     on the page as queued (`[data-state=queued]`). A post the server could not take (no
     answer, 5xx) is kept by the service worker (/umpire/sw.js) and joins the queue here.
   - When the network is back (the browser's `online` event, and every few seconds), the
     queue sends its hands in order to /umpire/sheets/<id>/hands.json; a hand saved behind
     another waiting one expects the sheet as that one leaves it. A hand recorded: the page
     is read again. A hand refused stays listed as refused (`[data-state=refused]`) with the
     server's reason until the umpire discards it or enters it again (the form is filled
     with it); the hands saved behind it are not sent. Nothing is dropped silently, nothing
     is recorded twice; a server error or no answer stops the queue, to keep the order.
   - The service worker keeps the page and its files, so that it opens with no network. */
(function () {
  "use strict";
  var panel = document.getElementById("umpire-queue-panel");
  if (!panel) return;
  var texts = panel.dataset;
  var owner = texts.owner;
  var list = document.getElementById("umpire-queue");
  var note = document.getElementById("umpire-queue-note");
  var labelsNode = document.getElementById("umpire-queue-labels");
  var labels = labelsNode ? JSON.parse(labelsNode.textContent) : {};
  var handForm = document.getElementById("hand-form");
  var noWinForm = document.querySelector("form.no-win-buttons");
  var confirmForm = document.querySelector("#confirm-no-win form");
  var nextNumber = parseInt(texts.nextNumber, 10) || 1;
  var RETRY_SECONDS = 5;
  var NUMBER_FIELD = "queue-number";
  var STUCK_AFTER = 3;  // failures before a hand the server keeps failing may be discarded
  var WAIT = { 408: true, 429: true };  // "try again later", not a refusal
  var storeWorks = false;  // else the forms post as they are (no queue)
  var sending = false;
  var touched = false;  // the umpire is entering a hand: the page is not read again under him
  var bypass = false;  // a post the queue hands back to the form
  var items = [];  // this umpire's hands of this sheet, in order, as last read
  // After hands this page's queue recorded (the page not read again): the sheet's version and
  // next hand number as they left it.
  var chain = null;
  var notice = "";  // shown above the queue: the login the queue waits for, a preview refused

  // -- the queue, kept in IndexedDB ------------------------------------------------------------

  var opened = null;

  function openStore() {
    if (!opened) {
      opened = new Promise(function (resolve, reject) {
        var request = indexedDB.open("mcr-umpire-queue", 1);
        request.onupgradeneeded = function () {
          // The same stores as the service worker's (it writes the posts it could not send).
          var db = request.result;
          if (!db.objectStoreNames.contains("queue")) {
            db.createObjectStore("queue", { keyPath: "key" });
          }
          if (!db.objectStoreNames.contains("inbox")) {
            db.createObjectStore("inbox", { keyPath: "id" });
          }
        };
        request.onsuccess = function () { resolve(request.result); };
        request.onerror = function () { reject(request.error); };
      });
      opened.catch(function () { opened = null; });
    }
    return opened;
  }

  function withStores(names, mode, work) {
    return openStore().then(function (db) {
      return new Promise(function (resolve, reject) {
        var transaction = db.transaction(names, mode);
        var result = work(transaction);
        transaction.oncomplete = function () { resolve(result && result.result); };
        transaction.onerror = function () { reject(transaction.error); };
        transaction.onabort = function () { reject(transaction.error); };
      });
    });
  }

  function mine(found) {
    return (found || [])
      .filter(function (item) { return item.owner === owner; })
      .sort(function (a, b) { return a.seq - b.seq; });
  }

  function allQueued() {
    return withStores(["queue"], "readonly", function (t) {
      return t.objectStore("queue").getAll();
    }).then(mine);
  }

  function keep(item) {
    return withStores(["queue"], "readwrite", function (t) { t.objectStore("queue").put(item); });
  }

  function drop(key) {
    return withStores(["queue"], "readwrite", function (t) { t.objectStore("queue").delete(key); });
  }

  function newKey() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }

  // -- what the page shows of the queue --------------------------------------------------------

  var shown = null;

  function showNote() {
    var text = notice || (navigator.onLine ? "" : texts.offline);
    note.textContent = text;
    // (style, not the `hidden` attribute: the admin's styles show their boxes whatever it says)
    note.style.display = text ? "" : "none";
    panel.style.display = !text && items.length === 0 ? "none" : "";
    panel.hidden = false;
  }

  function show(found) {
    items = found;
    showNote();
    var now = JSON.stringify(found.map(function (i) {
      return [i.key, i.state, i.reason, i.failures];
    }));
    if (now === shown) return;  // redrawn only when it changed: a button stays under a finger
    shown = now;
    list.innerHTML = "";
    found.forEach(function (item) {
      var li = document.createElement("li");
      li.dataset.state = item.state;
      li.dataset.key = item.key;
      var badge = document.createElement("strong");
      badge.className = "badge";
      badge.textContent = item.state === "refused" ? texts.refused : texts.queued;
      li.appendChild(badge);
      li.appendChild(document.createTextNode(" · " + item.label));
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
        if (item.body.outcome === "win" && handForm) {
          li.appendChild(button(texts.again, "again", function () {
            fillHandForm(item.body.hand || {});
            drop(item.key).then(refresh);
          }));
        }
      }
      list.appendChild(li);
    });
  }

  function reasonLine(text) {
    var reason = document.createElement("p");
    reason.className = "reason";
    reason.textContent = text;
    return reason;
  }

  // A hand the server keeps failing (an error on its side, not the network): it stays queued
  // and is tried again, and the umpire may discard it, the sheet checked.
  function stuck(item) {
    return item.state === "queued" && (item.failures || 0) >= STUCK_AFTER;
  }

  function button(text, action, onClick) {
    var element = document.createElement("button");
    element.type = "button";
    element.className = "button";
    element.style.margin = "0.25em 0.5em 0.25em 0";
    element.dataset.queueAction = action;
    element.textContent = text;
    element.addEventListener("click", onClick);
    return element;
  }

  function refresh() { return allQueued().then(show); }

  function hasQueued() {
    return items.some(function (item) { return item.state === "queued"; });
  }

  // -- keeping a hand --------------------------------------------------------------------------

  function labelOf(number) {
    return labels[number] || texts.hand + " " + number;
  }

  function describe(body) {
    if (body.outcome !== "win") return body.outcome === "time" ? texts.time : texts.draw;
    var hand = body.hand || {};
    var text = hand.winner + (hand.discarder ? " ← " + hand.discarder : " (" + texts.selfDrawn + ")");
    if (hand.points) text += ", " + hand.points;
    else if (hand.win_tile) text += ", " + (hand.concealed || "") + " " + hand.win_tile;
    if (hand.flowers && hand.flowers !== "0") text += " + " + hand.flowers;
    return text;
  }

  function lastQueued(found) {
    var queued = found.filter(function (item) { return item.state === "queued"; });
    return queued.length ? queued[queued.length - 1] : null;
  }

  function numberAfter(previous) {
    if (previous) return previous.number + 1;
    return chain ? chain.number : nextNumber;
  }

  // The hand as the page showed the sheet (`version`), or behind the hand that waits before it
  // (it expects the sheet as that one leaves it), or after the hands this page's queue already
  // recorded. `inboxId`: the service worker's copy of the post, removed in the same step.
  // Read and written in one transaction, as recorded() is: a hand recorded meanwhile is either
  // seen here (gone: this one takes the version it left) or sees this one (and updates it).
  // `posted`: the number the page expected when its form posted it (the service worker's copy:
  // the page shown since may already hold that hand, recorded, its answer lost).
  function enqueue(body, version, inboxId, posted) {
    return withStores(["queue", "inbox"], "readwrite", function (t) {
      var store = t.objectStore("queue");
      store.getAll().onsuccess = function (event) {
        var previous = lastQueued(mine(event.target.result));
        var number = !previous && posted ? posted : numberAfter(previous);
        store.put({
          key: newKey(), owner: owner, seq: Date.now() + Math.random(), state: "queued",
          body: body, number: number, label: labelOf(number) + ": " + describe(body),
          after: previous ? previous.key : null,
          version: previous ? null : (chain ? chain.version : parseInt(version, 10))
        });
        if (inboxId !== undefined) t.objectStore("inbox").delete(inboxId);
      };
    }).then(refresh);
  }

  function handFields(form) {
    var hand = {};
    new FormData(form).forEach(function (value, name) {
      if (name.indexOf("hand-") === 0 && typeof value === "string") hand[name.slice(5)] = value;
    });
    return hand;
  }

  function missing(hand) {
    if (!hand.winner) return texts.noWinner;
    var points = handForm.querySelector("[name='hand-points']");
    if (points && !hand.points) return texts.noPoints;
    return "";
  }

  // The page's own scripts (the tile picker: a winner does not discard to himself) follow the
  // fields' events: they are told of a change made here.
  function announce(form) {
    Array.prototype.forEach.call(form.elements, function (field) {
      field.dispatchEvent(new Event("input", { bubbles: true }));
      field.dispatchEvent(new Event("change", { bubbles: true }));
    });
  }

  function fillHandForm(hand) {
    Array.prototype.forEach.call(handForm.elements, function (field) {
      if (!field.name || field.name.indexOf("hand-") !== 0) return;
      var value = hand[field.name.slice(5)];
      if (field.type === "radio") field.checked = field.value === (value || "");
      else if (field.type === "checkbox") field.checked = !!value;
      else field.value = value === undefined ? "" : value;
    });
    announce(handForm);
    touched = true;
    handForm.scrollIntoView({ block: "start" });
  }

  function afterKept(form) {
    form.reset();
    announce(form);
    touched = false;
  }

  // The queue takes the hand when the network is gone, and behind hands that wait (the order
  // holds); otherwise the form posts as always.
  function queueTakesIt() {
    return storeWorks && (!navigator.onLine || hasQueued() || chain !== null);
  }

  function postAsAlways(form, submitter) {
    bypass = true;
    try { form.requestSubmit(submitter); } finally { bypass = false; }
  }

  function question(outcome) {
    var previous = lastQueued(items);
    var ask = outcome === "time" ? texts.askTime : texts.askDraw;
    return ask.replace("%LABEL%", labelOf(numberAfter(previous)));
  }

  if (handForm) {
    handForm.addEventListener("input", function () { touched = true; });
    handForm.addEventListener("change", function () { touched = true; });
    handForm.addEventListener("submit", function (event) {
      if (bypass || !storeWorks) return;
      var submitter = event.submitter;
      var action = submitter ? submitter.value : "preview";
      if (action === "preview") {
        if (!navigator.onLine) {
          event.preventDefault();
          notice = texts.previewOffline;
          showNote();
        }
        return;
      }
      if (action !== "save" || !queueTakesIt()) return;
      event.preventDefault();
      var hand = handFields(handForm);
      var problem = missing(hand);
      if (problem) { window.alert(problem); return; }
      notice = "";
      enqueue({ outcome: "win", hand: hand }, handForm.elements.version.value).then(
        function () { afterKept(handForm); sendQueued(); },
        function () { postAsAlways(handForm, submitter); }  // not kept: posted at once instead
      );
    });
  }

  function noWinSubmitted(form, confirmed) {
    form.addEventListener("submit", function (event) {
      if (bypass || !queueTakesIt()) return;
      var submitter = event.submitter;
      var outcome = submitter ? submitter.value : "";
      if (outcome !== "draw" && outcome !== "time") return;
      event.preventDefault();
      // The page asks the server first ("Record hand 5 as a draw?"); with no network, here.
      if (!confirmed && !window.confirm(question(outcome))) return;
      enqueue({ outcome: outcome }, form.elements.version.value).then(sendQueued, function () {
        postAsAlways(form, submitter);
      });
    });
  }

  if (noWinForm) noWinSubmitted(noWinForm, false);
  if (confirmForm) noWinSubmitted(confirmForm, true);

  // The page's other forms (penalties, arrivals, signatures...) need the network: with none,
  // they are not posted (what was typed stays) and the umpire is told so.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (navigator.onLine || form === handForm || form === noWinForm || form === confirmForm) {
      return;
    }
    event.preventDefault();
    window.alert(texts.needsNetwork);
  });

  // Each form posts the number of the hand it records, which the server's page ignores: the
  // service worker keeps it with a post that got no answer (see adoptOne).
  [handForm, noWinForm, confirmForm].forEach(function (form) {
    if (!form) return;
    var field = document.createElement("input");
    field.type = "hidden";
    field.name = NUMBER_FIELD;
    field.value = String(nextNumber);
    form.appendChild(field);
  });

  // -- the posts the service worker kept ---------------------------------------------------------

  function adopt() {
    return withStores(["inbox"], "readonly", function (t) {
      return t.objectStore("inbox").getAll();
    }).then(function (found) {
      var mine = (found || []).filter(function (post) {
        return post.path === window.location.pathname;
      }).sort(function (a, b) { return a.at - b.at; });
      return mine.reduce(function (previous, post) {
        return previous.then(function () { return adoptOne(post); });
      }, Promise.resolve());
    });
  }

  function adoptOne(post) {
    var fields = post.fields || {};
    var action = fields.action;
    var hand = {};
    Object.keys(fields).forEach(function (name) {
      if (name.indexOf("hand-") === 0) hand[name.slice(5)] = fields[name];
    });
    var forget = function () {
      return withStores(["inbox"], "readwrite", function (t) {
        t.objectStore("inbox").delete(post.id);
      });
    };
    var posted = parseInt(fields[NUMBER_FIELD], 10) || null;
    if (action === "save") {
      return enqueue({ outcome: "win", hand: hand }, fields.version, post.id, posted);
    }
    if (action === "draw" || action === "time") {
      if (fields.confirm === "yes" || window.confirm(question(action))) {
        return enqueue({ outcome: action }, fields.version, post.id, posted);
      }
      return forget();
    }
    if (action === "preview" && handForm) {  // what was typed comes back into the form
      fillHandForm(hand);
      notice = texts.previewOffline;
      showNote();
    }
    return forget();
  }

  // -- sending, in order -------------------------------------------------------------------------

  function csrfToken() {
    var cookie = document.cookie.split("; ").filter(function (c) {
      return c.indexOf("csrftoken=") === 0;
    })[0];
    if (cookie) return decodeURIComponent(cookie.slice("csrftoken=".length));
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  function answerOf(response) {
    return response.json().then(function (body) {
      var errors = (body && body.errors) || [];
      return {
        code: errors.length ? errors[0].code : "",
        reason: errors.map(function (e) { return e.message; }).join(" ") || response.statusText
      };
    }, function () { return { code: "", reason: response.statusText }; });
  }

  // Recorded: off the queue; the hand waiting behind it now expects the sheet's version this
  // one left.
  // The hands behind it are read again in this transaction: one saved while this one was on
  // its way waits behind it too (the queue read before sending did not hold it).
  function recorded(item, hand, queue) {
    chain = { version: hand.sheet_version, number: hand.number + 1 };
    queue.forEach(function (other) {  // the copies this pass of the queue goes on with
      if (other.after !== item.key) return;
      other.after = null;
      other.version = hand.sheet_version;
    });
    return withStores(["queue"], "readwrite", function (t) {
      var store = t.objectStore("queue");
      store.delete(item.key);
      store.getAll().onsuccess = function (event) {
        event.target.result.forEach(function (other) {
          if (other.after !== item.key) return;
          other.after = null;
          other.version = hand.sheet_version;
          store.put(other);
        });
      };
    });
  }

  function refuse(item, reason) {
    item.state = "refused";
    item.reason = reason;
    return keep(item);
  }

  function sendOne(item, queue) {
    var headers = {
      "Content-Type": "application/json",
      "Accept": "application/json",
      "X-CSRFToken": csrfToken(),
      "Idempotency-Key": item.key,
      "If-Match": '"' + item.version + '"'
    };
    return fetch(texts.sendUrl, {
      // The number the page expected: a post of the page whose answer was lost, found recorded.
      method: "POST", headers: headers,
      body: JSON.stringify(Object.assign({ number: item.number }, item.body)),
      credentials: "same-origin"
    }).then(function (response) {
      if (response.status === 200 || response.status === 201) {
        return response.json().then(function (hand) {
          return recorded(item, hand, queue).then(function () { return "sent"; });
        });
      }
      if (response.status >= 400 && response.status < 500 && !WAIT[response.status]) {
        return answerOf(response).then(function (answer) {
          if (answer.code === "not_signed_in") {  // logged out: it waits for the next login
            notice = answer.reason;
            return "later";
          }
          return refuse(item, answer.reason).then(function () { return "refused"; });
        });
      }
      return failed(item, response);
    });
  }

  // The server is in trouble, or asks to wait (408, 429): the hand is tried again later, its
  // failures counted (see stuck()).
  function failed(item, response) {
    item.failures = (item.failures || 0) + 1;
    item.lastStatus = (response.status + " " + response.statusText).trim();
    return keep(item).then(function () { return "later"; });
  }

  // A GET of the sheet, also when the page shown is the answer to a post (a form's errors):
  // reloading that would post it again.
  function readAgain() {
    window.location.replace(window.location.href.split("#")[0]);
  }

  function sendQueued() {
    if (sending || !storeWorks || !navigator.onLine) return Promise.resolve();
    sending = true;
    var changed = false;
    return allQueued().then(function (queue) {
      var present = {};
      var refused = {};
      queue.forEach(function (item) {
        present[item.key] = true;
        if (item.state === "refused") refused[item.key] = true;
      });
      var waiting = queue.filter(function (item) { return item.state === "queued"; });
      return waiting.reduce(function (previous, item) {
        return previous.then(function (go) {
          if (!go) return false;
          if (item.after && (refused[item.after] || !present[item.after])) {
            // Saved behind a hand the sheet refused: never recorded on a sheet it did not see.
            refused[item.key] = true;
            changed = true;
            return refuse(item, texts.afterRefused).then(function () { return true; });
          }
          return sendOne(item, queue).then(function (outcome) {
            if (outcome === "refused") refused[item.key] = true;
            if (outcome !== "later") { changed = true; notice = ""; }
            return outcome !== "later";
          });
        });
      }, Promise.resolve(true));
    }).catch(function () { /* the network dropped: the queue waits */ })
      .then(function () {
        sending = false;
        // A hand recorded or refused: the page is read again (the sheet as it is now, the
        // forms' new version), unless the umpire is entering one; the refused stay listed.
        if (changed && !touched) { readAgain(); return null; }
        return refresh();
      });
  }

  // -- the page offline --------------------------------------------------------------------------

  function keepPageOffline() {
    if (!("serviceWorker" in navigator) || !texts.worker) return;
    var controlled = !!navigator.serviceWorker.controller;
    navigator.serviceWorker.register(texts.worker, { scope: texts.scope })
      .then(function () { return navigator.serviceWorker.ready; })
      .then(function (registration) {
        var files = performance.getEntriesByType("resource").map(function (entry) {
          return entry.name;
        }).filter(function (url) { return url.indexOf(window.location.origin + "/") === 0; });
        var channel = new MessageChannel();
        channel.port1.onmessage = function () { panel.dataset.kept = "yes"; };
        // Not yet under the worker (its first visit): the page is kept now, as it is.
        registration.active.postMessage(
          { page: controlled ? null : window.location.pathname, files: files },
          [channel.port2]
        );
      })
      .catch(function () { /* no worker: the page needs the network */ });
  }

  // Shown between the hands recorded and the form that saves the next ones.
  var addHand = document.getElementById("add-hand");
  if (addHand) addHand.parentNode.insertBefore(panel, addHand);

  window.addEventListener("online", function () { showNote(); sendQueued(); });
  window.addEventListener("offline", showNote);
  window.setInterval(sendQueued, RETRY_SECONDS * 1000);
  if (window.indexedDB) {
    openStore().then(function () {
      storeWorks = true;
      return adopt().then(refresh).then(sendQueued);
    }).catch(function () { /* private mode, no room: the forms post as they are */ });
  }
  showNote();
  keepPageOffline();
})();
