// The journal as an app on a phone: registers the service worker (sw.js), says when a page is
// this phone's saved copy, keeps what is written offline in IndexedDB and sends it, once,
// when the connection is back, and hands files shared to Daybook to the New-entry form.
"use strict";
(() => {
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});

  async function withStore(name, mode, work) {
    const db = await daybookOpenDB();
    try {
      return await new Promise((resolve, reject) => {
        const transaction = db.transaction(name, mode);
        let result;
        const request = work(transaction.objectStore(name));
        if (request) request.onsuccess = () => (result = request.result);
        transaction.oncomplete = () => resolve(result);
        transaction.onerror = () => reject(transaction.error);
        transaction.onabort = () => reject(transaction.error);
      });
    } finally {
      db.close();
    }
  }

  const queued = () => withStore("queue", "readonly", (store) => store.getAll());
  const save = (record) => withStore("queue", "readwrite", (store) => store.put(record));
  const forget = (key) => withStore("queue", "readwrite", (store) => store.delete(key));

  // The banner at the top of the page: whether this is a saved copy, and what waits to be sent.
  function bannerLine(name) {
    let banner = document.querySelector(".offline-banner");
    if (!banner) {
      banner = document.createElement("div");
      banner.className = "offline-banner";
      banner.setAttribute("role", "status");
      document.body.insertBefore(banner, document.body.firstChild);
    }
    let line = banner.querySelector("." + name);
    if (!line) {
      line = document.createElement("p");
      line.className = name;
      if (name === "saved") banner.insertBefore(line, banner.firstChild);
      else banner.appendChild(line);
    }
    return line;
  }

  function showSavedCopy() {
    const meta = document.querySelector('meta[name="daybook-saved"]');
    if (!meta) return;
    const when = new Date(meta.content);
    const saved = isNaN(when) ? "" : " (saved " + when.toLocaleString([], { dateStyle: "medium", timeStyle: "short" }) + ")";
    bannerLine("saved").textContent = "Offline — showing what this phone saved" + saved;
  }

  async function showWaiting() {
    const count = (await queued()).length;
    if (count === 0) {
      const line = document.querySelector(".offline-banner .waiting");
      if (line) line.remove();
      const banner = document.querySelector(".offline-banner");
      if (banner && !banner.firstChild) banner.remove();
      return;
    }
    bannerLine("waiting").textContent =
      count === 1 ? "1 change is waiting to be sent" : count + " changes are waiting to be sent";
  }

  function field(form, name) {
    const element = form.elements.namedItem(name);
    return element ? element.value : "";
  }

  function said(form, text) {
    let line = form.querySelector(".queued");
    if (!line) {
      line = document.createElement("p");
      line.className = "message queued";
      line.setAttribute("role", "status");
      form.insertBefore(line, form.firstChild);
    }
    line.textContent = text;
  }

  // Offline, the New-entry form and the entry's text form are kept here instead of posted:
  // in the capture phase, before the form's own scripts, which then see nothing.
  document.addEventListener(
    "submit",
    (event) => {
      if (navigator.onLine) return;
      const form = event.target;
      const path = new URL(form.action, location.href).pathname;
      let record;
      if (form.matches("form.newentry")) {
        const files = Array.from(form.daybookFiles || []).map((file) => ({ file, idempotencyKey: crypto.randomUUID() }));
        record = { kind: "new", text: field(form, "text"), date: field(form, "date"), tags: field(form, "tags"), files };
      } else if (form.matches("form.text") && /^\/entries\/[^/]+\/text$/.test(path)) {
        record = { kind: "text", action: path, version: field(form, "version"), text: field(form, "text") };
      } else {
        return;
      }
      event.preventDefault();
      event.stopImmediatePropagation();
      // A form that showed a conflict keeps the key of the change it came from: one change, not two.
      record.key = form.dataset.queued || crypto.randomUUID();
      record.queuedAt = Date.now();
      save(record).then(() => {
        if (record.kind === "new") form.reset();
        said(form, "Saved on this phone: it will be sent when the connection is back.");
        showWaiting();
      });
    },
    true,
  );

  // The CSRF token changes with each start of the server: a queued change takes a fresh one.
  async function freshToken() {
    const answer = await fetch("/app/csrf", { cache: "no-store" });
    if (!answer.ok) throw new Error("no token: " + answer.status);
    return (await answer.json()).csrf;
  }

  async function sendNew(record, csrf) {
    for (const item of record.files) {
      if (item.entry) continue;
      const answer = await fetch("/uploads", {
        method: "POST",
        headers: {
          "X-Daybook-CSRF": csrf,
          "X-Daybook-File-Name": encodeURIComponent(item.file.name || "shared"),
          "Idempotency-Key": item.idempotencyKey,
        },
        body: item.file,
      });
      if (!answer.ok) return answer;
      item.entry = (await answer.json()).entry;
      // Kept as soon as known: a later failure does not send this file again.
      await save(record);
    }
    const body = new URLSearchParams({ csrf, text: record.text, date: record.date, tags: record.tags, key: record.key });
    for (const item of record.files) body.append("photo", item.entry);
    return fetch("/new", { method: "POST", body });
  }

  function sendText(record, csrf) {
    const body = new URLSearchParams({ csrf, version: record.version, text: record.text });
    return fetch(record.action, { method: "POST", body });
  }

  // The existing conflict page in this page's place: both texts, and the person chooses. The
  // change stays queued until they have.
  function showConflict(record, html) {
    const page = new DOMParser().parseFromString(html, "text/html");
    const main = page.querySelector("main");
    if (!main) return;
    const shown = document.importNode(main, true);
    document.querySelector("main").replaceWith(shown);
    document.title = page.title;
    const form = shown.querySelector("form.text");
    if (form) {
      form.dataset.queued = record.key;
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        forget(record.key).then(() => form.submit());
      });
    }
    for (const link of shown.querySelectorAll("a[href]")) {
      link.addEventListener("click", (event) => {
        event.preventDefault();
        forget(record.key).then(() => location.assign(link.href));
      });
    }
  }

  // Sends the queue in the order it was written. Web Locks keep two tabs from sending the
  // same change at once; the server's key makes a change sent twice count once anyway.
  async function sendQueue() {
    const records = (await queued()).sort((a, b) => a.queuedAt - b.queuedAt);
    if (records.length === 0) return;
    const csrf = await freshToken();
    let conflictShown = false;
    for (const record of records) {
      const answer = record.kind === "new" ? await sendNew(record, csrf) : await sendText(record, csrf);
      if (answer.ok) {
        await forget(record.key);
      } else if (answer.status === 409 && record.kind === "text") {
        if (!conflictShown) showConflict(record, await answer.text());
        conflictShown = true;
      } else {
        record.problem = answer.status + " " + (await answer.text()).slice(0, 200);
        await save(record);
      }
    }
  }

  let sending = null;
  function send() {
    if (!navigator.onLine || sending) return sending;
    const run = () => sendQueue().catch(() => {});
    sending = (navigator.locks ? navigator.locks.request("daybook-queue", run) : run()).finally(() => {
      sending = null;
      showWaiting();
    });
    return sending;
  }

  // Files shared to Daybook (sw.js kept them) go to the New-entry form, which its own script
  // shows and uploads.
  async function handOverShared() {
    const form = document.querySelector("form.newentry");
    if (!form || !new URLSearchParams(location.search).has("shared")) return;
    const records = await withStore("shared", "readwrite", (store) => {
      const request = store.getAll();
      store.clear();
      return request;
    });
    const files = records.flatMap((record) => record.files);
    const text = records.map((record) => record.text).filter(Boolean).join("\n");
    const area = form.elements.namedItem("text");
    if (text && area && !area.value) area.value = text;
    if (files.length) form.dispatchEvent(new CustomEvent("daybook:add-files", { detail: files, bubbles: true }));
  }

  window.addEventListener("online", send);
  showSavedCopy();
  handOverShared().catch(() => {});
  showWaiting()
    .then(send)
    .catch(() => {});
})();
