"""An MCP server for rest-run's tests, on the official Python SDK: notes kept in memory, a tool
with an output schema, one that reports errors, one that reports progress, a prompt and a
resource. `python3 notes_server.py` speaks over stdio; `--http` over Streamable HTTP on a free port it prints."""
import asyncio
import os
import sys
import uuid

from pydantic import BaseModel, Field

from typing import Annotated

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.resolve import Elicit, ListRoots, Resolve, Sample
from mcp.types import CreateMessageResult, ListRootsResult, SamplingMessage, TextContent
from mcp.server.mcpserver.exceptions import ToolError

server = MCPServer("notes")
notes: dict[str, dict] = {}


class NoteId(BaseModel):
    id: str
    title: str


@server.tool()
def add_note(title: str, body: str = "") -> NoteId:
    """Adds a note and returns its id."""
    note_id = str(uuid.uuid4())
    notes[note_id] = {"title": title, "body": body}
    return NoteId(id=note_id, title=title)


@server.tool()
def delete_note(id: str) -> str:
    """Deletes a note."""
    if id not in notes:
        raise ToolError(f"no such note: {id}")
    del notes[id]
    return "deleted"


@server.tool()
async def slow_count(to: int, ctx: Context) -> int:
    """Counts to `to`, reporting progress at each step."""
    await ctx.info(f"counting to {to}")
    for step in range(1, to + 1):
        await ctx.report_progress(step, to)
        await asyncio.sleep(0.01)
    return to


@server.tool()
def token() -> str:
    """The NOTES_TOKEN the server was started with (to see what reaches its environment)."""
    return os.environ.get("NOTES_TOKEN", "") + "|" + ("leaked" if "REST_RUN_SECRET_PROBE" in os.environ else "clean")


@server.tool()
def broken_output() -> NoteId:
    """Claims an output schema, and answers something else."""
    return {"id": 7}  # type: ignore[return-value]


@server.tool()
async def hang(seconds: float) -> str:
    """Answers after `seconds`."""
    await asyncio.sleep(seconds)
    return "late"


@server.tool()
def crash() -> str:
    """Ends the server."""
    print("crashing on purpose", file=sys.stderr, flush=True)
    os._exit(3)


class Title(BaseModel):
    title: str


async def ask_title() -> Elicit[Title]:
    return Elicit("A title for the note?", Title)


@server.tool()
def titled(title: Annotated[Title, Resolve(ask_title)]) -> str:
    """Adds a note whose title the client is asked for (elicitation)."""
    return title.title


async def ask_model() -> Sample:
    return Sample([SamplingMessage(role="user", content=TextContent(type="text", text="Name a note."))], max_tokens=20)


@server.tool()
def sampled(answer: Annotated[CreateMessageResult, Resolve(ask_model)]) -> str:
    """What the client's model answered (sampling)."""
    return f"{answer.model}: {answer.content.text}"


async def ask_roots() -> ListRoots:
    return ListRoots()


@server.tool()
def rooted(roots: Annotated[ListRootsResult, Resolve(ask_roots)]) -> list[str]:
    """The names of the client's roots."""
    return [root.name or str(root.uri) for root in roots.roots]


@server.tool()
def regional(region: Annotated[str, Field(json_schema_extra={"x-mcp-header": "Region"})]) -> str:
    """Answers its region, which the stateless revision also sends as the Mcp-Param-Region header."""
    return region


@server.resource("notes://{note_id}")
def read_note(note_id: str) -> str:
    """A note's title and body."""
    note = notes.get(note_id)
    if note is None:
        raise ValueError(f"no such note: {note_id}")
    return f"{note['title']}\n{note['body']}"


@server.prompt()
def summarize(topic: str, style: str = "short") -> str:
    """Asks for a summary."""
    return f"Summarize {topic} in a {style} way."


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--http":
        import socket
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        print(f"listening {port}", flush=True)
        server.run(transport="streamable-http", port=port)
    else:
        server.run()
