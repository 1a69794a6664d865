#!/usr/bin/env bash
# Creates .build/mcp-client-venv with the official Python `mcp` SDK, whose client drives
# `aihelper mcp serve` in the MCP server tests (Tests/Peers/mcp_client_check.py), and whose
# Streamable HTTP server (with uvicorn, a dependency of mcp) is the remote peer of
# Tests/MCPClientTests/MCPRemoteTests (Tests/Peers/mcp_http_server.py); its HTTP client (httpx2)
# drives `aihelper mcp serve --http` (Tests/Peers/mcp_http_client_check.py).
# Idempotent: does nothing when the venv already has the pinned version.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/mcp-client-venv
version=2.3.0
if [ -x "$venv/bin/python" ] && [ "$("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("mcp"))' 2>/dev/null)" = "$version" ]; then
  exit 0
fi
python3 -m venv --help >/dev/null 2>&1 || { echo "python3 with the venv module is needed (Debian: python3-venv)" >&2; exit 1; }
rm -rf "$venv"
mkdir -p .build
python3 -m venv "$venv"
echo "Installing the Python mcp SDK $version into $venv ..." >&2
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "mcp==$version"
"$venv/bin/python" -c 'import mcp, mcp.client.stdio, mcp.client.streamable_http, mcp.server.mcpserver, uvicorn, httpx2'
