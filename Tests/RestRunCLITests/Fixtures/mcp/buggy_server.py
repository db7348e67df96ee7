"""An MCP server with planted bugs for `rest-run fuzz` (hand-written, no SDK, so nothing checks
its arguments or results for it). Over stdio, at the handshake revisions.
- echo: takes any `text`, a number or a list too (accepts invalid input);
- divide: exits when b is 0 (a crash);
- shape: answers structuredContent that breaks its outputSchema when n is above 3;
- strict: refuses what its schema refuses (no bug: the control)."""
import json
import os
import sys

TOOLS = [
    {"name": "echo", "inputSchema": {"type": "object", "properties": {"text": {"type": "string", "maxLength": 10}}, "required": ["text"]}},
    {"name": "divide", "inputSchema": {"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}},
                                       "required": ["a", "b"], "additionalProperties": False}},
    {"name": "shape", "inputSchema": {"type": "object", "properties": {"n": {"type": "integer", "minimum": 0, "maximum": 100}}, "required": ["n"]},
     "outputSchema": {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}},
    {"name": "strict", "inputSchema": {"type": "object", "properties": {"flag": {"type": "boolean"}}, "required": ["flag"], "additionalProperties": False}},
]


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def text(value, error=False):
    return {"content": [{"type": "text", "text": value}], "isError": error}


def call(name, arguments):
    if name == "echo":
        return text(str(arguments.get("text")))
    if name == "divide":
        a, b = arguments.get("a"), arguments.get("b")
        if not isinstance(a, int) or not isinstance(b, int):
            return text("a and b must be integers", error=True)
        if b == 0:
            os._exit(1)
        return {**text(str(a // b)), "structuredContent": {"result": a // b}}
    if name == "shape":
        n = arguments.get("n")
        if not isinstance(n, int) or isinstance(n, bool):
            return text("n must be an integer", error=True)
        return {**text(str(n)), "structuredContent": {"n": n if n <= 3 else str(n)}}
    if name == "strict":
        if set(arguments) != {"flag"} or not isinstance(arguments["flag"], bool):
            return text("flag must be a boolean, and nothing else", error=True)
        return text("ok")
    return None


for line in sys.stdin:
    message = json.loads(line)
    method, request_id = message.get("method"), message.get("id")
    if request_id is None:
        continue
    if method == "initialize":
        send({"jsonrpc": "2.0", "id": request_id, "result": {"protocolVersion": "2025-06-18", "capabilities": {"tools": {}},
                                                             "serverInfo": {"name": "buggy", "version": "1"}}})
    elif method == "tools/list":
        send({"jsonrpc": "2.0", "id": request_id, "result": {"tools": TOOLS}})
    elif method == "tools/call":
        result = call(message["params"]["name"], message["params"].get("arguments") or {})
        if result is None:
            send({"jsonrpc": "2.0", "id": request_id, "error": {"code": -32602, "message": "unknown tool"}})
        else:
            send({"jsonrpc": "2.0", "id": request_id, "result": result})
    else:
        send({"jsonrpc": "2.0", "id": request_id, "error": {"code": -32601, "message": f"Method not found: {method}"}})
