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
  const map = daybookBaseMap(element);
  map.setView([20, 0], 2);
  function entryLink(id) { return element.dataset.entries + encodeURIComponent(id) + element.dataset.entrySuffix; }
  function showGrid(places) {
    places.sort(function (a, b) {
      return (a.captured_local || "9999").localeCompare(b.captured_local || "9999") || a.id.localeCompare(b.id);
    });
    grid.replaceChildren();
    places.forEach(function (p) {
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
      grid.appendChild(li);
    });
    const names = places.map(function (p) { return p.place; }).filter(function (n, i, all) { return all.indexOf(n) === i; });
    title.textContent = (names.length === 1 ? names[0] + ": " : "") + places.length +
      (places.length === 1 ? " photo" : " photos") + (places.length > 1 ? ", oldest first" : "");
    panel.hidden = false;
  }
  // `#entry=ID` (the entry page's "On the journal's map") opens that entry's card.
  function showLinked(markers) {
    const match = /^#entry=([0-9a-f-]+)$/.exec(window.location.hash);
    if (!match) return;
    const marker = markers.find(function (m) { return m.options.place.id === match[1]; });
    if (!marker) return;
    // Without tiles only the coarse country outlines show: a closer view would be blank.
    map.setView(marker.getLatLng(), element.dataset.tiles ? 12 : 5);
    showGrid([marker.options.place]);
  }
  document.getElementById("clusterclose").addEventListener("click", function () { panel.hidden = true; });
  const group = L.markerClusterGroup({ zoomToBoundsOnClick: false, showCoverageOnHover: false, maxClusterRadius: 50 });
  group.on("clusterclick", function (e) {
    showGrid(e.layer.getAllChildMarkers().map(function (m) { return m.options.place; }));
  });
  group.on("click", function (e) { showGrid([e.layer.options.place]); });
  function draw(places) {
    const markers = places.map(function (p) {
      const marker = daybookDot([p.latitude, p.longitude], p.place);
      marker.options.place = p;
      return marker;
    });
    group.addLayers(markers);
    map.addLayer(group);
    if (markers.length) map.fitBounds(group.getBounds(), { padding: [30, 30], maxZoom: 10 });
    element.dataset.count = String(markers.length);
    showLinked(markers);
    window.addEventListener("hashchange", function () { showLinked(markers); });
  }
  if (window.DAYBOOK_PLACES) { draw(window.DAYBOOK_PLACES); return; }
  fetch(element.dataset.places, { credentials: "same-origin" })
    .then(function (r) { if (!r.ok) throw new Error("HTTP " + r.status); return r.json(); })
    .then(draw);
})();
