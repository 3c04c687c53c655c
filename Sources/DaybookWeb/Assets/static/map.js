(function () {
  const element = document.getElementById("map");
  if (!element) return;
  // Leaflet's files were there when the server started but did not load: say so
  // rather than leave a blank page.
  if (!window.L || !L.markerClusterGroup) {
    document.getElementById("mapneeds").hidden = false;
    return;
  }
  const panel = document.getElementById("cluster");
  const grid = document.getElementById("clustergrid");
  const title = document.getElementById("clustertitle");
  const more = document.getElementById("clustermore");
  const map = daybookBaseMap(element);
  map.setView([20, 0], 2);
  function entryLink(id) { return element.dataset.entries + encodeURIComponent(id) + element.dataset.entrySuffix; }
  function newestFirst(a, b) {
    return (b.captured_local || "").localeCompare(a.captured_local || "") || a.id.localeCompare(b.id);
  }
  function tile(p) {
    const li = document.createElement("li");
    li.className = "tile";
    const a = document.createElement("a");
    a.href = entryLink(p.id);
    const label = p.captured_local ? p.captured_local.slice(0, 10) : "No date";
    if (p.thumbnail) {
      const img = document.createElement("img");
      img.loading = "lazy";
      img.src = element.dataset.thumbnails + encodeURIComponent(p.thumbnail);
      img.alt = "Photo of " + label;
      a.appendChild(img);
    }
    const caption = document.createElement("span");
    caption.className = "day";
    caption.textContent = label;
    a.appendChild(caption);
    // textContent, never innerHTML: the name comes from the place data and the photo.
    const where = document.createElement("span");
    where.className = "place";
    where.textContent = p.place;
    a.appendChild(where);
    li.appendChild(a);
    return li;
  }
  function titled(places, count) {
    const names = places.map(function (p) { return p.place; }).filter(function (n, i, all) { return all.indexOf(n) === i; });
    title.textContent = (names.length === 1 && places.length === count ? names[0] + ": " : "") + count +
      (count === 1 ? " entry" : " entries") + (count > 1 ? ", newest first" : "");
  }
  // The entries under markers the browser has (a point, or a cluster of points).
  function showGrid(places) {
    places = places.slice().sort(newestFirst);
    more.hidden = true;
    grid.replaceChildren.apply(grid, places.map(tile));
    titled(places, places.length);
    panel.hidden = false;
  }
  // A cell of the server's grid: its entries a page at a time, newest first.
  let pageRequest = null;
  function showCell(cell, count) {
    if (pageRequest) pageRequest.abort();
    grid.replaceChildren();
    const shown = [];
    function page(before) {
      pageRequest = new AbortController();
      const url = element.dataset.places + "/entries?cell=" + encodeURIComponent(cell) + "&limit=60" +
        (before ? "&before=" + encodeURIComponent(before) : "");
      fetch(url, { credentials: "same-origin", signal: pageRequest.signal })
        .then(function (r) { if (!r.ok) throw new Error("HTTP " + r.status); return r.json(); })
        .then(function (answer) {
          answer.entries.forEach(function (p) { shown.push(p); grid.appendChild(tile(p)); });
          titled(shown, count);
          more.hidden = !answer.next_before;
          more.onclick = function () { page(answer.next_before); };
          panel.hidden = false;
        })
        .catch(function (error) { if (error.name !== "AbortError") throw error; });
    }
    page(null);
  }
  document.getElementById("clusterclose").addEventListener("click", function () { panel.hidden = true; });
  const group = L.markerClusterGroup({ zoomToBoundsOnClick: false, showCoverageOnHover: false, maxClusterRadius: 50 });
  group.on("clusterclick", function (e) {
    showGrid(e.layer.getAllChildMarkers().map(function (m) { return m.options.place; }));
  });
  group.on("click", function (e) { showGrid([e.layer.options.place]); });
  map.addLayer(group);
  function pointMarkers(places) {
    return places.map(function (p) {
      const marker = daybookDot([p.latitude, p.longitude], p.place);
      marker.options.place = p;
      return marker;
    });
  }

  // An exported site has no server: its places came with the page (places.js).
  if (window.DAYBOOK_PLACES) {
    const markers = pointMarkers(window.DAYBOOK_PLACES);
    group.addLayers(markers);
    if (markers.length) map.fitBounds(group.getBounds(), { padding: [30, 30], maxZoom: 10 });
    element.dataset.count = String(markers.length);
    return;
  }

  // The server's clusters, drawn as markercluster draws its own.
  const cells = L.layerGroup().addTo(map);
  function clusterMarker(cluster) {
    // The copy of the world the view is on: the map wraps, the grid does not.
    const lon = cluster.longitude + 360 * Math.round((map.getCenter().lng - cluster.longitude) / 360);
    const size = cluster.count < 10 ? "small" : cluster.count < 100 ? "medium" : "large";
    const icon = L.divIcon({
      html: "<div><span>" + Number(cluster.count) + "</span></div>",
      className: "marker-cluster marker-cluster-" + size + " cell", iconSize: [40, 40],
    });
    const marker = L.marker([cluster.latitude, lon], { icon: icon, keyboard: true, title: cluster.count + (cluster.count === 1 ? " entry" : " entries") });
    marker.on("click", function () { showCell(cluster.cell, cluster.count); });
    return marker;
  }
  function draw(answer) {
    cells.clearLayers();
    group.clearLayers();
    answer.clusters.forEach(function (c) { cells.addLayer(clusterMarker(c)); });
    group.addLayers(pointMarkers(answer.points));
  }
  // The view as the API takes it: longitudes folded into -180…180 (west > east across the
  // antimeridian), the whole world when the window shows it all around.
  function bbox() {
    const b = map.getBounds();
    const fold = function (lon) { return ((lon + 180) % 360 + 360) % 360 - 180; };
    const clamp = function (lat) { return Math.max(-90, Math.min(90, lat)); };
    const round = function (v) { return Math.round(v * 10000) / 10000; };
    let west = -180, east = 180;
    if (b.getEast() - b.getWest() < 360) {
      west = fold(b.getWest());
      east = fold(b.getEast());
      if (east === -180) east = 180;
    }
    return [round(west), round(clamp(b.getSouth())), round(east), round(clamp(b.getNorth()))].join(",");
  }
  let viewRequest = null;
  function load(box, zoom) {
    if (viewRequest) viewRequest.abort();
    viewRequest = new AbortController();
    const url = element.dataset.places + "?bbox=" + box + "&zoom=" + zoom;
    return fetch(url, { credentials: "same-origin", signal: viewRequest.signal })
      .then(function (r) { if (!r.ok) throw new Error("HTTP " + r.status); return r.json(); });
  }
  let settle = null;
  function viewChanged() {
    clearTimeout(settle);
    // One request when a drag or a zoom animation ends, not one per step.
    settle = setTimeout(function () {
      load(bbox(), map.getZoom()).then(draw).catch(function (error) { if (error.name !== "AbortError") throw error; });
    }, 150);
  }
  // `#entry=ID` (the entry page's "On the journal's map") opens that entry's card.
  function showLinked() {
    const match = /^#entry=([0-9a-f-]+)$/.exec(window.location.hash);
    if (!match) return;
    fetch(element.dataset.places + "/entries?entry=" + encodeURIComponent(match[1]), { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.json() : { entries: [] }; })
      .then(function (answer) {
        const p = answer.entries[0];
        if (!p) return;
        // Without tiles only the coarse country outlines show: a closer view would be blank.
        map.setView([p.latitude, p.longitude], element.dataset.tiles ? 12 : 5);
        showGrid([p]);
      });
  }
  // First the whole world: how many entries have a place, and where they are, to frame.
  load("-180,-90,180,90", map.getZoom()).then(function (answer) {
    element.dataset.count = String(answer.count);
    const spots = answer.points.length ? answer.points : answer.clusters;
    const linked = /^#entry=/.test(window.location.hash);
    draw(answer);
    map.on("moveend", viewChanged);
    if (spots.length && !linked) {
      const bounds = L.latLngBounds(spots.map(function (s) { return [s.latitude, s.longitude]; }));
      map.fitBounds(bounds, { padding: [30, 30], maxZoom: 10 });
    }
    showLinked();
    window.addEventListener("hashchange", showLinked);
  });
})();
