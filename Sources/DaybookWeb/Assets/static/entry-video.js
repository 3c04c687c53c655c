// A video whose codec this browser cannot decode (HEVC in most browsers) keeps its poster
// frame; this shows the notice that points at the download link beside it. The error can
// come before this script runs, so `video.error` is looked at as well as the event.
(function () {
  'use strict';
  for (const video of document.querySelectorAll('video[data-notice]')) {
    const notice = document.getElementById(video.dataset.notice);
    if (!notice) continue;
    const reveal = function () {
      notice.hidden = false;
      video.classList.add('unplayable');
    };
    const type = video.dataset.type;
    if (video.error || (type && video.canPlayType(type) === '')) {
      reveal();
    } else {
      video.addEventListener('error', reveal);
    }
  }
})();
