"""A hand-written MCP server of the handshake revisions only (no SDK), for the behaviours the
SDK's servers do not show: it refuses `server/discover`, answers with a structuredContent that
breaks its outputSchema, asks the client for roots, sampling and elicitation, logs, and can
write a line that is not JSON-RPC. Over stdio."""
import json
import sys

REVISIONS = ["2025-06-18", "2025-03-26", "2024-11-05"]
OUTPUT = {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}
TOOLS = [
    {"name": "echo", "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}},
    {"name": "bad_output", "inputSchema": {"type": "object"}, "outputSchema": OUTPUT},
    {"name": "no_structured", "inputSchema": {"type": "object"}, "outputSchema": OUTPUT},
    {"name": "ask", "inputSchema": {"type": "object", "properties": {"method": {"type": "string"}}}},
    {"name": "noise", "inputSchema": {"type": "object"}},
    {"name": "log", "inputSchema": {"type": "object"}},
]


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def read():
    line = sys.stdin.readline()
    if not line:
        sys.exit(0)
    return json.loads(line)


def text(value):
    return {"content": [{"type": "text", "text": value}]}


def call(name, arguments, request_id):
    if name == "echo":
        return text(arguments.get("text", ""))
    if name == "bad_output":
        return {**text("{}"), "structuredContent": {"id": 7}}
    if name == "no_structured":
        return text("no structured content")
    if name == "ask":
        method = arguments.get("method", "roots/list")
        params = {"messages": [], "maxTokens": 10} if method == "sampling/createMessage" else {}
        if method == "elicitation/create":
            params = {"message": "title?", "requestedSchema": {"type": "object", "properties": {"title": {"type": "string"}}}}
        send({"jsonrpc": "2.0", "id": "server-1", "method": method, "params": params})
        answer = read()
        return {**text(json.dumps(answer)), "structuredContent": answer}
    if name == "noise":
        sys.stdout.write("this is not JSON-RPC\n")
        sys.stdout.flush()
        return None
    if name == "log":
        send({"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": "hello"}})
        return text("logged")
    raise KeyError(name)


while True:
    message = read()
    method, request_id = message.get("method"), message.get("id")
    if request_id is None:
        continue
    if method == "initialize":
        asked = message["params"]["protocolVersion"]
        version = asked if asked in REVISIONS else REVISIONS[0]
        result = {"protocolVersion": version, "capabilities": {"tools": {}}, "serverInfo": {"name": "legacy", "version": "1"},
                  "clientCapabilities": message["params"]["capabilities"]}
        send({"jsonrpc": "2.0", "id": request_id, "result": result})
    elif method == "tools/list":
        send({"jsonrpc": "2.0", "id": request_id, "result": {"tools": TOOLS}})
    elif method == "tools/call":
        result = call(message["params"]["name"], message["params"].get("arguments", {}), request_id)
        if result is not None:
            send({"jsonrpc": "2.0", "id": request_id, "result": result})
    elif method == "ping":
        send({"jsonrpc": "2.0", "id": request_id, "result": {}})
    else:
        send({"jsonrpc": "2.0", "id": request_id, "error": {"code": -32601, "message": f"Method not found: {method}"}})
