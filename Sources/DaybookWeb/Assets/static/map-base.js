"use strict";
function daybookBaseMap(element) {
  const map = L.map(element, { worldCopyJump: true, minZoom: 1, maxZoom: 17 });
  if (element.dataset.tiles) {
    L.tileLayer(element.dataset.tiles, { maxZoom: 19, attribution: "Map tiles: " + new URL(element.dataset.tiles.replace(/[{}]/g, "")).host })
      .addTo(map);
  }
  if (window.DAYBOOK_COUNTRIES) {
    L.geoJSON(window.DAYBOOK_COUNTRIES, { interactive: false, style: { color: "#7c8b99", weight: 1, fillColor: "#e8ece6", fillOpacity: 1 } })
      .addTo(map);
  }
  map.attributionControl.addAttribution("Outlines: Natural Earth");
  return map;
}
// Leaflet sets `title` as an attribute, never as markup: a place's name stays text.
function daybookDot(latlng, title) {
  return L.marker(latlng, { icon: L.divIcon({ className: "dot", iconSize: [14, 14] }), keyboard: true, title: title || "" });
}
