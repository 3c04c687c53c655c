"use strict";
(function () {
  const months = ["January", "February", "March", "April", "May", "June", "July", "August",
    "September", "October", "November", "December"];
  const days = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
  const timeline = document.getElementById("timeline");
  const older = document.getElementById("older");
  if (!timeline || !older || !("IntersectionObserver" in window)) return;
  let cursor = older.dataset.before;
  let loading = false;

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }
  function parts(local) {
    const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local || "");
    if (!m) return null;
    const weekday = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])).getUTCDay();
    return { month: months[+m[2] - 1] + " " + +m[1],
      day: days[weekday] + " " + +m[3] + " " + months[+m[2] - 1] + " " + +m[1], time: m[4] + ":" + m[5] };
  }
  // As the server's tile names a place: its name and country when the place data named it.
  function place(e) {
    if (e.latitude === null || e.latitude === undefined) return null;
    if (e.place_country) return [e.place_name, e.place_country].filter(Boolean).join(", ");
    const lat = Math.abs(e.latitude).toFixed(5) + "° " + (e.latitude < 0 ? "S" : "N");
    const lon = Math.abs(e.longitude).toFixed(5) + "° " + (e.longitude < 0 ? "W" : "E");
    return lat + ", " + lon;
  }
  // As DurationText.clock writes it (the badge tile.mustache gives): "0:12", "4:05", "1:02:03".
  function duration(seconds) {
    if (typeof seconds !== "number" || !isFinite(seconds) || seconds < 0) return null;
    if (seconds === 0) return "0:00";
    const total = Math.round(seconds);
    const two = function (n) { return (n < 10 ? "0" : "") + n; };
    const hours = Math.floor(total / 3600), minutes = Math.floor(total / 60) % 60;
    if (hours === 0) return minutes + ":" + two(total % 60);
    return hours + ":" + two(minutes) + ":" + two(total % 60);
  }
  function tile(e) {
    const p = parts(e.captured_local);
    const li = el("li", "tile");
    li.dataset.id = e.id;
    const link = el("a");
    link.href = "/entries/" + encodeURIComponent(e.id);
    if (e.media === "video") {
      // The ▶ badge tile.mustache gives a video's tile.
      link.className = "video";
      const length = duration(e.duration_seconds);
      const badge = el("span", "badge", "▶" + (length ? " " + length : ""));
      badge.title = "Video";
      link.appendChild(badge);
    }
    const alt = "Photo" + (p ? " of " + p.day : "") + (place(e) ? " at " + place(e) : "");
    const first = (e.text || "").split("\n")[0];
    const excerpt = first.length > 140 ? first.slice(0, 139) + "…" : first;
    if (e.thumbnail && e.thumbnail_width && e.thumbnail_height) {
      const img = el("img");
      img.loading = "lazy";
      img.src = "/thumbnails/" + encodeURIComponent(e.thumbnail);
      img.width = e.thumbnail_width;
      img.height = e.thumbnail_height;
      img.alt = alt;
      link.appendChild(img);
    } else {
      // Words alone have no picture to stand in for: their box shows the title, as tile.mustache's.
      // A photo known from its journal file alone is on another device: said, as tile.mustache says it.
      const words = e.media === "text" ? excerpt : e.photo_elsewhere ? "The photo is on another device" : alt;
      link.appendChild(el("span", "noimage", words));
    }
    li.appendChild(link);
    const meta = el("div", "meta");
    const day = el("a", "day", p ? p.day : "No date");
    day.setAttribute("href", link.getAttribute("href"));
    meta.appendChild(day);
    if (p) { meta.appendChild(document.createTextNode(" ")); meta.appendChild(el("span", "time", p.time)); }
    if (place(e)) meta.appendChild(el("div", "place", place(e)));
    const w = e.weather;
    if (w) {
      const words = [];
      if (w.temperature_c !== null && w.temperature_c !== undefined) words.push(Math.round(w.temperature_c) + " °C");
      if (w.weather_text) words.push(w.weather_text);
      if (words.length) meta.appendChild(el("div", "weather", words.join(", ")));
    }
    if (first && e.media !== "text") meta.appendChild(el("p", "excerpt", excerpt));
    if (e.tags && e.tags.length) {
      const ul = el("ul", "tags");
      e.tags.slice(0, 5).forEach(function (t) { ul.appendChild(el("li", "tag" + (t.source === "user" ? " user" : ""), t.name)); });
      meta.appendChild(ul);
    }
    li.appendChild(meta);
    return li;
  }
  function sectionFor(title) {
    const sections = timeline.querySelectorAll("section.month");
    const last = sections[sections.length - 1];
    if (last && last.querySelector("h2").textContent === title) return last.querySelector("ul.tiles");
    const section = el("section", "month");
    section.appendChild(el("h2", null, title));
    const ul = el("ul", "tiles");
    section.appendChild(ul);
    timeline.appendChild(section);
    return ul;
  }
  function more() {
    if (loading || !cursor) return;
    loading = true;
    fetch(timeline.dataset.api + "?limit=60&before=" + encodeURIComponent(cursor), { credentials: "same-origin" })
      .then(function (r) { if (!r.ok) throw new Error("HTTP " + r.status); return r.json(); })
      .then(function (page) {
        page.entries.forEach(function (e) {
          const p = parts(e.captured_local);
          sectionFor(p ? p.month : "Undated").appendChild(tile(e));
        });
        cursor = page.next_before;
        if (cursor) { older.href = "/?before=" + encodeURIComponent(cursor); older.dataset.before = cursor; }
        else { older.remove(); }
        loading = false;
      })
      .catch(function () { loading = false; cursor = null; });
  }
  new IntersectionObserver(function (seen) { if (seen.some(function (s) { return s.isIntersecting; })) more(); },
    { rootMargin: "800px" }).observe(older);
})();