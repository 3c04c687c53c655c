#!/usr/bin/python3
"""A loopback Web Push service and the browser behind it, for the reminder's tests.

    push_server.py FOLDER

Makes a browser's subscription (a P-256 key pair and an auth secret, as a browser does) and
writes it to FOLDER/subscription.json, with FOLDER/gone.json a second one whose endpoint answers
410 Gone. Each POST is read as a push service and the browser would: the VAPID token (RFC 8292)
verified with `cryptography` against the key it names, the body decrypted with `http_ece`
(RFC 8291, aes128gcm), and what was found saved as FOLDER/N.json. Prints "port N" once it
listens on 127.0.0.1, then runs until killed.
"""

import base64
import json
import os
import sys
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

folder = sys.argv[1]
browser_key = ec.generate_private_key(ec.SECP256R1())
auth_secret = os.urandom(16)
count = 0


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def check_vapid(header, origin):
    """The token's claims when its ES256 signature verifies with the key it names, else None."""
    fields = dict(part.strip().split("=", 1) for part in header[len("vapid "):].split(","))
    token, key = fields["t"], fields["k"]
    signed, signature = token.rsplit(".", 1)
    raw = unb64url(signature)
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(key))
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    try:
        public.verify(der, signed.encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        return None
    head, claims = (json.loads(unb64url(part)) for part in signed.split("."))
    return {"header": head, "claims": claims, "key": key, "aud_matches": claims.get("aud") == origin,
            "exp_in_future": claims.get("exp", 0) > time.time()}


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *arguments):
        pass

    def do_POST(self):
        global count
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        count += 1
        record = {"path": self.path, "content_encoding": self.headers.get("Content-Encoding"), "ttl": self.headers.get("TTL")}
        record["vapid"] = check_vapid(self.headers.get("Authorization", ""), f"http://127.0.0.1:{self.server.server_port}")
        try:
            plain = http_ece.decrypt(body, private_key=browser_key, auth_secret=auth_secret, version="aes128gcm")
            record["payload"] = json.loads(plain)
        except Exception as error:  # what failed is the test's finding
            record["decrypt_error"] = repr(error)
        with open(os.path.join(folder, f"{count}.json.tmp"), "w") as file:
            json.dump(record, file)
        os.rename(os.path.join(folder, f"{count}.json.tmp"), os.path.join(folder, f"{count}.json"))
        self.send_response(410 if self.path.startswith("/gone") else 201)
        self.send_header("Content-Length", "0")
        self.end_headers()


server = HTTPServer(("127.0.0.1", 0), Handler)
port = server.server_port
public = browser_key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
for name, path in (("subscription", "/push/browser-1"), ("gone", "/gone/browser-2")):
    subscription = {"endpoint": f"http://127.0.0.1:{port}{path}", "keys": {"p256dh": b64url(public), "auth": b64url(auth_secret)}}
    with open(os.path.join(folder, f"{name}.json"), "w") as file:
        json.dump(subscription, file)
print(f"port {port}", flush=True)
server.serve_forever()
