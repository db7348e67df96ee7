import OrderedCollections

/// `rest-run schema`: a JSON Schema (draft 2020-12) of the request-file format, for editors
/// (yaml-language-server completes keys and flags mistakes as you type). Every mapping's keys come
/// from the loader's own tables (`RequestFileLoader.fileKeys`, `DeclaredExchangeLoader.keys`, ...),
/// each with its description, so the schema and the loader cannot drift apart: a key the loader
/// learns without a description here fails the tests.
package enum RequestFileSchema: EditorSchemaWriting {
    /// The schema, as a value (`prettyJSONText` prints it).
    package static var value: DecodedValue {
        var defs = OrderedDictionary<String, DecodedValue>()
        defs["request"] = request
        defs["use"] = use
        defs["predicate"] = predicate
        defs["predicates"] = predicates
        defs["expect"] = expect
        defs["capture"] = capture
        defs["options"] = options
        defs["retry"] = retry
        defs["headers"] = headers
        defs["auth"] = auth
        defs["template"] = string("A string; {{name}} reads a variable or capture, ${NAME} the environment.")
        defs["duration"] = .object([
            "description": .string("A duration: 250ms, 2s, 1m, 1h (or a ${NAME} that holds one)."),
            "type": .string("string"),
            "pattern": .string(#"^\s*([0-9]+(\.[0-9]+)?(ms|s|m|h)|\$\{.*\})\s*$"#),
        ])
        defs["conditions"] = conditions
        defs["for_each"] = forEach
        return object(
            keys: RequestFileLoader.fileKeys, descriptions: fileDescriptions.merging(KindFileSettings.editorDescriptions) { own, _ in own },
            types: fileTypes.merging(KindFileSettings.editorTypes) { own, _ in own },
            extra: [
                "$schema": .string("https://json-schema.org/draft/2020-12/schema"),
                "$id": .string("https://rest-run.dev/schemas/request-file.json"),
                "title": .string("rest-run request file"),
                "description": .string("A rest-run request file: settings, then the requests to send and check, in order."),
                "required": .array([.string("requests")]),
                // x- keys are left to the user (a home for YAML anchors).
                "patternProperties": .object(["^x-": .object([:])]),
                "$defs": .object(defs),
            ])
    }

    // MARK: The file

    static let fileDescriptions: [String: String] = [
        "name": "The suite name; default the file name without extension.",
        "include": "Settings files merged in first, relative to this file: a path or a list of paths.",
        "base_url": "The prefix of every relative url.",
        "variables": "Default variables; --var and --vars-file override them, captures override both.",
        "headers": "Headers sent with every request; a request may override one, or remove it with null.",
        "auth": "Authorization for every request: {basic: [user, password]} or {bearer: token}.",
        "options": "Defaults for every request's options.",
        "decoders": "External decoders by name: {Name: {command: [program, args...], timeout: 5s}}.",
        "openapi": "An OpenAPI 3.0 or 3.1 spec every response is checked against: a path, or {spec: path, strict: true}.",
        "load": "How rest-run load applies this file: rate and duration, phases that ramp, or vus (the closed model); max_in_flight; thresholds that fail the run (exit 4). rest-run run ignores it.",
        "exports": "The captures a file used as a flow (use:) gives back to the file using it.",
        "parameters": "The variables a flow needs from its use:'s with: (they have no default).",
        "requests": "The requests, run in order; a capture feeds the requests after it. An item is a request (with url) or a use: of a flow.",
    ]

    /// `load:`: a profile and thresholds.
    static var loadType: DecodedValue {
        let rate = DecodedValue.object(["anyOf": .array([.object(["type": .string("number"), "minimum": .integer(0)]), string(LoadRate.expectation)])])
        let count = DecodedValue.object(["type": .string("integer"), "minimum": .integer(1)])
        let bounds = DecodedValue.object([
            "type": .string("object"),
            "propertyNames": .object(["enum": .array(LoadSettings.comparisons.map { .string($0) })]),
            "additionalProperties": .object(["type": .array([.string("string"), .string("number")])]),
        ])
        let thresholds = DecodedValue.object(["type": .string("object"), "additionalProperties": bounds])
        let item = DecodedValue.object([
            "type": .string("object"), "properties": .object(["request": string("The request's name.")]), "additionalProperties": bounds,
        ])
        return object(
            keys: LoadSettings.keys,
            descriptions: [
                "phases": "Open model: phases in order, each {duration, rate} at a constant rate or {duration, rate, to} ramping linearly.",
                "rate": "Open model: iterations started a second (200/s, 30/m), with duration.",
                "duration": "How long the run lasts.",
                "vus": "Closed model: this many loops back to back, with duration.",
                "max_in_flight": "The most iterations in flight at once; one that finds no room is dropped and counted. Default 1000.",
                "thresholds": "Bounds checked at the end (exit 4 when one fails): {p95: {\"<\": 200ms}, error_rate: {\"<\": 1%}}, or a list whose items may name their request.",
            ],
            types: [
                "phases": .object(["type": .string("array"), "items": object(
                    keys: LoadSettings.phaseKeys,
                    descriptions: ["duration": "How long the phase lasts.", "rate": "Iterations a second at its start.", "to": "Iterations a second at its end (a ramp)."],
                    types: ["duration": ref("duration"), "rate": rate, "to": rate],
                    extra: ["required": .array([.string("duration"), .string("rate")])])]),
                "rate": rate, "duration": ref("duration"), "vus": count, "max_in_flight": count,
                "thresholds": .object(["anyOf": .array([thresholds, .object(["type": .string("array"), "items": item])])]),
            ],
            extra: [:])
    }

    static let fileTypes: [String: DecodedValue] = [
        "name": string(nil),
        "include": .object(["anyOf": .array([string(nil), stringList])]),
        "base_url": ref("template"),
        "variables": .object(["type": .string("object")]),
        "headers": ref("headers"),
        "auth": ref("auth"),
        "options": ref("options"),
        "decoders": .object([
            "type": .string("object"),
            "additionalProperties": object(
                keys: FileSettings.decoderKeys,
                descriptions: [
                    "command": "The program and its arguments; it reads the body on standard input and writes JSON.",
                    "timeout": "How long the program may run; default 10s.",
                ],
                types: ["command": .object(["type": .string("array"), "minItems": .integer(1), "items": string(nil)]), "timeout": ref("duration")],
                extra: ["required": .array([.string("command")])]),
        ]),
        "openapi": .object(["anyOf": .array([
            string(nil),
            object(
                keys: FileSettings.openAPIKeys,
                descriptions: ["spec": "The spec's path, relative to this file.", "strict": "Whether anything the spec does not declare fails."],
                types: ["spec": string(nil), "strict": boolean],
                extra: ["required": .array([.string("spec")])]),
        ])]),
        "load": loadType,
        "exports": stringList,
        "parameters": stringList,
        "requests": .object(["type": .string("array"), "items": .object(["anyOf": .array([ref("request"), ref("use")])])]),
    ]

    // MARK: A request

    static let requestDescriptions: [String: String] = [
        "name": "The name shown in output and reports; default METHOD url.",
        "method": "The HTTP method, upper case; default GET.",
        "url": "Absolute, or relative to base_url.",
        "query": "Query items, percent-encoded and appended: a mapping, or a list of one-key mappings to repeat a name.",
        "headers": "Headers over the file's; null removes one.",
        "auth": "Authorization over the file's: {basic: [user, password]} or {bearer: token}.",
        "json": "A JSON body (Content-Type application/json unless given).",
        "text": "A text body.",
        "form": "A form body (application/x-www-form-urlencoded): a mapping, or a list of one-key mappings to repeat a name.",
        "multipart": "A multipart/form-data body: a mapping of fields, or a list of parts.",
        "file": "A body read from a file, relative to the request file.",
        "base64": "A binary body written in base64.",
        "decode": "The decoder the body is read with (JSON, Text, Bytes, JSONAPI, a plugin's or an external one).",
        "expect": "The checks on the response; default status: 2xx.",
        "capture": "Values taken from the response for the requests after it: name → JSONPath, or {json|header|regex|status|body|cookie|events, secret}.",
        "options": "This request's options: timeout, connect_timeout, retry, follow_redirects, insecure, delay, max_body, skip, formats, http.",
        "tags": "Tags for --tag and --exclude-tag.",
        "when": "Run only if every condition holds: variable or capture name → predicate.",
        "for_each": "Run once per item of a list, a {{variable}} holding one, or {file: data.csv}; the item is {{item}}, its position {{index}}.",
        "repeat": "Send it this many times in a row, as one result with latency percentiles (1 to 100000).",
    ]

    /// `query:` and `form:`: a mapping, or a list of one-key mappings.
    static let namedItems: DecodedValue = .object(["anyOf": .array([
        .object(["type": .string("object")]),
        .object(["type": .string("array"), "items": .object(["type": .string("object"), "minProperties": .integer(1), "maxProperties": .integer(1)])]),
    ])])

    static var request: DecodedValue {
        var types: [String: DecodedValue] = [
            "name": string(nil),
            "method": .object(["type": .string("string"), "pattern": .string("^[A-Z0-9_-]+$"), "examples": .array(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"].map(DecodedValue.string))]),
            "url": ref("template"),
            "query": namedItems,
            "headers": ref("headers"),
            "auth": ref("auth"),
            "json": .object([:]),
            "text": string(nil),
            "form": namedItems,
            "multipart": .object(["anyOf": .array([
                .object(["type": .string("object")]),
                .object(["type": .string("array"), "items": object(
                    keys: BodyLoader.partKeys,
                    descriptions: [
                        "name": "The field's name.", "value": "A text value.", "file": "A file to send, relative to the request file.",
                        "content_type": "The part's Content-Type.", "filename": "The file name sent with a file part.",
                    ],
                    types: ["name": string(nil), "value": .object([:]), "file": string(nil), "content_type": string(nil), "filename": string(nil)],
                    extra: ["required": .array([.string("name")])])]),
            ])]),
            "file": string(nil),
            "base64": string(nil),
            "decode": string(nil),
            "expect": ref("expect"),
            "capture": ref("capture"),
            "options": ref("options"),
            "tags": stringList,
            "when": ref("conditions"),
            "for_each": ref("for_each"),
            "repeat": .object(["type": .string("integer"), "minimum": .integer(1), "maximum": .integer(DeclaredExchangeLoader.maxRepeat)]),
        ]
        var descriptions = requestDescriptions
        for kind in DeclaredExchangeLoader.kindSchemas {
            types[kind.key] = kind.schema
            descriptions[kind.key] = kind.description
        }
        return object(
            keys: DeclaredExchangeLoader.keys, descriptions: descriptions, types: types,
            extra: [
                // A request of a kind that needs no url under a file's base_url may have none.
                "anyOf": .array((["url"] + DeclaredExchangeLoader.kindsNeedingNoURL + DeclaredExchangeLoader.kindsWithTheirOwnAddress).map { .object(["required": .array([.string($0)])]) }),
                "description": .string("A request: what to send, what to check, what to capture."),
            ])
    }

    static let useDescriptions: [String: String] = [
        "use": "A flow file, relative to this file: its requests run here, in a scope of their own.",
        "with": "Values for the flow's variables and parameters (read in this file's scope).",
        "name": "The name its requests report under (login › get token); default the flow's name.",
        "when": "Run the flow only if every condition holds.",
        "for_each": "Run the flow once per item.",
        "tags": "Tags for --tag and --exclude-tag.",
    ]

    static var use: DecodedValue {
        object(
            keys: RequestFileLoader.useKeys, descriptions: useDescriptions,
            types: ["use": string(nil), "with": .object(["type": .string("object")]), "name": string(nil), "when": ref("conditions"), "for_each": ref("for_each"), "tags": stringList],
            extra: ["required": .array([.string("use")]), "description": .string("A step that runs another request file (a flow) in place.")])
    }

    // MARK: Expectations and captures

    static let predicateDescriptions: [String: String] = [
        "==": "Equals.", "!=": "Does not equal.", "<": "Less than (numbers, strings, durations).", "<=": "Less than or equal.",
        ">": "Greater than.", ">=": "Greater than or equal.", "equals": "Equals (use it to compare with an object).",
        "contains": "A string holds the text, a list the item, an object the key.", "starts_with": "A string starts with the text.",
        "ends_with": "A string ends with the text.", "matches": "A string matches the regular expression.",
        "exists": "Whether there is a value at all.", "type": "The JSON type: string, number, integer, boolean, array, object, null.",
        "count": "A predicate on the number of items, keys or characters.", "one_of": "Equals one of the listed values.",
        "not": "The predicate inside does not hold.", "schema": "Valid against a JSON Schema: inline, or {file: path#pointer}.",
    ]

    /// A mapping of predicates that must all hold.
    static var predicates: DecodedValue {
        var predicateTypes: [String: DecodedValue] = [:]
        for name in Predicate.operatorNames { predicateTypes[name] = .object([:]) }
        predicateTypes["type"] = .object(["enum": .array(Predicate.typeNames.map(DecodedValue.string))])
        predicateTypes["matches"] = string(nil)
        predicateTypes["exists"] = boolean
        predicateTypes["one_of"] = .object(["type": .string("array")])
        predicateTypes["count"] = ref("predicate")
        predicateTypes["not"] = ref("predicate")
        return object(keys: Predicate.operatorNames, descriptions: predicateDescriptions, types: predicateTypes, extra: ["minProperties": .integer(1)])
    }

    static var predicate: DecodedValue {
        .object([
            "description": .string("A value it must equal, or a mapping of predicates that must all hold."),
            "anyOf": .array([.object(["not": .object(["type": .string("object")])]), ref("predicates")]),
        ])
    }

    static let expectDescriptions: [String: String] = [
        "status": "200, [200, 204], \"2xx\", or a predicate; default 2xx.",
        "headers": "Header name → predicate (several values are joined with ', ').",
        "json": "JSONPath → predicate, on the decoded body.",
        "body": "The body as text → predicate.",
        "duration": "A predicate on the time of the last attempt, or budgets over all runs: {p95: {\"<\": 300ms}, max: ..., mean: ...}.",
        "schema": "The whole decoded body is valid against a JSON Schema: inline, or {file: path#pointer}.",
        "version": "The HTTP version of the response, \"1.1\" or \"2\", or a predicate on it.",
        "events": "With stream: JSONPath over the events (an array of {event, data, id, json}) → predicate.",
        "first_event": "With stream: a predicate on the time from sending to the first event, or budgets over all runs like duration's.",
        "trailers": "Trailer name → predicate: a gRPC call's trailing metadata.",
        "snapshot": "true, or {ignore: [JSONPath], headers: [name]}: the response is compared with the one recorded in __snapshots__/FILE.snap.yaml (written when missing; --update-snapshots rewrites it).",
    ]

    static var expect: DecodedValue {
        let predicateMap = DecodedValue.object(["type": .string("object"), "additionalProperties": ref("predicate")])
        let budgets = DecodedValue.object([
            "type": .string("object"),
            "propertyNames": .object(["pattern": .string(#"^(p[0-9]+(\.[0-9]+)?|max|mean|min)$"#)]),
            "additionalProperties": ref("predicate"),
        ])
        return object(
            keys: ExpectationLoader.keys,
            descriptions: expectDescriptions.merging(DeclaredExchangeLoader.kindExpectSchemas.map { ($0.key, $0.description) }) { own, _ in own },
            types: [
                "status": .object(["anyOf": .array([
                    .object(["type": .string("integer"), "minimum": .integer(100), "maximum": .integer(599)]),
                    .object(["type": .string("array"), "items": .object(["type": .string("integer")])]),
                    .object(["type": .string("string"), "pattern": .string("^[1-5]xx$")]),
                    ref("predicates"),
                ])]),
                "headers": predicateMap, "json": predicateMap, "body": ref("predicate"),
                "duration": .object(["anyOf": .array([ref("predicate"), budgets])]),
                "schema": .object([:]),
                "events": predicateMap,
                "first_event": .object(["anyOf": .array([ref("predicate"), budgets])]),
                "trailers": predicateMap,
                "snapshot": .object(["anyOf": .array([
                    .object(["type": .string("boolean")]),
                    .object([
                        "type": .string("object"), "additionalProperties": .bool(false),
                        "properties": .object([
                            "ignore": .object([
                                "description": .string("JSONPaths whose values are not compared (whether they are there still is)."),
                                "type": .string("array"), "items": .object(["type": .string("string"), "pattern": .string("^\\$")]),
                            ]),
                            "headers": .object([
                                "description": .string("Header names whose values are recorded and compared."),
                                "type": .string("array"), "items": .object(["type": .string("string")]),
                            ]),
                        ]),
                    ]),
                ])]),
                "version": .object(["anyOf": .array([.object(["enum": .array([.string("1.1"), .string("2"), .integer(2), .number(1.1)])]), ref("predicates")])]),
            ].merging(DeclaredExchangeLoader.kindExpectSchemas.map { ($0.key, $0.schema) }) { own, _ in own },
            extra: [:])
    }

    static let captureDescriptions: [String: String] = [
        "json": "A JSONPath into the decoded body.", "header": "A response header's value.", "trailer": "A trailer's value (a gRPC call's trailing metadata).",
        "regex": "The first group (or the match) of a regular expression on the body.", "status": "true: the status code.",
        "body": "true: the whole body.", "cookie": "A cookie the response sets.", "events": "A JSONPath over a stream's events.", "secret": "true: the value is redacted everywhere.",
    ]

    static var capture: DecodedValue {
        let source = object(
            keys: ExpectationLoader.captureKeys, descriptions: captureDescriptions,
            types: ["json": string(nil), "header": string(nil), "trailer": string(nil), "regex": string(nil), "status": boolean, "body": boolean, "cookie": string(nil), "events": string(nil), "secret": boolean],
            extra: [:])
        return .object([
            "type": .string("object"),
            "additionalProperties": .object(["anyOf": .array([string("A JSONPath into the decoded body."), source])]),
        ])
    }

    // MARK: Options and the rest

    static let optionDescriptions: [String: String] = [
        "timeout": "The whole request must finish within this time; default 30s.",
        "connect_timeout": "Connecting must finish within this time; default 10s.",
        "retry": "A number of attempts, or {attempts, delay, backoff, max_delay, on, methods}.",
        "follow_redirects": "true, false, or the most redirects to follow; default false.",
        "insecure": "true: do not check TLS certificates.",
        "tls": "{ca: PEM file of trusted CAs (instead of the system's), cert: client certificate, key: its private key}, relative to this file.",
        "delay": "Wait this long before sending.",
        "max_body": "The largest response body accepted, such as 10MB; default 64MB.",
        "skip": "true, or a reason: do not send it.",
        "formats": "assert: schema: checks format (dates, e-mails, ...); annotate (default): it does not.",
        "http": "\"2\": HTTP/2 over TLS (ALPN), or fail; \"1.1\": never HTTP/2; auto (default): HTTP/2 when an https:// server offers it.",
    ]

    static var options: DecodedValue {
        object(
            keys: OptionsLoader.keys, descriptions: optionDescriptions,
            types: [
                "timeout": ref("duration"), "connect_timeout": ref("duration"), "retry": ref("retry"),
                "follow_redirects": .object(["anyOf": .array([boolean, .object(["type": .string("integer"), "minimum": .integer(0)])])]),
                "insecure": boolean, "delay": ref("duration"),
                "tls": object(
                    keys: OptionsLoader.tlsKeys,
                    descriptions: [
                        "ca": "A PEM file of the certificate authorities to trust instead of the system's.",
                        "cert": "A PEM client certificate for mutual TLS (with key).",
                        "key": "The client certificate's PEM private key.",
                    ],
                    types: ["ca": string(nil), "cert": string(nil), "key": string(nil)], extra: [:]),
                "max_body": .object(["anyOf": .array([.object(["type": .string("integer"), "minimum": .integer(0)]), string(nil)])]),
                "skip": .object(["anyOf": .array([boolean, string(nil)])]),
                "formats": .object(["enum": .array([.string("assert"), .string("annotate")])]),
                "http": .object(["enum": .array([.string("2"), .string("1.1"), .string("auto"), .integer(2), .number(1.1)])]),
            ],
            extra: [:])
    }

    static let retryDescriptions: [String: String] = [
        "attempts": "How many attempts in all; default 3.", "delay": "The wait before the next attempt; default 200ms.",
        "backoff": "constant (default) or exponential.", "max_delay": "The longest wait with exponential backoff; default 30s.",
        "on": "What is retried: network, a status (503), a class (5xx), expectations.", "methods": "Only these methods are retried.",
    ]

    static var retry: DecodedValue {
        .object(["anyOf": .array([
            .object(["type": .string("integer"), "minimum": .integer(1), "description": .string("How many attempts in all.")]),
            object(
                keys: OptionsLoader.retryKeys, descriptions: retryDescriptions,
                types: [
                    "attempts": .object(["type": .string("integer"), "minimum": .integer(1)]), "delay": ref("duration"),
                    "backoff": .object(["enum": .array([.string("constant"), .string("exponential")])]), "max_delay": ref("duration"),
                    "on": .object(["type": .string("array")]), "methods": stringList,
                ],
                extra: [:]),
        ])])
    }

    static var headers: DecodedValue {
        .object([
            "type": .string("object"),
            "additionalProperties": .object(["type": .array([.string("string"), .string("number"), .string("boolean"), .string("null")])]),
        ])
    }

    static var auth: DecodedValue {
        object(
            keys: AuthLoader.authKeys,
            descriptions: [
                "basic": "[user, password]: HTTP Basic.", "bearer": "A token: Authorization: Bearer TOKEN.",
                "digest": "[user, password]: answers the server's Digest challenge (RFC 7616: MD5 or SHA-256, qop=auth).",
                "oauth2": "An OAuth 2.0 token fetched once for the run and renewed before it expires.",
                "aws_sigv4": "Signs every attempt with AWS Signature Version 4.",
            ],
            types: [
                "basic": .object(["type": .string("array"), "minItems": .integer(2), "maxItems": .integer(2), "items": string(nil)]),
                "bearer": string(nil),
                "digest": .object(["type": .string("array"), "minItems": .integer(2), "maxItems": .integer(2), "items": string(nil)]),
                "oauth2": object(
                    keys: AuthLoader.oauth2Keys,
                    descriptions: [
                        "token_url": "The token endpoint.", "client_id": "The client's id.", "client_secret": "The client's secret.",
                        "scope": "Scopes, separated by spaces.", "grant": "client_credentials (the default), password or refresh_token.",
                        "username": "For grant: password.", "password": "For grant: password.", "refresh_token": "For grant: refresh_token.",
                        "client_auth": "basic (the default: the client's id and secret as HTTP Basic) or body (in the form).",
                    ],
                    types: [
                        "grant": .object(["enum": .array([.string("client_credentials"), .string("password"), .string("refresh_token")])]),
                        "client_auth": .object(["enum": .array([.string("basic"), .string("body")])]),
                    ],
                    extra: ["required": .array([.string("token_url"), .string("client_id")]), "additionalProperties": .bool(false)]),
                "aws_sigv4": object(
                    keys: AuthLoader.sigV4Keys,
                    descriptions: [
                        "region": "us-east-1, ...", "service": "execute-api, s3, ...", "access_key": "The access key id.",
                        "secret_key": "The secret access key.", "session_token": "A temporary credential's session token.",
                    ],
                    types: [:],
                    extra: [
                        "required": .array([.string("region"), .string("service"), .string("access_key"), .string("secret_key")]),
                        "additionalProperties": .bool(false),
                    ]),
            ],
            extra: ["minProperties": .integer(1), "maxProperties": .integer(1)])
    }

    static var conditions: DecodedValue {
        .object(["type": .string("object"), "additionalProperties": ref("predicate")])
    }

    static var forEach: DecodedValue {
        .object(["anyOf": .array([
            .object(["type": .string("array")]),
            string("A {{variable}} or capture that holds a list."),
            object(
                keys: DeclaredExchangeLoader.forEachKeys,
                descriptions: ["file": "A data file, relative to the request file: CSV with a header row, or a JSON or YAML list."],
                types: ["file": string(nil)], extra: ["required": .array([.string("file")])]),
        ])])
    }
}
