(function () {
  const element = document.getElementById("entrymap");
  if (!element || !window.L) return;
  const latlng = [parseFloat(element.dataset.lat), parseFloat(element.dataset.lon)];
  const map = daybookBaseMap(element);
  map.setView(latlng, element.dataset.tiles ? 12 : 4);
  daybookDot(latlng, element.dataset.place).addTo(map);
})();
