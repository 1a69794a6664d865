#!/usr/bin/env python3
"""Runs a server somebody else wrote (llama-server, llm-mock-api, llmock, ...) for the tests,
speaking the peer protocol of Tests/TestSupport/PeerServer.swift:

- picks a free port on 127.0.0.1 and puts it into the command wherever "{port}" appears;
- starts the command in its own process group, its output going to --log;
- polls http://127.0.0.1:PORT<--health> until it answers --expect (bounded by --timeout);
- prints "PORT <n>" and then waits for its stdin to close (the test process ended or
  dropped the server), and then stops the whole process group: SIGTERM, then SIGKILL.

If the server does not come up, it prints "ERROR <why, with the end of the log>" instead and
exits 1. A port taken between choosing it and the server binding it is retried once.

Usage: real_server.py --log FILE [--health /health] [--expect 200] [--timeout 60] -- CMD ARG...
Standard library only: it runs on the system python3.
"""

import argparse
import os
import signal
import socket
import ssl
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def status_of(url):
    """The HTTP status the server answers with, or None when nothing answers yet (an https
    server's test certificate is not checked here: the test checks it)."""
    try:
        context = ssl._create_unverified_context() if url.startswith("https:") else None
        with urllib.request.urlopen(url, timeout=2, context=context) as response:
            return response.status
    except urllib.error.HTTPError as e:
        return e.code
    except (OSError, ValueError):
        return None


def log_tail(path, lines=12):
    try:
        with open(path, "rb") as f:
            text = f.read()[-4000:].decode("utf-8", "replace")
    except OSError:
        return "(no log)"
    return " | ".join(line.strip() for line in text.splitlines()[-lines:] if line.strip())


def stop(child):
    if child.poll() is not None:
        return
    try:
        os.killpg(child.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    # PeerServer kills this guard 2 s after closing its stdin: the server must be gone by then.
    deadline = time.monotonic() + 1.0
    while child.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    if child.poll() is None:
        try:
            os.killpg(child.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        child.wait()


def start(command, log_path, health, expect, timeout, scheme="http"):
    """Starts the server; returns (child, port) once healthy, or (None, reason)."""
    port = free_port()
    argv = [part.replace("{port}", str(port)) for part in command]
    with open(log_path, "ab") as log:
        log.write(("$ " + " ".join(argv) + "\n").encode())
        log.flush()
        try:
            child = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                     start_new_session=True)
        except OSError as e:
            return None, f"could not run {argv[0]}: {e}"
    url = f"{scheme}://127.0.0.1:{port}{health}"
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        if child.poll() is not None:
            return None, f"{os.path.basename(argv[0])} exited with status {child.returncode} before answering {health}"
        last = status_of(url)
        if last == expect:
            return child, port
        time.sleep(0.05)
    stop(child)
    return None, f"{os.path.basename(argv[0])} did not answer {health} with {expect} within {timeout:g} s (last: {last})"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--log", required=True)
    parser.add_argument("--health", default="/health")
    parser.add_argument("--expect", type=int, default=200)
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--tls", action="store_true", help="the server speaks https")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command")

    scheme = "https" if args.tls else "http"
    child, result = start(command, args.log, args.health, args.expect, args.timeout, scheme)
    if child is None and "exited" in result:
        child, result = start(command, args.log, args.health, args.expect, args.timeout, scheme)  # the port may have been taken
    if child is None:
        print(f"ERROR {result}; log {args.log}: {log_tail(args.log)}", flush=True)
        sys.exit(1)

    def on_signal(signum, frame):
        stop(child)
        sys.exit(0)
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)

    stdin_closed = threading.Event()

    def wait_for_stdin():
        try:
            while sys.stdin.buffer.read(4096):
                pass
        finally:
            stdin_closed.set()
    threading.Thread(target=wait_for_stdin, daemon=True).start()

    print(f"PORT {result}", flush=True)
    while not stdin_closed.wait(0.1):
        if child.poll() is not None:
            sys.exit(child.returncode or 0)
    stop(child)


if __name__ == "__main__":
    main()
