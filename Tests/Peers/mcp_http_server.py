"""Remote MCP peers for Tests/MCPClientTests/MCPRemoteTests (PeerServer protocol: prints
`PORT <n>` first, exits when its stdin closes).

  mcp [TOKEN]  the official Python SDK's MCPServer (FastMCP) over Streamable HTTP at /mcp, tools `echo`
               and `add`; with TOKEN, a request without `Authorization: Bearer TOKEN` gets 401
  bad          a plain http.server: /redirect answers 307 to 127.0.0.2 (another host),
               /html a web page, /endless an SSE stream that never ends (64 KB events)
"""
import http.server
import os
import socket
import sys
import threading


def exit_when_stdin_closes():
    def watch():
        while sys.stdin.buffer.read(4096):
            pass
        os._exit(0)
    threading.Thread(target=watch, daemon=True).start()


def listening_socket():
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)
    return sock


def serve_mcp(token):
    import uvicorn
    from mcp.server.mcpserver import MCPServer

    mcp = MCPServer("remote-peer")

    @mcp.tool()
    def echo(text: str) -> str:
        """Says the text back."""
        return "echo: " + text

    @mcp.tool()
    def add(a: int, b: int) -> int:
        """Adds two numbers."""
        return a + b

    app = mcp.streamable_http_app(host="127.0.0.1")

    async def guarded(scope, receive, send):
        if token and scope["type"] == "http":
            headers = dict(scope["headers"])
            if headers.get(b"authorization") != ("Bearer " + token).encode():
                await send({"type": "http.response.start", "status": 401,
                            "headers": [(b"content-type", b"application/json")]})
                await send({"type": "http.response.body", "body": b'{"error": "missing or wrong bearer token"}'})
                return
        await app(scope, receive, send)

    sock = listening_socket()
    print("PORT %d" % sock.getsockname()[1], flush=True)
    exit_when_stdin_closes()
    config = uvicorn.Config(guarded, log_level="warning", lifespan="on")
    # The MCPServer app's lifespan runs its session manager.
    config.lifespan = "on"
    uvicorn.Server(config).run(sockets=[sock])


class Bad(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_POST(self):
        length = int(self.headers.get("content-length") or 0)
        self.rfile.read(length)
        port = self.server.server_address[1]
        if self.path.startswith("/redirect"):
            self.send_response(307)
            self.send_header("Location", "http://127.0.0.2:%d/mcp" % port)
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif self.path.startswith("/html"):
            body = b"<!DOCTYPE html>\n<html><head><title>Sign in</title></head><body>Please sign in</body></html>"
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        else:  # /endless
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.end_headers()
            chunk = b"event: ping\ndata: " + b"x" * 65536 + b"\n\n"
            try:
                while True:
                    self.wfile.write(chunk)
            except OSError:
                pass


def serve_bad():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Bad)
    server.daemon_threads = True
    print("PORT %d" % server.server_address[1], flush=True)
    exit_when_stdin_closes()
    server.serve_forever()


if __name__ == "__main__":
    if sys.argv[1] == "mcp":
        serve_mcp(sys.argv[2] if len(sys.argv) > 2 else "")
    else:
        serve_bad()
