"""Drives `rest-run mcp` with the official Python SDK's client (another language's MCP client):
lists its tools, calls each, and prints one JSON line per step for the test to check.
Usage: drive_rest_run.py REST_RUN ROOT MODE, MODE being auto (the stateless revision) or legacy."""
import asyncio
import json
import sys

from mcp import Client, StdioServerParameters

rest_run, root, mode = sys.argv[1], sys.argv[2], sys.argv[3]


def show(step, value):
    print(json.dumps({"step": step, "value": value}), flush=True)


async def main():
    params = StdioServerParameters(command=rest_run, args=["mcp", "--root", root])
    async with Client(params, mode=mode) as client:
        show("version", client.protocol_version if hasattr(client, "protocol_version") else None)
        tools = await client.list_tools()
        show("tools", sorted([(t.name, bool(t.input_schema), bool(t.output_schema)) for t in tools.tools]))
        progress = []

        async def on_progress(done, total, message):
            progress.append([done, total, message])

        for name, arguments in [
            ("check", {"paths": ["."], "vars": {"word": "hi"}}),
            ("list", {"paths": ["smoke.yaml"], "vars": {"word": "hi"}}),
            ("run", {"paths": ["smoke.yaml"], "vars": {"word": "hi"}}),
            ("import", {"format": "curl", "text": "curl -H 'X-A: 1' http://127.0.0.1:9/x"}),
            ("schema", {}),
            ("check", {"paths": ["../outside.yaml"]}),
        ]:
            result = await client.call_tool(name, arguments, progress_callback=on_progress if name == "run" else None)
            structured = result.structured_content
            if name == "schema" and structured:
                structured = {"has_requests": "requests" in json.dumps(structured)}
            text = result.content[0].text if result.content else ""
            show(name, {"isError": result.is_error, "structured": structured, "text": text[:300]})
        show("progress", progress)


asyncio.run(main())
