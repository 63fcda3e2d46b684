/* The service worker of the umpire's score-sheet pages (its scope: the admin, which the header
   Service-Worker-Allowed opens to it; it handles the score sheets' pages, nothing else).

   - A sheet's page is read from the network and its copy kept; with no network (or a server
     error) the last copy is shown, with the page's style and scripts.
   - A post of the sheet's hand form or of its draw / time-limit buttons passes through as
     it is; when it gets no answer (or a server error), what was posted is kept on the device
     for the page's queue (player_entry/umpire_queue.js), and the page is shown again, where
     the queue lists it.
   - The admin's login page and its logout forget the pages kept: the next login on this
     device never sees another's copy (the queue's hands are kept per login by the page). */
"use strict";
const CACHE = "mcr-umpire-{{ cache_version }}";
const SHEETS = "{{ sheets|escapejs }}";
const STATIC = "{{ static_url|escapejs }}";
const SHEET_PAGE = /^\d+\/change\/$/;
const KEPT_ACTIONS = ["save", "draw", "time", "preview"];
const FORGET_AT = [{% for path in forget_at %}"{{ path|escapejs }}"{% if not forloop.last %}, {% endif %}{% endfor %}];

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((key) => key.startsWith("mcr-umpire-") && key !== CACHE)
          .map((key) => caches.delete(key))
      ))
      .then(() => self.clients.claim())
  );
});

function isSheetPage(url) {
  return url.pathname.startsWith(SHEETS) && SHEET_PAGE.test(url.pathname.slice(SHEETS.length));
}

function pageKey(url) {
  return url.origin + url.pathname;  // the list's filters in the query string are the same page
}

// -- the page and its files -----------------------------------------------------------------------

// The page asks, once it is shown: its files (and, on its first visit, the page itself) kept.
self.addEventListener("message", (event) => {
  const data = event.data || {};
  const files = (data.files || []).filter((url) => new URL(url).pathname.startsWith(STATIC));
  const work = caches.open(CACHE).then((cache) => Promise.all([
    data.page ? cache.add(new URL(data.page, self.location.origin).href).catch(() => null) : null,
    ...files.map((url) => cache.match(url).then((copy) => copy || cache.add(url).catch(() => null))),
  ])).then(() => {
    if (event.ports && event.ports[0]) event.ports[0].postMessage("kept");
  });
  event.waitUntil(work);
});

function pageFromNetworkElseCopy(request, url) {
  const copy = () => caches.match(pageKey(url));
  return fetch(request)
    .then((response) => {
      if (response.ok && response.type === "basic" && !response.redirected) {
        const kept = response.clone();
        caches.open(CACHE).then((cache) => cache.put(pageKey(url), kept));
        return response;
      }
      if (response.status >= 500) return copy().then((found) => found || response);
      return response;
    })
    .catch(() => copy().then((found) => found || Response.error()));
}

function fileFromCopyElseNetwork(event) {
  const request = event.request;
  const fromNetwork = fetch(request).then((response) => {
    if (response.ok) {
      const kept = response.clone();
      caches.open(CACHE).then((cache) => cache.put(request, kept));
    }
    return response;
  });
  return caches.match(request).then((copy) => {
    if (!copy) return fromNetwork;
    event.waitUntil(fromNetwork.catch(() => null));  // refreshed for the next time
    return copy;
  });
}

// -- posts the network did not take ---------------------------------------------------------------

function openStore() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open("mcr-umpire-queue", 1);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains("queue")) db.createObjectStore("queue", { keyPath: "key" });
      if (!db.objectStoreNames.contains("inbox")) db.createObjectStore("inbox", { keyPath: "id" });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

// What the form posted, for the page's queue: true when kept.
function keepPost(copy, url) {
  return copy.formData().then((data) => {
    if (!KEPT_ACTIONS.includes(data.get("action"))) return false;
    const fields = {};
    data.forEach((value, name) => {
      if (name !== "csrfmiddlewaretoken" && typeof value === "string") fields[name] = value;
    });
    const post = { id: `${Date.now()}-${Math.random()}`, path: url.pathname, at: Date.now(), fields };
    return openStore().then((db) => new Promise((resolve, reject) => {
      const transaction = db.transaction("inbox", "readwrite");
      transaction.objectStore("inbox").put(post);
      transaction.oncomplete = () => resolve(true);
      transaction.onerror = () => reject(transaction.error);
    }));
  }).catch(() => false);
}

function postElseKept(request, url) {
  const copy = request.clone();
  const backToPage = () => Response.redirect(pageKey(url), 303);
  return fetch(request).then(
    (response) => {
      if (response.status < 500) return response;
      return keepPost(copy, url).then((kept) => (kept ? backToPage() : response));
    },
    () => keepPost(copy, url).then((kept) => (kept ? backToPage() : Response.error()))
  );
}

// The pages kept, not their files (the same for every login).
function forgetPages() {
  return caches.open(CACHE).then((cache) => cache.keys().then((requests) => Promise.all(
    requests.filter((kept) => !new URL(kept.url).pathname.startsWith(STATIC))
      .map((kept) => cache.delete(kept))
  )));
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && FORGET_AT.includes(url.pathname)) {
    event.waitUntil(forgetPages());  // the request itself goes on as the browser sends it
    return;
  }
  if (request.mode === "navigate" && isSheetPage(url)) {
    if (request.method === "GET") event.respondWith(pageFromNetworkElseCopy(request, url));
    else if (request.method === "POST") event.respondWith(postElseKept(request, url));
  } else if (request.method === "GET" && url.pathname.startsWith(STATIC)) {
    event.respondWith(fileFromCopyElseNetwork(event));
  }
});
