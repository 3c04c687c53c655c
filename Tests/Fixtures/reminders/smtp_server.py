#!/usr/bin/python3
"""A loopback SMTP server for the reminder's tests (Debian's python3-aiosmtpd).

    smtp_server.py CERT KEY USER PASSWORD FOLDER

STARTTLS is required before anything else, then AUTH (PLAIN or LOGIN) as USER with PASSWORD.
Each message received is saved in FOLDER as N.eml, its bytes as received, and N.json, what
Python's email package reads of it: the envelope, the decoded headers, every MIME part (type,
Content-ID, SHA-256 of its decoded bytes) and the text and HTML bodies. Prints "port N" once it
listens on 127.0.0.1, then runs until killed.
"""

import email
import email.policy
import hashlib
import json
import os
import socket
import ssl
import sys
import time

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

cert, key, user, password, folder = sys.argv[1:6]


def describe(envelope, session):
    message = email.message_from_bytes(envelope.original_content, policy=email.policy.default)
    parts = []
    for part in message.walk():
        payload = b"" if part.is_multipart() else part.get_payload(decode=True) or b""
        parts.append(
            {
                "content_type": part.get_content_type(),
                "content_id": part.get("Content-ID"),
                "disposition": part.get_content_disposition(),
                "sha256": hashlib.sha256(payload).hexdigest() if payload else None,
                "starts_as_jpeg": payload[:3] == b"\xff\xd8\xff",
            }
        )
    plain = message.get_body(("plain",))
    html = message.get_body(("html",))
    return {
        "mail_from": envelope.mail_from,
        "rcpt_tos": envelope.rcpt_tos,
        "tls": session.ssl is not None,
        "login": session.auth_data.login.decode() if isinstance(session.auth_data, LoginPassword) else None,
        "headers": {name: str(value) for name, value in message.items()},
        "raw_subject": next(
            (line for line in envelope.original_content.decode("ascii", "replace").split("\r\n\r\n")[0].split("\r\n")
             if line.startswith("Subject:")), None),
        "content_type": message.get_content_type(),
        "parts": parts,
        "text": plain.get_content() if plain else None,
        "html": html.get_content() if html else None,
        "defects": [str(defect) for part in message.walk() for defect in part.defects],
    }


class Handler:
    def __init__(self):
        self.count = 0

    async def handle_DATA(self, server, session, envelope):
        self.count += 1
        base = os.path.join(folder, str(self.count))
        with open(base + ".eml", "wb") as file:
            file.write(envelope.original_content)
        with open(base + ".json.tmp", "w") as file:
            json.dump(describe(envelope, session), file)
        os.rename(base + ".json.tmp", base + ".json")
        return "250 Message accepted for delivery"


def authenticate(server, session, envelope, mechanism, data):
    if isinstance(data, LoginPassword) and data.login.decode() == user and data.password.decode() == password:
        return AuthResult(success=True, auth_data=data)
    return AuthResult(success=False, handled=False)


context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
context.load_cert_chain(cert, key)
with socket.socket() as probe:
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
controller = Controller(
    Handler(), hostname="127.0.0.1", port=port, tls_context=context, require_starttls=True,
    authenticator=authenticate, auth_require_tls=True,
)
controller.start()
print(f"port {port}", flush=True)
while True:
    time.sleep(3600)
