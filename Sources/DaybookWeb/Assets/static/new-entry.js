// The New-entry page's photos: each chosen file is sent at once to POST /uploads
// (upload-file.js), with a progress bar; the form then posts the entries the server answered
// as photo=<id> fields, and the text and tags go on the first. Without this script the form
// writes words alone.
// The chosen Files stay in form.daybookFiles; a `daybook:add-files` event on the form (its
// detail an Array of File) adds more, as the share target does.
(function () {
  'use strict';
  const form = document.querySelector('form.newentry[data-upload]');
  if (!form) return;
  const fieldset = form.querySelector('fieldset.photos');
  const picker = fieldset.querySelector('input[type=file]');
  const list = fieldset.querySelector('ul.uploads');
  const textarea = form.querySelector('textarea[name=text]');
  const tokenField = form.querySelector('input[name=csrf]');
  const maxBytes = Number(form.dataset.maxBytes);
  const uploads = [];
  form.daybookFiles = [];
  fieldset.hidden = false;

  function say(upload, state, words, link) {
    upload.item.dataset.state = state;
    upload.status.textContent = words;
    if (link) {
      const a = document.createElement('a');
      a.href = link;
      a.textContent = 'see it';
      upload.status.append(' (', a, ')');
    }
    if (state === 'failed') {
      const again = document.createElement('button');
      again.type = 'button';
      again.textContent = 'Try again';
      again.addEventListener('click', () => send(upload));
      upload.status.append(' ', again);
    }
  }

  function send(upload) {
    say(upload, 'uploading', 'uploading…');
    const sent = daybookUpload(form.dataset.upload, tokenField.value, upload.file, upload.key, (percent) => {
      upload.bar.value = percent;
    });
    upload.done = sent.then(({ status, answer }) => {
      if (status === 201 || status === 200) {
        upload.bar.value = 100;
        upload.entry = answer.entry;
        if (answer.duplicate) say(upload, 'duplicate', 'already in your journal', answer.url);
        else say(upload, 'done', 'uploaded');
      } else if (status === 0 && !navigator.onLine) {
        // Offline, the app keeps the file with the entry and sends both later (pwa.js).
        say(upload, 'offline', 'kept on this phone: it goes with the entry when the connection is back');
      } else if (status === 0) {
        say(upload, 'failed', 'the connection dropped before the end');
      } else {
        say(upload, 'refused', answer.error || 'the server refused this file (' + status + ')');
      }
    });
  }

  function add(files) {
    for (const file of files) {
      form.daybookFiles.push(file);
      const item = document.createElement('li');
      const name = document.createElement('span');
      name.className = 'name';
      name.textContent = file.name;
      const bar = document.createElement('progress');
      bar.max = 100;
      bar.value = 0;
      const status = document.createElement('span');
      status.className = 'status';
      item.append(name, bar, status);
      list.append(item);
      const upload = { file, item, bar, status, key: daybookUploadKey(), entry: null, done: Promise.resolve() };
      uploads.push(upload);
      if (file.size > maxBytes) {
        say(upload, 'refused', 'larger than the ' + form.dataset.maxText + ' this journal takes');
      } else {
        send(upload);
      }
    }
    // Photos may go without words; words alone still need some.
    textarea.required = !uploads.some((upload) => upload.item.dataset.state !== 'refused');
  }

  picker.addEventListener('change', () => {
    add(Array.from(picker.files));
    picker.value = '';
  });
  form.addEventListener('daybook:add-files', (event) => add(Array.from(event.detail || [])));

  let submitting = false;
  form.addEventListener('submit', (event) => {
    if (submitting || uploads.length === 0) return;
    event.preventDefault();
    const button = form.querySelector('button[type=submit]');
    button.disabled = true;
    Promise.all(uploads.map((upload) => upload.done)).then(() => {
      for (const old of form.querySelectorAll('input[name=photo]')) old.remove();
      for (const upload of uploads) {
        if (!upload.entry) continue;
        const field = document.createElement('input');
        field.type = 'hidden';
        field.name = 'photo';
        field.value = upload.entry;
        form.append(field);
      }
      button.disabled = false;
      const photos = form.querySelectorAll('input[name=photo]').length;
      if (photos === 0 && textarea.value.trim() === '') {
        textarea.required = true;
        form.reportValidity();
        return;
      }
      submitting = true;
      form.submit();
    });
  });
})();
