"""A tiny MCP server over stdio (standard library only) that misbehaves on purpose, for the
MCP client's fault tests. Its one tool is `act`; the first argument picks the fault:

  ok            answers properly: `act` echoes its text (and structured content); with the
                text "env", the names of its environment variables
  crash-start   writes to stderr and exits with status 3 before answering anything
  crash-call    starts fine, exits with status 4 when `act` is called
  garbage       starts fine, answers `act` with lines that are not JSON-RPC, never the answer
  hang          starts fine, never answers `act`
  huge          answers `act` with 1 MB of text
  destructive   like ok, but `act` is annotated destructiveHint
  changing      like ok; after the first call it adds a tool `extra` and sends tools/list_changed
  hostile       like ok, but its tool's description and its stderr hold escape sequences, C1
                and bidi controls (what `aihelper mcp list` must never print raw)
  resource      like ok, and offers resources: `note://hello` (text with a color escape),
                `note://big` (40 KB of text) and `bin://logo` (a binary PNG); reading the
                unlisted `note://slow` never answers; another URI is answered -32002, not found
"""

import json
import sys
import time

MODE = sys.argv[1] if len(sys.argv) > 1 else "ok"
HOSTILE = "\x1b[31mred\x1b[0m \x1b]0;title\x07 \x9b2J \u202eevil\u202c \x07bell"
tools = [{"name": "act", "description": "Does the thing." + (HOSTILE if MODE == "hostile" else ""),
          "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]},
          "annotations": {"destructiveHint": MODE == "destructive"}}]
resources = {
    "note://hello": {"uri": "note://hello", "mimeType": "text/plain", "text": "Hello from \x1b[31mthe\x1b[0m note.\nSecond line."},
    "note://big": {"uri": "note://big", "mimeType": "text/plain", "text": "y" * 40000},
    "bin://logo": {"uri": "bin://logo", "mimeType": "image/png", "blob": "iVBORw0KGgo=" * 400},
}


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def answer(request):
    method, rid = request.get("method"), request.get("id")
    if method == "initialize":
        capabilities = {"tools": {"listChanged": True}}
        if MODE == "resource":
            capabilities["resources"] = {}
        return {"protocolVersion": request["params"]["protocolVersion"],
                "capabilities": capabilities, "serverInfo": {"name": "faulty", "version": "1"}}
    if method == "resources/list" and MODE == "resource":
        return {"resources": [{"uri": uri, "name": uri.split("//")[1], "description": f"The {uri.split('//')[1]} resource"}
                              for uri in resources]}
    if method == "resources/read" and MODE == "resource":
        uri = request["params"].get("uri", "")
        if uri == "note://slow":
            time.sleep(3600)
        if uri not in resources:
            send({"jsonrpc": "2.0", "id": rid, "error": {"code": -32002, "message": f"Resource not found: {uri}"}})
            return None
        return {"contents": [resources[uri]]}
    if method == "tools/list":
        return {"tools": tools}
    if method == "tools/call":
        text = request["params"].get("arguments", {}).get("text", "")
        if text == "env":
            import os
            return {"content": [{"type": "text", "text": " ".join(sorted(os.environ))}]}
        if MODE == "crash-call":
            sys.stderr.write("faulty: crashing in the middle of a call\n")
            sys.stderr.flush()
            sys.exit(4)
        if MODE == "garbage":
            sys.stdout.write("this is not json\n\x1b[31mred garbage\x1b[0m\n")
            sys.stdout.flush()
            return None
        if MODE == "hang":
            time.sleep(3600)
        if MODE == "huge":
            return {"content": [{"type": "text", "text": "x" * (1 << 20)}]}
        if MODE == "changing" and len(tools) == 1:
            tools.append({"name": "extra", "description": "Appeared later.", "inputSchema": {"type": "object"}})
            send({"jsonrpc": "2.0", "method": "notifications/tools/list_changed"})
        return {"content": [{"type": "text", "text": f"did: {text}"}], "structuredContent": {"did": text}}
    if rid is not None:
        send({"jsonrpc": "2.0", "id": rid, "error": {"code": -32601, "message": f"Method not found: {method}"}})
    return None


def main():
    if MODE == "crash-start":
        sys.stderr.write("faulty: cannot start, missing API token\n")
        sys.stderr.flush()
        sys.exit(3)
    if MODE == "hostile":
        sys.stderr.write("faulty: " + HOSTILE + "\n")
        sys.stderr.flush()
    for line in sys.stdin:
        request = json.loads(line)
        result = answer(request)
        if result is not None and "id" in request:
            send({"jsonrpc": "2.0", "id": request["id"], "result": result})


main()
