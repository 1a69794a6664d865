#!/usr/bin/env python3
"""A loopback server that speaks the OpenAI, Anthropic, Gemini, Ollama and llama.cpp wire
formats, scripted by the request, with faults on demand. Standard library only.

Start: `python3 provider_server.py [--tls CERT KEY]`. It binds 127.0.0.1 on a free port, prints `PORT <n>` as
its first line of stdout, and exits when its stdin closes, so it never outlives its test.

Endpoints
  POST /v1/chat/completions                 OpenAI Chat Completions (stream or not)
  POST /v1/messages                         Anthropic Messages (stream or not)
  POST /v1beta/models/{model}:streamGenerateContent?alt=sse, :generateContent   Gemini
  POST /api/chat                            Ollama (NDJSON stream unless "stream": false)
  POST /completion                          llama.cpp raw completion (SSE when "stream": true)
  POST /v1/audio/transcriptions             OpenAI audio transcription, multipart (peer_audio.py)
  GET  /v1/models                           OpenAI models; Anthropic's when `anthropic-version` is sent
  GET  /v1beta/models, GET /api/tags        Gemini and Ollama models
  GET  /_last_request                       the last provider request and the scripted reply, as JSON
  GET  /_requests                           every provider request so far (the last 200)
  GET  /_stats                              {"open_streams", "requests", "aborted", "last_stream"}:
                                            last_stream times the last finished stream on the
                                            wall clock (time.time(), seconds): "started" (headers
                                            sent), "last_piece_at" (the last body piece written),
                                            "finished" (the final empty chunk written), "pieces", "bytes"
  GET  /_blob?bytes=N                       N bytes (byte i is i % 251), chunked, for large bodies

Scenarios: see peer_scripts.py (header `X-Script` or `[script:NAME]` in the last user message).

Faults: header `X-Fault` or `[fault:NAME]` in the last user message. A request whose API key
contains `invalid-key` is answered 401 on every endpoint (so key checks can fail), one that
contains `rate-limited-key` 429 with `Retry-After: 7`; one that contains `hostile-key` gets model
ids, names and error messages with HOSTILE (peer_scripts.py) in them. A request for a model whose
name contains `retired-model` is answered 404 (the provider's "model not found").
  drop            close the connection mid-stream (half the events, then half an event)
  400 401 403 404 429 500 503 529 ...   that status with the provider's error body;
                  `CODE:S` adds `Retry-After: S` (429 always has one, 1 s by default)
  CODE-once       the first request of a scenario key fails with CODE, later ones succeed; the
                  key is the header `X-Scenario-Key`, else path + script
  overloaded      a mid-stream error event (Anthropic `event: error` overloaded_error; the
                  same idea in each provider's own shape)
  drip[:MS[:B]]   the body in pieces of B bytes (default 64) every MS ms (default 50)
  malformed       one broken JSON line after the first event
  split-utf8      the first multibyte character split across two writes 50 ms apart
  stall           headers, then no bytes until the client leaves (at most 60 s)
  hang            not even a status line: the request is read, then nothing (at most 60 s);
                  `hang-once` hangs only the first request of a scenario key (as `CODE-once`)
  stall-mid       half the events, then no bytes until the client leaves
"""

import json
import os
import re
import select
import socket
import ssl
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

import peer_audio as audio
import peer_formats as formats
from peer_scripts import HOSTILE, agent_step, make_reply, tags, user_text_gemini, user_text_openai

STALL_LIMIT = 60.0


class State:
    def __init__(self):
        self.lock = threading.Lock()
        self.requests = []
        self.failed_once = set()
        self.open_streams = 0
        self.aborted = 0
        self.total = 0
        self.last_stream = None

    def record(self, entry):
        with self.lock:
            self.total += 1
            self.requests = (self.requests + [entry])[-200:]

    def first_time(self, key) -> bool:
        with self.lock:
            if key in self.failed_once:
                return False
            self.failed_once.add(key)
            return True

    def add_open(self, delta):
        with self.lock:
            self.open_streams += delta


STATE = State()
KEY_HEADERS = ("Authorization", "x-api-key", "x-goog-api-key")
STATUS_FAULT = re.compile(r"(\d{3})(-once)?(?::(\d+))?")
GEMINI = re.compile(r"^/v1beta/models/([^/:]+):(streamGenerateContent|generateContent)$")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # TCP_NODELAY, as real HTTP servers set it: with Nagle on, a stream's last small piece waits
    # for the client's delayed ACK (up to 40 ms), which the app would be blamed for.
    disable_nagle_algorithm = True

    def log_message(self, fmt, *args):
        if os.environ.get("PEER_LOG"):
            sys.stderr.write("peer: " + fmt % args + "\n")

    # Requests

    def do_GET(self):
        self.route()

    def do_POST(self):
        self.route()

    def read_body(self) -> bytes:
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            data = b""
            while True:
                size = int(self.rfile.readline().split(b";")[0], 16)
                data += self.rfile.read(size + 2)[:size]
                if size == 0:
                    return data
        return self.rfile.read(int(self.headers.get("Content-Length") or 0))

    def route(self):
        url = urlsplit(self.path)
        raw = self.read_body()
        try:
            body = json.loads(raw) if raw else {}
        except ValueError:
            body = {}
        if url.path.startswith("/_"):
            return self.control(url)
        if url.path == "/v1/audio/transcriptions" and self.command == "POST":
            return self.transcription(url, raw)
        provider, user_text, streaming = self.provider_for(url, body)
        if provider is None:
            return self.send_json(404, {"error": f"no such endpoint: {self.command} {url.path}"})
        found = tags(user_text)
        script = self.headers.get("X-Script") or found.get("script") or "text"
        fault = self.headers.get("X-Fault") or found.get("fault") or ""
        if not fault and any("invalid-key" in (self.headers.get(h) or "") for h in KEY_HEADERS):
            fault = "401"  # a key named invalid-key is always rejected (key checks, wrong keys)
        if not fault and any("rate-limited-key" in (self.headers.get(h) or "") for h in KEY_HEADERS):
            fault = "429:7"  # a key named rate-limited-key is answered 429 with Retry-After: 7
        if not fault and "retired-model" in str(body.get("model", "") if isinstance(body, dict) else ""):
            fault = "404"  # a model the provider no longer offers
        try:
            reply = make_reply(script, user_text, agent_step(body))
        except ValueError as error:
            return self.send_json(400, {"error": str(error)})
        STATE.record({"method": self.command, "path": url.path, "query": url.query,
                      "headers": {k.lower(): v for k, v in self.headers.items()},
                      "body": body if raw and body else raw.decode("utf-8", "replace"),
                      "script": script, "fault": fault, "reply": reply.summary()})
        key = self.headers.get("X-Scenario-Key") or f"{url.path}|{script}"
        if STATUS_FAULT.fullmatch(fault):
            if self.status_fault(provider, fault, key):
                return
            fault = ""  # a `CODE-once` fault already spent: answer normally
        if fault == "hang" or (fault == "hang-once" and STATE.first_time(key + "|" + fault)):
            return self.wait_for_client_to_leave()
        if fault == "hang-once":
            fault = ""  # spent: answer normally
        if not streaming:
            return self.send_json(200, provider.complete(reply) if self.command == "POST" else provider.models())
        self.stream(provider, reply, fault)

    def transcription(self, url, raw):
        content_type = self.headers.get("Content-Type", "")
        try:
            parts = audio.parse_multipart(content_type, raw)
        except (audio.MultipartError, UnicodeDecodeError) as error:
            return self.send_json(400, {"error": {"message": f"bad multipart body: {error}", "type": "invalid_request_error"}})
        form = audio.fields(parts)
        fault = self.headers.get("X-Fault") or tags(form.get("prompt", "")).get("fault") or ""
        if not fault and any("invalid-key" in (self.headers.get(h) or "") for h in KEY_HEADERS):
            fault = "401"
        STATE.record({"method": self.command, "path": url.path, "query": url.query,
                      "headers": {k.lower(): v for k, v in self.headers.items()},
                      "body": audio.summary(parts, raw, content_type), "fault": fault})
        key = self.headers.get("X-Scenario-Key") or f"{url.path}|{form.get('prompt', '')}"
        if STATUS_FAULT.fullmatch(fault) and self.status_fault(formats.OpenAI({}), fault, key):
            return
        if fault == "html":
            page = b"<!DOCTYPE html><html><head><title>Welcome</title></head><body>It works!</body></html>"
            return self.send_bytes(200, "text/html", page)
        if fault == "garbage":
            return self.send_bytes(200, "application/json", b"\x00\xffthis is { not json")
        if fault == "empty":
            return self.send_json(200, {"text": ""})
        if fault == "drop":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", "400")
            self.end_headers()
            self.wfile.write(b'{"text": "cut')
            self.wfile.flush()
            return self.hang_up()
        if fault == "hang":
            return self.wait_for_client_to_leave()
        self.send_json(200, audio.reply(form))

    def send_bytes(self, status, content_type, data):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def provider_for(self, url, body):
        """(format, last user text, streamed?) for a provider endpoint, or (None, ...)."""
        path, post = url.path, self.command == "POST"
        if path == "/v1/chat/completions" and post:
            return formats.OpenAI(body), user_text_openai(body), bool(body.get("stream"))
        if path == "/v1/messages" and post:
            return formats.Anthropic(body), user_text_openai(body), bool(body.get("stream"))
        if (match := GEMINI.match(path)) and post:
            return formats.Gemini(body, match.group(1)), user_text_gemini(body), match.group(2) == "streamGenerateContent"
        if path == "/api/chat" and post:
            return formats.Ollama(body), user_text_openai(body), body.get("stream", True) is not False
        if path == "/completion" and post:
            return formats.LlamaCpp(body), str(body.get("prompt", "")), bool(body.get("stream"))
        if path == "/v1/models" and not post:
            anthropic = "anthropic-version" in self.headers or "x-api-key" in self.headers
            return (formats.Anthropic if anthropic else formats.OpenAI)({}), "", False
        if path == "/v1beta/models" and not post:
            return formats.Gemini({}, ""), "", False
        if path == "/api/tags" and not post:
            return formats.Ollama({}), "", False
        return None, "", False

    def control(self, url):
        with STATE.lock:
            requests = list(STATE.requests)
            stats = {"open_streams": STATE.open_streams, "requests": STATE.total, "aborted": STATE.aborted,
                     "last_stream": STATE.last_stream}
        if url.path == "/_last_request":
            return self.send_json(200 if requests else 404, requests[-1] if requests else {"error": "no request yet"})
        if url.path == "/_requests":
            return self.send_json(200, requests)
        if url.path == "/_stats":
            return self.send_json(200, stats)
        if url.path == "/_blob":
            size = int(parse_qs(url.query).get("bytes", ["0"])[0])
            pattern = bytes(i % 251 for i in range(251 * 261))  # 65,511 bytes: a whole number of cycles
            pieces, sent = [], 0
            while sent < size:
                pieces.append(pattern[: min(len(pattern), size - sent)])
                sent += len(pieces[-1])
            return self.stream_pieces("application/octet-stream", pieces, 0.0)
        self.send_json(404, {"error": f"no such control endpoint: {url.path}"})

    # Responses

    def send_json(self, status, value, extra=()):
        if any("hostile-key" in (self.headers.get(h) or "") for h in KEY_HEADERS):
            value = poisoned(value)
        data = json.dumps(value, ensure_ascii=False).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, header_value in extra:
            self.send_header(name, header_value)
        self.end_headers()
        self.wfile.write(data)

    def status_fault(self, provider, fault, key) -> bool:
        """Answers with an error status when the fault asks for one."""
        match = STATUS_FAULT.fullmatch(fault)
        status, once, retry_after = int(match.group(1)), match.group(2), match.group(3)
        if once and not STATE.first_time(key + "|" + fault):
            return False
        extra = [("x-request-id", "req_loopback")]
        if retry_after or status == 429:
            extra.append(("Retry-After", retry_after or "1"))
        if isinstance(provider, formats.Anthropic):
            extra.append(("x-should-retry", "true" if status in (408, 409, 429) or status >= 500 else "false"))
        self.send_json(status, provider.error(status), extra)
        return True

    def stream(self, provider, reply, fault):
        pieces = provider.stream(reply)
        half = len(pieces) // 2
        name, _, arg = fault.partition(":")
        if name == "malformed":
            broken = b'{"id": "broken", "choices": [{"delta": {"content": "x"\n' if provider.content_type != "text/event-stream" \
                else b'data: {"id": "broken", "choices": [{"delta": {"content": "x"\n\n'
            pieces.insert(1, broken)
        elif name == "overloaded":
            pieces = pieces[:half] + [provider.midstream_error()]
        elif name == "drip":
            delay, _, size = arg.partition(":")
            data = b"".join(pieces)
            step = int(size or 64)
            return self.stream_pieces(provider.content_type, [data[i:i + step] for i in range(0, len(data), step)],
                                      float(delay or 50) / 1000)
        elif name == "split-utf8":
            pieces = split_first_multibyte(pieces)
        elif name in ("stall", "stall-mid"):
            return self.stream_pieces(provider.content_type, pieces[:half] if name == "stall-mid" else [], 0.0, stall=True)
        elif name == "drop":
            return self.stream_pieces(provider.content_type, pieces[:half], reply.interval, drop=pieces[half])
        elif fault:
            return self.send_json(400, {"error": f"unknown fault {fault!r}"})
        self.stream_pieces(provider.content_type, pieces, reply.interval)

    def stream_pieces(self, content_type, pieces, interval, stall=False, drop=None):
        """Sends `pieces` as HTTP/1.1 chunks, one write each, `interval` seconds apart."""
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        self.wfile.flush()
        STATE.add_open(1)
        started = last_piece_at = time.time()
        sent = 0
        try:
            for index, piece in enumerate(pieces):
                if index and interval:
                    # Paced against the start, not the previous write, so the rate holds even
                    # though each sleep overshoots a little.
                    time.sleep(max(0.0, started + index * interval - time.time()))
                if piece == PAUSE:
                    time.sleep(0.05)
                    continue
                self.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece))
                last_piece_at = time.time()
                sent += len(piece)
            if drop is not None:
                # Promise a whole chunk, send half of it, and hang up.
                self.wfile.write(b"%x\r\n%s" % (len(drop), drop[: len(drop) // 2]))
                self.hang_up()
            elif stall:
                self.wait_for_client_to_leave()
            else:
                self.wfile.write(b"0\r\n\r\n")
                with STATE.lock:
                    STATE.last_stream = {"started": started, "last_piece_at": last_piece_at, "finished": time.time(),
                                         "pieces": len(pieces), "bytes": sent}
        except (BrokenPipeError, ConnectionResetError):
            with STATE.lock:
                STATE.aborted += 1
            self.close_connection = True
        finally:
            STATE.add_open(-1)

    def hang_up(self):
        self.close_connection = True
        try:
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def wait_for_client_to_leave(self):
        deadline = time.monotonic() + STALL_LIMIT
        while time.monotonic() < deadline:
            readable, _, _ = select.select([self.connection], [], [], 0.05)
            if readable and not self.connection.recv(4096, socket.MSG_PEEK):
                with STATE.lock:
                    STATE.aborted += 1
                break
        self.hang_up()


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128  # many concurrent transfers connect at once

    def handle_error(self, request, client_address):
        # A client that hangs up on a kept-alive connection is normal, not worth a traceback.
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError, ssl.SSLError)):
            super().handle_error(request, client_address)


PAUSE = b""  # an empty piece: wait 50 ms instead of writing (an empty chunk would end the body)


def poisoned(value):
    """`value` with HOSTILE added to every model id and name and every error message."""
    if isinstance(value, dict):
        return {k: v + HOSTILE if k in ("id", "name", "display_name", "message") and isinstance(v, str) else poisoned(v)
                for k, v in value.items()}
    if isinstance(value, list):
        return [poisoned(v) for v in value]
    return value


def split_first_multibyte(pieces):
    """Splits the first piece holding a multibyte UTF-8 character inside that character."""
    for index, piece in enumerate(pieces):
        lead = next((i for i, byte in enumerate(piece) if byte >= 0xC0), None)
        if lead is not None:
            return pieces[:index] + [piece[: lead + 1], PAUSE, piece[lead + 1:]] + pieces[index + 1:]
    return pieces


def exit_when_stdin_closes():
    """The test that started us holds our stdin; when it goes away, so do we."""
    try:
        while sys.stdin.buffer.read(4096):
            pass
    finally:
        os._exit(0)


def main():
    server = Server(("127.0.0.1", 0), Handler)
    if sys.argv[1:2] == ["--tls"]:
        # HTTPS with the given certificate; the handshake runs in the request's own thread.
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[2], sys.argv[3])
        server.socket = context.wrap_socket(server.socket, server_side=True, do_handshake_on_connect=False)
    print(f"PORT {server.server_address[1]}", flush=True)
    threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    server.serve_forever(poll_interval=0.1)


if __name__ == "__main__":
    main()
