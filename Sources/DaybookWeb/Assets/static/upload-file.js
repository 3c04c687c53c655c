// Sends one File to POST /uploads as its raw bytes, with the page's token, its name and an
// Idempotency-Key the caller keeps for the file's retries, so a retry never makes a second
// entry. `progress` learns the percent sent. Resolves with the answer's status and JSON; status
// 0 when the connection dropped. The New-entry page and the entry page's photo forms share it.
function daybookUploadKey() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function daybookUpload(url, token, file, key, progress) {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('X-Daybook-CSRF', token);
    request.setRequestHeader('X-Daybook-File-Name', encodeURIComponent(file.name));
    request.setRequestHeader('Idempotency-Key', key);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) progress(Math.floor((event.loaded / event.total) * 100));
    };
    request.onload = () => resolve({ status: request.status, answer: request.response || {} });
    request.onerror = () => resolve({ status: 0, answer: {} });
    request.send(file);
  });
}
