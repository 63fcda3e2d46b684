{% load static %}/* The service worker of a player's table page: once the page has been opened, it opens
   again with no network (its last copy), with its style and script. Writes are never
   handled here: the page's queue keeps them (IndexedDB) and sends them itself. */
"use strict";
const CACHE = "mcr-table-{{ cache_version }}";
const PAGE = "{% url 'player-entry-table' %}";
const ASSETS = [
  "{% static 'player_entry/table.css' %}", "{% static 'player_entry/table.js' %}",
  "{% static 'tournaments/tile_picker.js' %}"
];

self.addEventListener("install", (event) => {
  // The page too, as it is now: the phone that just opened it may lose the network at once.
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(ASSETS).then(() => cache.add(PAGE).catch(() => null)))
      .then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((key) => key.startsWith("mcr-table-") && key !== CACHE)
          .map((key) => caches.delete(key))
      ))
      .then(() => self.clients.claim())
  );
});

function pageFromNetworkElseCopy(request) {
  return fetch(request)
    .then((response) => {
      if (response.ok && !response.redirected) {
        const copy = response.clone();
        caches.open(CACHE).then((cache) => cache.put(PAGE, copy));
      }
      return response;
    })
    .catch(() => caches.match(PAGE).then((copy) => copy || Response.error()));
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && url.pathname === PAGE) {
    event.respondWith(pageFromNetworkElseCopy(request));
  } else if (ASSETS.includes(url.pathname)) {
    event.respondWith(caches.match(request).then((copy) => copy || fetch(request)));
  }
});
