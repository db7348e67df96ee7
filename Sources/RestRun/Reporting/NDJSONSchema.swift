/// The JSON Schema (draft 2020-12) of one line of `--report-ndjson` (`rest-run schema --ndjson`):
/// every line is one of the events below, told apart by `event`.
package enum NDJSONSchema {
    /// The schema.
    package static var value: DecodedValue { (try? JSONParser.parse(text)) ?? .null }

    /// The schema as JSON text.
    static let text = #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "https://github.com/rest-run/rest-run/schemas/report-ndjson-1.json",
          "title": "One line of rest-run --report-ndjson (version 1)",
          "description": "Each line is one JSON object, written whole as it happens. run_started comes first and run_finished last; file_started, request_finished and file_finished come between, and with --jobs the lines of files that run side by side interleave (never within a line). rest-run fuzz adds finding lines, rest-run load progress lines.",
          "type": "object",
          "required": ["event", "time"],
          "properties": {
            "event": { "enum": ["run_started", "file_started", "request_finished", "file_finished", "run_finished", "finding", "progress"] },
            "time": { "type": "string", "format": "date-time", "description": "When the line was written: RFC 3339, UTC, milliseconds." }
          },
          "oneOf": [
            {
              "properties": {
                "event": { "const": "run_started" },
                "version": { "const": 1 },
                "tool": { "type": "string" },
                "command": { "enum": ["run", "fuzz", "load"] },
                "files": { "type": "array", "items": { "type": "string" } },
                "requests": { "type": "integer", "minimum": 0 }
              },
              "required": ["version", "tool", "command", "files"]
            },
            {
              "properties": {
                "event": { "const": "file_started" },
                "file": { "type": "string" },
                "name": { "type": "string" }
              },
              "required": ["file", "name"]
            },
            {
              "description": "Every member of the JSON report's request object, with the file that ran and the request's line and column (location names the file the request is written in: a flow's, say).",
              "properties": {
                "event": { "const": "request_finished" },
                "file": { "type": "string" },
                "line": { "type": ["integer", "null"] },
                "column": { "type": ["integer", "null"] },
                "name": { "type": "string" },
                "method": { "type": "string" },
                "url": { "type": "string" },
                "outcome": { "enum": ["passed", "failed", "error", "skipped"] },
                "status": { "type": ["integer", "null"] },
                "duration_ms": { "type": "number", "minimum": 0 },
                "attempts": { "type": "integer", "minimum": 0 },
                "location": { "$ref": "#/$defs/location" },
                "expectations": { "type": "array", "items": { "type": "object", "required": ["label", "passed", "expected", "actual"] } },
                "captures": { "type": "object" },
                "failures": { "type": "array", "items": { "$ref": "#/$defs/failure" } },
                "skip_reason": { "type": "string" },
                "notes": { "type": "array", "items": { "type": "string" }, "description": "What happened beside the checks: snapshot written, snapshot updated." }
              },
              "required": ["file", "line", "column", "name", "method", "url", "outcome", "status", "duration_ms", "attempts", "location", "expectations", "captures", "failures"]
            },
            {
              "properties": {
                "event": { "const": "file_finished" },
                "file": { "type": "string" },
                "name": { "type": "string" },
                "duration_ms": { "type": "number", "minimum": 0 },
                "passed": { "type": "integer", "minimum": 0 },
                "failed": { "type": "integer", "minimum": 0 },
                "errors": { "type": "integer", "minimum": 0 },
                "skipped": { "type": "integer", "minimum": 0 },
                "invalid": { "type": "boolean" },
                "snapshots": {
                  "type": "object",
                  "description": "What the run did to the file's snapshot file (__snapshots__/FILE.snap.yaml).",
                  "required": ["path", "written", "updated", "obsolete", "removed"],
                  "properties": {
                    "path": { "type": "string" },
                    "written": { "type": "array", "items": { "type": "string" } },
                    "updated": { "type": "array", "items": { "type": "string" } },
                    "obsolete": { "type": "array", "items": { "type": "string" } },
                    "removed": { "type": "array", "items": { "type": "string" } },
                    "error": { "type": "string" }
                  }
                },
                "problems": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "required": ["message", "line", "column", "location"],
                    "properties": {
                      "message": { "type": "string" },
                      "line": { "type": ["integer", "null"] },
                      "column": { "type": ["integer", "null"] },
                      "location": { "$ref": "#/$defs/location" }
                    }
                  }
                }
              },
              "required": ["file", "name", "duration_ms", "passed", "failed", "errors", "skipped", "invalid"]
            },
            {
              "properties": {
                "event": { "const": "run_finished" },
                "passed": { "type": "integer", "minimum": 0 },
                "failed": { "type": "integer", "minimum": 0 },
                "errors": { "type": "integer", "minimum": 0 },
                "skipped": { "type": "integer", "minimum": 0 },
                "files": { "type": "integer", "minimum": 0 },
                "invalid_files": { "type": "integer", "minimum": 0 },
                "exit_code": { "type": "integer" },
                "duration_ms": { "type": "number", "minimum": 0 },
                "interrupted": { "type": "boolean" },
                "iterations": {
                  "type": "object",
                  "description": "rest-run load: iterations scheduled, started, completed and dropped.",
                  "required": ["scheduled", "started", "completed", "dropped"]
                },
                "requests": { "type": "integer", "minimum": 0, "description": "rest-run fuzz: requests sent." },
                "findings": { "type": "integer", "minimum": 0, "description": "rest-run fuzz: findings." },
                "thresholds": {
                  "type": "array",
                  "description": "rest-run load: each threshold with the figure it was checked against.",
                  "items": { "type": "object", "required": ["expression", "request", "actual", "ok"] }
                }
              },
              "required": ["passed", "failed", "errors", "skipped", "exit_code", "duration_ms", "interrupted"]
            },
            {
              "description": "rest-run fuzz: a finding, as its operation's line is done (the members of the JSON report's finding).",
              "properties": {
                "event": { "const": "finding" },
                "operation": { "type": "string" },
                "check": { "type": "string" },
                "summary": { "type": "string" },
                "status": { "type": "integer" },
                "message": { "type": "string" },
                "details": { "type": "array", "items": { "type": "string" } },
                "steps": { "type": "array", "items": { "type": "object", "required": ["method", "url", "status", "curl"] } },
                "file": { "type": ["string", "null"] }
              },
              "required": ["operation", "check", "status", "message", "steps"]
            },
            {
              "description": "rest-run load, every second: the run so far.",
              "properties": {
                "event": { "const": "progress" },
                "elapsed_s": { "type": "number", "minimum": 0 },
                "duration_s": { "type": "number", "minimum": 0 },
                "completed": { "type": "integer", "minimum": 0 },
                "rate": { "type": "number", "minimum": 0, "description": "Iterations completed a second since the line before." },
                "in_flight": { "type": "integer", "minimum": 0 },
                "dropped": { "type": "integer", "minimum": 0 },
                "errors": { "type": "integer", "minimum": 0 },
                "p50_ms": { "type": "number", "minimum": 0 },
                "p99_ms": { "type": "number", "minimum": 0 }
              },
              "required": ["elapsed_s", "duration_s", "completed", "rate", "in_flight", "dropped", "errors", "p50_ms", "p99_ms"]
            }
          ],
          "$defs": {
            "location": {
              "type": ["object", "null"],
              "required": ["file", "line", "column"],
              "properties": { "file": { "type": "string" }, "line": { "type": "integer" }, "column": { "type": "integer" } }
            },
            "failure": {
              "type": "object",
              "required": ["message", "line", "column", "expected", "actual"],
              "properties": {
                "message": { "type": "string" },
                "line": { "type": ["integer", "null"] },
                "column": { "type": ["integer", "null"] },
                "expected": { "type": ["string", "null"] },
                "actual": { "type": ["string", "null"] },
                "location": { "$ref": "#/$defs/location" },
                "notes": { "type": "array", "items": { "type": "string" } }
              }
            }
          }
        }
        """#
}
