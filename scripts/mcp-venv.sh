#!/usr/bin/env bash
# Creates .build/mcp-venv with the reference MCP servers from PyPI, which the MCP client tests
# start through an mcp.json (Tests/MCPClientTests). Versions pinned; idempotent: does nothing
# when the venv already has these versions.
set -euo pipefail
exec "$(dirname "$0")/venv.sh" .build/mcp-venv 'mcp-server-time --help' \
  mcp-server-time==2026.10.19 mcp-server-fetch==2026.10.24
