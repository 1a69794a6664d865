"""Drives `aihelper mcp serve --http 127.0.0.1:0` with the official Python MCP SDK's Streamable
HTTP client (MCPServeHTTPTests).

Usage: mcp_http_client_check.py AIHELPER_BINARY AIHELPER_HOME [TOKEN [ADDRESS]]

Starts the server (with TOKEN in AIHELPER_MCP_TOKEN when given), reads its address from the
line it prints on stderr, checks that a request without the token (when there is one) and a
request to another path are refused, lists the tools and calls two through the SDK client, then
stops the server. Prints what it saw as one JSON object on stdout. Bounded: 40 s in all.
"""
import asyncio
import json
import os
import re
import subprocess
import sys
import urllib.error
import urllib.request

import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client


def text_of(result):
    return "\n".join(getattr(part, "text", "") for part in result.content)


def status_of(url, headers, host=None):
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}).encode()
    request = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json",
                                                               "Accept": "application/json, text/event-stream", **headers})
    if host:
        request.add_header("Host", host)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


async def run(url, token):
    facts = {}
    if token:
        facts["noToken"] = status_of(url, {})
        facts["wrongToken"] = status_of(url, {"Authorization": "Bearer not-" + token})
    # A Host that is not local (DNS rebinding from a web page): refused without a token, served with one.
    facts["foreignHost"] = status_of(url, {"Authorization": "Bearer " + token} if token else {}, host="rebind.example:80")
    facts["otherPath"] = status_of(url.replace("/mcp", "/other"), {"Authorization": "Bearer " + token} if token else {})
    headers = {"Authorization": "Bearer " + token} if token else {}
    async with httpx2.AsyncClient(headers=headers, timeout=20) as http:
        async with Client(streamable_http_client(url, http_client=http), read_timeout_seconds=20) as client:
            tools = (await client.list_tools()).tools
            facts["tools"] = [t.name for t in tools]
            created = await client.call_tool("create_task", {"title": "Dentist", "date": "2026-12-01", "time": "09:30"})
            facts["create"] = {"text": text_of(created), "isError": bool(created.is_error)}
            listed = await client.call_tool("list_tasks", {"from": "2026-12-01", "to": "2026-12-01"})
            facts["list"] = {"text": text_of(listed), "isError": bool(listed.is_error)}
    return facts


def main():
    binary, home = sys.argv[1:3]
    token = sys.argv[3] if len(sys.argv) > 3 else ""
    address = sys.argv[4] if len(sys.argv) > 4 else "127.0.0.1"
    env = {"AIHELPER_HOME": home, "LANG": "C.UTF-8", "PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    if token:
        env["AIHELPER_MCP_TOKEN"] = token
    extra = [] if address.startswith("127.") else ["--allow-remote"]
    server = subprocess.Popen([binary, "mcp", "serve", "--http", address + ":0"] + extra, env=env,
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        line = server.stderr.readline()  # bounded by the Swift test's own timeout
        found = re.search(r"http://[0-9.]+:(\d+)/mcp", line)
        if not found:
            print(json.dumps({"startLine": line}))
            return
        url = "http://127.0.0.1:%s/mcp" % found.group(1)
        facts = asyncio.run(asyncio.wait_for(run(url, token), timeout=40))
        facts["startLine"] = line.strip()
        print(json.dumps(facts, default=str))
    finally:
        server.terminate()
        try:
            server.wait(timeout=5)
        except subprocess.TimeoutExpired:
            server.kill()


if __name__ == "__main__":
    main()
