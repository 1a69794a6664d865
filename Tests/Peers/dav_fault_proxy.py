#!/usr/bin/env python3
"""A fault-injecting HTTP proxy on 127.0.0.1 in front of a DAV server (Radicale, xandikos),
speaking the peer protocol of Tests/TestSupport/PeerServer.swift: prints "PORT <n>", exits
when its stdin closes.

Usage: dav_fault_proxy.py UPSTREAM_BASE_URL

Faults are set by the test through control paths (plain GETs answered with JSON):
  /_fault?kind=K[&method=M][&count=N][&after=A][&status=S][&retry_after=T][&seconds=D][&location=URL]
      adds a rule; the next N requests (all when N is -1; default 1) whose method is M (any
      when absent) get it, once A such requests (default 0) have passed untouched. Kinds:
        drop      close the connection without an answer
        delay     wait D seconds, then pass the request on
        status    answer S (e.g. 412, 503 with Retry-After T) without asking the server
        redirect  answer S (default 307) with Location URL (+ the request's path when URL ends in /)
        nosync    answer a sync-collection REPORT with S (default 501) and hide every
                  sync-token property in PROPFIND answers (a server without RFC 6578)
        noetag    pass a PUT on, but drop the ETag header of its answer
        nomatch   pass a request on without its If-Match and If-None-Match headers (a server
                  that ignores them)
        digest    ask for HTTP Digest (RFC 7616, MD5, qop=auth) with user U and password P
                  (&user=U&password=P) and pass what passes on with Basic for the same user
  /_reset     clears the rules and the request log
  /_requests  the requests seen (method, path, authorization scheme), oldest first
Standard library only.
"""

import base64
import hashlib
import http.client
import json
import re
import socketserver
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

UPSTREAM = urllib.parse.urlsplit(sys.argv[1])
LOCK = threading.Lock()
RULES = []
REQUESTS = []
SYNC_TOKEN = re.compile(rb"<(\w+:)?sync-token\s*/>|<(\w+:)?sync-token[^>]*>.*?</(\w+:)?sync-token>", re.S)


def take_rule(method, kinds):
    """The first rule for this method among `kinds`, used once (unless its count is -1)."""
    with LOCK:
        for rule in RULES:
            if rule["kind"] in kinds and rule.get("method") in (None, method) and rule["count"] != 0:
                if rule["after"] > 0:
                    rule["after"] -= 1
                    continue
                if rule["count"] > 0:
                    rule["count"] -= 1
                return rule
    return None


def digest_rule():
    with LOCK:
        return next((rule for rule in RULES if rule["kind"] == "digest" and rule["count"] != 0), None)


def md5(text):
    return hashlib.md5(text.encode()).hexdigest()


def digest_ok(header, method, rule):
    """Whether `header` is a right Digest answer for the rule's user and password."""
    if not header.startswith("Digest "):
        return False
    fields = dict((k.strip(), v.strip().strip('"')) for k, v in
                  (part.split("=", 1) for part in re.split(r',\s*(?=\w+=)', header[7:]) if "=" in part))
    if fields.get("username") != rule.get("user") or fields.get("realm") != "dav":
        return False
    ha1 = md5(f"{rule.get('user')}:dav:{rule.get('password')}")
    ha2 = md5(f"{method}:{fields.get('uri')}")
    expected = md5(f"{ha1}:{fields.get('nonce')}:{fields.get('nc')}:{fields.get('cnonce')}:{fields.get('qop')}:{ha2}")
    return fields.get("response") == expected


def has_rule(kind):
    with LOCK:
        return any(rule["kind"] == kind and rule["count"] != 0 for rule in RULES)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def control(self, path, query):
        if path == "/_fault":
            rule = {k: v[0] for k, v in query.items()}
            rule["count"] = int(rule.get("count", "1"))
            rule["after"] = int(rule.get("after", "0"))
            with LOCK:
                RULES.append(rule)
            return {"ok": True}
        if path == "/_reset":
            with LOCK:
                RULES.clear()
                REQUESTS.clear()
            return {"ok": True}
        if path == "/_requests":
            with LOCK:
                return list(REQUESTS)
        return None

    def answer(self, status, headers=(), body=b""):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def handle_any(self):
        parts = urllib.parse.urlsplit(self.path)
        if self.command == "GET" and parts.path.startswith("/_"):
            result = self.control(parts.path, urllib.parse.parse_qs(parts.query))
            if result is not None:
                return self.answer(200, [("Content-Type", "application/json")], json.dumps(result).encode())
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        auth = (self.headers.get("Authorization") or "").split(" ")[0]
        with LOCK:
            REQUESTS.append({"method": self.command, "path": parts.path, "auth": auth})
            del REQUESTS[:-2000]

        rule = take_rule(self.command, ("drop", "delay", "status", "redirect"))
        if rule and rule["kind"] == "drop":
            self.close_connection = True
            self.connection.shutdown(2)
            return
        if rule and rule["kind"] == "delay":
            time.sleep(float(rule.get("seconds", "1")))
        if rule and rule["kind"] == "status":
            headers = [("Retry-After", rule["retry_after"])] if "retry_after" in rule else []
            return self.answer(int(rule.get("status", "503")), headers, b"fault")
        if rule and rule["kind"] == "redirect":
            location = rule["location"]
            if location.endswith("/"):
                location = location.rstrip("/") + self.path
            return self.answer(int(rule.get("status", "307")), [("Location", location)])
        digest = digest_rule()
        if digest:
            if not digest_ok(self.headers.get("Authorization") or "", self.command, digest):
                challenge = 'Digest realm="dav", qop="auth", algorithm=MD5, nonce="%s"' % md5(str(time.time()))
                return self.answer(401, [("WWW-Authenticate", challenge)], b"digest please")
            basic = base64.b64encode(f"{digest['user']}:{digest['password']}".encode()).decode()
            self.headers.replace_header("Authorization", "Basic " + basic)
        hide_sync = has_rule("nosync")
        if hide_sync and self.command == "REPORT" and b"sync-collection" in body:
            rule = take_rule("REPORT", ("nosync",)) or {}
            return self.answer(int(rule.get("status", "501")), [], b"no sync-collection here")
        self.forward(body, hide_sync)

    def forward(self, body, hide_sync):
        connection = http.client.HTTPConnection(UPSTREAM.hostname, UPSTREAM.port, timeout=60)
        headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection", "content-length")}
        headers["Host"] = UPSTREAM.netloc
        if take_rule(self.command, ("nomatch",)) is not None:
            headers = {k: v for k, v in headers.items() if k.lower() not in ("if-match", "if-none-match")}
        connection.request(self.command, self.path, body=body, headers=headers)
        response = connection.getresponse()
        data = response.read()
        connection.close()
        if hide_sync and self.command == "PROPFIND":
            data = SYNC_TOKEN.sub(b"", data)
        drop_etag = self.command == "PUT" and take_rule("PUT", ("noetag",)) is not None
        out = []
        for name, value in response.getheaders():
            lower = name.lower()
            if lower in ("content-length", "transfer-encoding", "connection") or (drop_etag and lower == "etag"):
                continue
            if lower == "location":
                value = value.replace(f"{UPSTREAM.scheme}://{UPSTREAM.netloc}", f"http://127.0.0.1:{PORT}")
            out.append((name, value))
        self.answer(response.status, out, data)

    do_GET = do_HEAD = do_PUT = do_POST = do_DELETE = do_OPTIONS = handle_any
    do_PROPFIND = do_PROPPATCH = do_REPORT = do_MKCOL = do_MKCALENDAR = do_MOVE = do_COPY = handle_any


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


PORT = 0


def main():
    global PORT
    server = Server(("127.0.0.1", 0), Handler)
    PORT = server.server_address[1]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"PORT {PORT}", flush=True)
    while sys.stdin.buffer.read(4096):
        pass
    server.shutdown()


if __name__ == "__main__":
    main()
