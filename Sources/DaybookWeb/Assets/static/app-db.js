// The app's one IndexedDB database, shared by the pages (pwa.js) and the service worker
// (sw.js): "queue" holds the changes waiting to be sent, by their key; "shared" the files the
// share sheet sent, until the New-entry page takes them.
function daybookOpenDB() {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open("daybook", 1);
    open.onupgradeneeded = () => {
      open.result.createObjectStore("queue", { keyPath: "key" });
      open.result.createObjectStore("shared", { autoIncrement: true });
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
}
