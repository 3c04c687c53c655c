// The entry page's photo forms (attach, replace): choosing a photo or video sends it to
// POST /uploads (upload-file.js) with a progress bar, then posts the form with the entry the
// server answered as its photo. Without this script the field takes the id of a photo entry
// already in the journal.
(function () {
  'use strict';
  for (const form of document.querySelectorAll('form.photo[data-upload]')) {
    const field = form.querySelector('input[name=photo]');
    const token = form.querySelector('input[name=csrf]').value;
    const picker = document.createElement('input');
    picker.type = 'file';
    picker.accept = 'image/*,video/*';
    picker.setAttribute('aria-label', 'Choose a photo or video');
    const bar = document.createElement('progress');
    bar.max = 100;
    bar.value = 0;
    bar.hidden = true;
    const status = document.createElement('span');
    status.className = 'status';
    status.setAttribute('aria-live', 'polite');
    // Choosing the file sends the form: the id field (for a photo already in the journal, in
    // a page without script) and the button are not needed.
    const choose = document.createElement('label');
    choose.className = 'pick';
    const replacing = form.querySelector('input[name=action]').value === 'replace';
    choose.append(replacing ? 'Replace the photo ' : 'Add a photo or video ', picker);
    field.closest('label').before(choose, bar, status);
    field.closest('label').hidden = true;
    form.querySelector('button[type=submit]').hidden = true;
    field.required = false;
    // One key per chosen file: choosing it again after a dropped connection is a retry.
    const keys = new Map();
    picker.addEventListener('change', () => {
      const file = picker.files[0];
      if (!file) return;
      const name = file.name + '\u0000' + file.size + '\u0000' + file.lastModified;
      if (!keys.has(name)) keys.set(name, daybookUploadKey());
      bar.hidden = false;
      bar.value = 0;
      status.textContent = 'uploading…';
      picker.disabled = true;
      daybookUpload(form.dataset.upload, token, file, keys.get(name), (percent) => {
        bar.value = percent;
      }).then(({ status: code, answer }) => {
        picker.disabled = false;
        if ((code === 201 || code === 200) && answer.entry) {
          bar.value = 100;
          status.textContent = answer.duplicate ? 'already in your journal' : 'uploaded';
          field.value = answer.entry;
          form.submit();
        } else if (code === 0) {
          status.textContent = 'the connection dropped before the end: choose the file again';
        } else {
          status.textContent = answer.error || 'the server refused this file (' + code + ')';
        }
      });
    });
  }
})();
