// Daybook's service worker, served as /sw.js so that its scope is the whole journal.
// Pages come from the network first and from this phone's saved copy when there is none;
// the app's own files are saved at install. The server puts a hash of every file the app is
// made of in VERSION, so a changed file gives a changed worker, which the browser installs
// in place of this one.
"use strict";

const VERSION = "__DAYBOOK_VERSION__";
const SHELL = "daybook-shell-" + VERSION;
// Pages and pictures outlive an update: what was read stays readable.
const PAGES = "daybook-pages";
const IMAGES = "daybook-images";
const SHELL_FILES = [
  "/offline",
  "/static/daybook.css",
  "/static/pwa.js",
  "/static/timeline.js",
  // The New-entry form's photo picker: photos chosen offline wait with the entry.
  "/static/new-entry.js",
  "/manifest.webmanifest",
  "/icons/icon-192.png",
];
// The last this many entry pages, other pages and pictures; the oldest saved go first.
const ENTRY_PAGE_LIMIT = 200;
const OTHER_PAGE_LIMIT = 50;
const IMAGE_LIMIT = 400;
// Answers that are a person's own or one moment's: never kept.
const NEVER_SAVED = ["/uploads", "/login", "/share", "/sw.js", "/app/"];
const SAVED_HEADER = "X-Daybook-Saved";

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const shell = await caches.open(SHELL);
      await shell.addAll(SHELL_FILES);
      // The New-entry form, so that writing works offline before it was ever opened; a
      // read-only journal has none, which must not stop the install.
      await savePage(new Request("/new"), await fetch("/new").catch(() => null));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("daybook-shell-") && name !== SHELL) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && url.pathname === "/share") {
    event.respondWith(receiveShare(request));
    return;
  }
  if (request.method !== "GET") return;
  if (NEVER_SAVED.some((path) => url.pathname.startsWith(path))) return;
  if (SHELL_FILES.includes(url.pathname) && url.search === "") {
    event.respondWith(fromShell(request));
  } else if (request.mode === "navigate") {
    event.respondWith(page(request));
  } else if (url.pathname.startsWith("/thumbnails/") || url.pathname.startsWith("/previews/")) {
    event.respondWith(image(request));
  }
});

async function fromShell(request) {
  const saved = await caches.match(request, { cacheName: SHELL });
  return saved || fetch(request);
}

/// Network first; the saved copy, marked as one, when the network fails; else the offline page.
async function page(request) {
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    const saved = await caches.match(request, { cacheName: PAGES, ignoreVary: true });
    if (saved) return markedAsSaved(saved);
    return (await caches.match("/offline", { cacheName: SHELL })) || Response.error();
  }
  await savePage(request, response.clone());
  return response;
}

function savable(response) {
  if (!response || !response.ok || response.type !== "basic" || response.redirected) return false;
  return !/no-store/i.test(response.headers.get("Cache-Control") || "");
}

async function savePage(request, response) {
  if (!savable(response)) return;
  const headers = new Headers(response.headers);
  headers.set(SAVED_HEADER, new Date().toISOString());
  headers.delete("Content-Length");
  const copy = new Response(await response.blob(), { status: response.status, headers });
  await keep(PAGES, request, copy);
}

/// The saved page with a meta tag that says when it was saved, which pwa.js turns into the
/// offline banner (a page cannot see the headers of its own answer).
async function markedAsSaved(saved) {
  const when = saved.headers.get(SAVED_HEADER) || "";
  const html = await saved.text();
  const meta = '<meta name="daybook-saved" content="' + when.replace(/[^0-9A-Za-z:.\-]/g, "") + '">';
  const headers = new Headers(saved.headers);
  headers.delete("Content-Length");
  return new Response(html.replace("<head>", "<head>\n" + meta), { status: 200, headers });
}

/// Thumbnails and previews never change under one name: saved once, then read from here.
async function image(request) {
  const saved = await caches.match(request, { cacheName: IMAGES });
  if (saved) return saved;
  const response = await fetch(request);
  if (savable(response)) await keep(IMAGES, request, response.clone());
  return response;
}

// Saves and trims one at a time, so that two pages loading at once count the same entries.
let queue = Promise.resolve();
function keep(cacheName, request, response) {
  queue = queue.then(() => keepNow(cacheName, request, response)).catch(() => {});
  return queue;
}

async function keepNow(cacheName, request, response) {
  const cache = await caches.open(cacheName);
  // Put again, a page moves to the end: the keys are in the order they were last saved.
  await cache.delete(request, { ignoreVary: true });
  await cache.put(request, response);
  const keys = await cache.keys();
  if (cacheName === IMAGES) return trim(cache, keys, IMAGE_LIMIT);
  const isEntry = (key) => new URL(key.url).pathname.startsWith("/entries/");
  await trim(cache, keys.filter(isEntry), ENTRY_PAGE_LIMIT);
  await trim(cache, keys.filter((key) => !isEntry(key) && new URL(key.url).pathname !== "/new"), OTHER_PAGE_LIMIT);
}

async function trim(cache, keys, limit) {
  for (const key of keys.slice(0, Math.max(0, keys.length - limit))) await cache.delete(key);
}

/// The share sheet's POST: its files wait in IndexedDB for the New-entry page (pwa.js), which
/// hands them to the form.
async function receiveShare(request) {
  const form = await request.formData();
  const files = form.getAll("files").filter((value) => typeof value !== "string");
  const text = [form.get("title"), form.get("text"), form.get("url")].filter((value) => typeof value === "string" && value);
  if (files.length || text.length) {
    const db = await daybookOpenDB();
    await new Promise((resolve, reject) => {
      const transaction = db.transaction("shared", "readwrite");
      transaction.objectStore("shared").add({ files, text: text.join("\n"), at: Date.now() });
      transaction.oncomplete = resolve;
      transaction.onerror = () => reject(transaction.error);
    });
    db.close();
  }
  return Response.redirect("/new?shared=1", 303);
}


// The morning reminder (`daybook remind`, docs/reminders.md): its payload is
// {"title", "body", "url", "icon"}, written by the reminder's push channel (PushChannel.swift).
// Every field is checked: a push message is the push service's to deliver, and this one shows
// words only, as text.
const REMINDER_PAGE = "/on-this-day";
self.addEventListener("push", (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch (error) {
    payload = {};
  }
  const text = (value, fallback) => (typeof value === "string" && value ? value : fallback);
  event.waitUntil(
    self.registration.showNotification(text(payload.title, "On this day"), {
      body: text(payload.body, ""),
      icon: text(payload.icon, "/icons/icon-192.png"),
      // A morning's reminder replaces the last one not read.
      tag: "daybook-remind",
      data: { url: text(payload.url, REMINDER_PAGE) },
    }),
  );
});

// A tap opens the day's page: the window that shows it if there is one, else a new one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  let target;
  try {
    target = new URL((event.notification.data && event.notification.data.url) || REMINDER_PAGE, self.location.origin);
  } catch (error) {
    target = new URL(REMINDER_PAGE, self.location.origin);
  }
  if (target.protocol !== "https:" && target.protocol !== "http:") target = new URL(REMINDER_PAGE, self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => client.url === target.href);
      if (open) return open.focus();
      return self.clients.openWindow(target.href);
    })(),
  );
});
