"""A hand-written Streamable HTTP MCP server (handshake revisions, JSON answers) that takes only
requests carrying an OAuth 2.0 token its own /token endpoint issued (client credentials), for
`mcp_server: { auth: { oauth2: ... } }`. Prints `listening PORT`, then serves."""
import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

TOKEN = "issued-token-4711"


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def answer(self, status, body=None, content_type="application/json"):
        data = b"" if body is None else json.dumps(body).encode()
        self.send_response(status)
        if body is not None:
            self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length)
        if self.path == "/token":
            form = dict(pair.split("=", 1) for pair in raw.decode().split("&") if "=" in pair)
            if form.get("grant_type") != "client_credentials":
                return self.answer(400, {"error": "unsupported_grant_type"})
            return self.answer(200, {"access_token": TOKEN, "token_type": "Bearer", "expires_in": 3600})
        if self.headers.get("Authorization") != "Bearer " + TOKEN:
            return self.answer(401, {"error": "invalid_token"})
        message = json.loads(raw)
        method, request_id = message.get("method"), message.get("id")
        if request_id is None:
            return self.answer(202)
        if method == "initialize":
            result = {"protocolVersion": "2025-06-18", "capabilities": {"tools": {}}, "serverInfo": {"name": "auth", "version": "1"}}
        elif method == "tools/list":
            result = {"tools": [{"name": "whoami", "inputSchema": {"type": "object"}}]}
        elif method == "tools/call":
            result = {"content": [{"type": "text", "text": "token accepted"}]}
        else:
            return self.answer(200, {"jsonrpc": "2.0", "id": request_id, "error": {"code": -32601, "message": f"Method not found: {method}"}})
        self.answer(200, {"jsonrpc": "2.0", "id": request_id, "result": result})


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(f"listening {server.server_address[1]}", flush=True)
server.serve_forever()
