// "Remind me every morning" on the on-this-day page: subscribes this browser to the morning
// reminder by Web Push (docs/reminders.md, "Web Push"). Offered only where a browser can take
// it, a secure context with a service worker and PushManager; elsewhere the section stays
// hidden. The notification itself is the service worker's (sw.js, its `push` handler).
"use strict";

(() => {
  const section = document.getElementById("remind");
  if (!section || !window.isSecureContext || !("serviceWorker" in navigator) || !("PushManager" in window)) return;
  const state = section.querySelector(".remind-state");
  const on = section.querySelector(".remind-on");
  const off = section.querySelector(".remind-off");
  const tokenMeta = document.querySelector('meta[name="daybook-csrf"]');
  const token = tokenMeta ? tokenMeta.content : "";
  const SUBSCRIBED = "You will be reminded every morning.";

  // Words go in as text, never as HTML: an error's message is the server's or the browser's.
  function show(subscribed, text) {
    state.textContent = text;
    on.hidden = subscribed;
    off.hidden = !subscribed;
  }

  async function post(url, body) {
    const response = await fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-Daybook-CSRF": token },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error((await response.text()).trim() || "the journal answered " + response.status);
    return response.json();
  }

  // The key as pushManager.subscribe takes it: the bytes of the server's base64url.
  function keyBytes(base64url) {
    const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((base64url.length + 3) % 4);
    return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
  }

  async function subscribe() {
    const permission = await Notification.requestPermission();
    if (permission !== "granted") {
      show(false, "Notifications are blocked for this journal: allow them in the browser's settings, then try again.");
      return;
    }
    const answer = await fetch(section.dataset.key, { credentials: "same-origin" });
    if (!answer.ok) throw new Error((await answer.text()).trim());
    const { key } = await answer.json();
    const registration = await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
    await post(section.dataset.subscribe, subscription.toJSON());
    show(true, SUBSCRIBED);
  }

  async function unsubscribe() {
    const registration = await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.getSubscription();
    if (subscription) {
      await post(section.dataset.unsubscribe, { endpoint: subscription.endpoint });
      await subscription.unsubscribe();
    }
    show(false, "The morning reminder is off on this browser.");
  }

  function whenClicked(button, action, subscribedOnFailure, failure) {
    button.addEventListener("click", async () => {
      button.disabled = true;
      try {
        await action();
      } catch (error) {
        show(subscribedOnFailure, failure + (error && error.message ? error.message : String(error)));
      } finally {
        button.disabled = false;
      }
    });
  }

  whenClicked(on, subscribe, false, "Not subscribed: ");
  whenClicked(off, unsubscribe, true, "Not turned off: ");
  section.hidden = false;
  navigator.serviceWorker.ready
    .then((registration) => registration.pushManager.getSubscription())
    .then((subscription) => {
      if (subscription) show(true, SUBSCRIBED);
    })
    .catch(() => {});
})();
