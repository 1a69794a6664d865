"""An MCP server written with the official Python SDK (mcp, in the mcp-venv) whose tools
answer with image content, for the client's image tests:

  snapshot   a 48 × 24 PNG (left half red, right half blue) and a line of text
  broken     an "image/png" whose bytes are not an image
"""

import struct
import zlib

from mcp.server.mcpserver import MCPServer, Image
from mcp.types import ImageContent, TextContent


def png(width, height):
    rows = b"".join(b"\x00" + b"".join(b"\xff\x00\x00" if x < width // 2 else b"\x00\x00\xff" for x in range(width))
                    for _ in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


server = MCPServer("pictures")


@server.tool(description="Takes a picture of the screen.")
def snapshot() -> list:
    return [TextContent(type="text", text="Here is the screen."), Image(data=png(48, 24), format="png").to_image_content()]


@server.tool(description="Returns a damaged picture.")
def broken() -> list:
    return [ImageContent(type="image", data="bm90IGFuIGltYWdl", mime_type="image/png")]


if __name__ == "__main__":
    server.run()
