"""Drives `aihelper mcp serve` with the official Python MCP SDK client (MCPServePythonClientTests).

Usage: mcp_client_check.py AIHELPER_BINARY AIHELPER_HOME write|read-only

Connects the way the SDK does by default (mode "auto": `server/discover` first, then the
initialize handshake when the server answers -32601), lists the tools and calls some, and
prints what it saw as one JSON object on stdout; the Swift test asserts on it. The whole run
is bounded: it gives up after 40 s.
"""
import asyncio
import json
import sys

from mcp import Client, StdioServerParameters


def text_of(result):
    return "\n".join(getattr(part, "text", "") for part in result.content)


def hints(tool):
    a = tool.annotations
    if a is None:
        return {}
    return {"readOnly": a.read_only_hint, "destructive": a.destructive_hint}


async def run(binary, home, mode):
    args = ["mcp", "serve"] + (["--read-only"] if mode == "read-only" else [])
    server = StdioServerParameters(command=binary, args=args, env={"AIHELPER_HOME": home, "LANG": "C.UTF-8"})
    facts = {}
    async with Client(server, read_timeout_seconds=20) as client:
        facts["protocolVersion"] = client.protocol_version
        tools = (await client.list_tools()).tools
        facts["tools"] = [t.name for t in tools]
        facts["hints"] = {t.name: hints(t) for t in tools}
        facts["schemas"] = {t.name: t.input_schema for t in tools if t.name in ("create_task", "list_tasks")}
        if mode == "write":
            created = await client.call_tool("create_task", {"title": "Dentist", "date": "2026-12-01", "time": "09:30"})
            facts["create"] = {"text": text_of(created), "isError": bool(created.is_error)}
            bad = await client.call_tool("create_task", {"date": "2026-12-01"})
            facts["invalid"] = {"text": text_of(bad), "isError": bool(bad.is_error)}
            listed = await client.call_tool("list_tasks", {"from": "2026-12-01", "to": "2026-12-01"})
            facts["list"] = {"text": text_of(listed), "isError": bool(listed.is_error)}
            unknown = await client.call_tool("create_reminder", {"title": "Passport", "when": "2027-01-15"})
            facts["unknown"] = {"text": text_of(unknown), "isError": bool(unknown.is_error)}
            alias = await client.call_tool("create_reminder", {"title": "Passport", "due": "2027-01-15T09:30:00", "priority": "high"})
            facts["alias"] = {"text": text_of(alias), "isError": bool(alias.is_error)}
        else:
            refused = await client.call_tool("delete_task", {"title": "Dentist"})
            facts["delete"] = {"text": text_of(refused), "isError": bool(refused.is_error)}
            listed = await client.call_tool("list_tasks", {"from": "2026-12-01", "to": "2026-12-01"})
            facts["list"] = {"text": text_of(listed), "isError": bool(listed.is_error)}
    return facts


def main():
    binary, home, mode = sys.argv[1:4]
    facts = asyncio.run(asyncio.wait_for(run(binary, home, mode), timeout=40))
    print(json.dumps(facts, default=str))


if __name__ == "__main__":
    main()
