#!/usr/bin/env bash
# Creates .build/mcp-client-venv with the official Python `mcp` SDK, whose client drives
# `aihelper mcp serve` in the MCP server tests (Tests/Peers/mcp_client_check.py), and whose
# Streamable HTTP server (with uvicorn, a dependency of mcp) is the remote peer of
# Tests/MCPClientTests/MCPRemoteTests (Tests/Peers/mcp_http_server.py); its HTTP client (httpx2)
# drives `aihelper mcp serve --http` (Tests/Peers/mcp_http_client_check.py).
# Idempotent: does nothing when the venv already has the pinned version.
set -euo pipefail
exec "$(dirname "$0")/venv.sh" .build/mcp-client-venv \
  "python -c 'import mcp, mcp.client.stdio, mcp.client.streamable_http, mcp.server.mcpserver, uvicorn, httpx2'" \
  mcp==2.3.0
