// A photo's motion clip plays over its still: while a mouse is over the picture, or from a
// tap (or click) on the picture or its badge until the next one. It is muted, so browsers
// let it play without asking. A clip this browser cannot decode (an iPhone's HEVC Live Photo
// in most browsers) leaves the still as it is, and the badge becomes the download link it is
// underneath, with words that say so.
(function () {
  'use strict';
  for (const box of document.querySelectorAll('[data-motion]')) {
    const video = box.querySelector('video');
    const badge = box.querySelector('.motionbadge');
    if (!video || !badge) continue;
    let tapped = false;

    const unplayable = function () {
      box.classList.remove('playing');
      box.classList.add('unplayable');
      badge.textContent = badge.dataset.unplayable;
    };
    const stop = function () {
      box.classList.remove('playing');
      video.pause();
      video.currentTime = 0;
    };
    const play = function () {
      if (box.classList.contains('unplayable')) return;
      box.classList.add('playing');
      // A pause before the clip has loaded rejects with AbortError: not a failure.
      video.play().catch(function (error) {
        if (error && error.name === 'NotSupportedError') unplayable();
      });
    };

    const type = video.dataset.type;
    if (video.error || (type && video.canPlayType(type) === '')) unplayable();
    video.addEventListener('error', unplayable);

    // Touch and pen have no hover: their taps are clicks.
    box.addEventListener('pointerenter', function (event) {
      if (event.pointerType === 'mouse' && !tapped) play();
    });
    box.addEventListener('pointerleave', function (event) {
      if (event.pointerType === 'mouse' && !tapped) stop();
    });
    box.addEventListener('click', function (event) {
      // Unplayable, the badge is the download link it is in the page.
      if (box.classList.contains('unplayable')) return;
      event.preventDefault();
      tapped = !tapped || video.paused;
      if (tapped) {
        play();
      } else {
        stop();
      }
    });
  }
})();
