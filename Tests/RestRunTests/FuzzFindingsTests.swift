import RestRun
@testable import RestRunFuzzing
import RestRunGraphQL
import Testing

/// Inputs that once crashed, hung or took too long (found by fuzzing, here and outside the project),
/// kept as regression tests: each must load to a file or to diagnostics, quickly.
@Suite("Fuzz findings stay fixed")
struct FuzzFindingsTests {
    static let loaderInputs: [String] = [
        // JSONPathParser.integer() took abs(Int.min) and trapped.
        "requests:\n  - url: http://127.0.0.1:1/\n    capture: { token: { json: '$[-9223372036854775808]' } }\n",
        "requests:\n  - url: http://127.0.0.1:1/\n    expect: { json: { '$[99999999999999999999999]': 1 } }\n",
        "requests:\n  - url: http://127.0.0.1:1/\n    expect: { json: { '$[?@.a == 1e999999]': 1 } }\n",
        // Aliases expanded without a limit: seconds and gigabytes.
        "variables:\n  a: &a [x, x, x, x, x, x, x, x, x, x]\n  b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
            + "  c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n  d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
            + "  e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n  f: [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n"
            + "requests:\n  - url: http://127.0.0.1:1/\n",
        // Includes of things that are not regular files.
        "include: /dev/zero\nrequests:\n  - url: http://127.0.0.1:1/\n",
        "include: /\nrequests:\n  - url: http://127.0.0.1:1/\n",
        "requests:\n  - url: http://127.0.0.1:1/\n    file: /dev/urandom\n",
        // Deep nesting and long lines.
        String(repeating: "[", count: 100_000),
        "requests:\n  - url: http://127.0.0.1:1/\n    name: " + String(repeating: "{{", count: 50_000) + "\n",
        "requests:\n  - url: \"${" + String(repeating: "A", count: 100_000) + "\n",
        // A lone CR before a block-scalar GraphQL query: libyaml counts it as a line break, the
        // source's lines do not, and the query's place was looked for past the last line.
        "# A GraphQL API: queries checked against its schema when the file loads (docs/request-format.md,\n# \"GraphQL\"). \r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\rOffline: rest-run requests/graphql.yaml --mock requests/mock/routes.yaml\nbase_url: ${GRAPHQL_URL:-{{mock_url}}}\ngraphql_schema: mock/starwars.graphql\nvariables:\n  stars: 5\nrequests:\n  - name: hero and friends\n    url: /graphql\n    graphql:\n      query: |\n        query Hero($episode: Episode) {\n          hero(episode: $episode) {\n            __typename\n            name\n            friends { name }\n          did not find expected <do}\n        }\n      variables: { episode: JEDI }\n    expect:\n      json:\n        $.data.hero.name: R2-D2\n        $.data.hero.friends: { count: 2 }\n    capture:\n      hero: $.data.hero.name\n  - name: review\n    url: /graphql\n    graphql:\n      query: |\n        mutation CreateReview($episode: Episode, $review: ReviewInput!) {\n          createReview(episode: $episode, review: $review) { stars commentary }\n        }\n      variables:\n        episode: JEDI\n        review: { stars: \"{{stars}}\", commentary: \"{{hero}} was great\" }\n    expect:\n      json:\n        $.data.createReview.stars: 5\n",
        // Duplicate keys were checked pairwise: a mapping of many keys took quadratic time.
        "requests:\n  - url: http://127.0.0.1:1/\n    headers:\n" + (0..<50_000).map { "      X-H\($0): v\n" }.joined(),
    ]

    /// A generous bound for a debug build on a busy machine: what these inputs once did took
    /// minutes (or never ended); the release binary loads each in milliseconds.
    static let budget = Duration.seconds(60)

    @Test("the loader answers every finding with a file or diagnostics, within a bound")
    func loaderFindings() {
        let loader = RequestFileLoader(predefinedVariables: ["mock_url"])
        for input in Self.loaderInputs {
            let start = ContinuousClock.now
            do {
                _ = try loader.load(text: input, path: "/nonexistent/finding.yaml")
            } catch {
                #expect(!error.diagnostics.isEmpty)
            }
            #expect(ContinuousClock.now - start < Self.budget, "\(input.prefix(60))")
        }
    }

    @Test("a query holding type system definitions is answered, not validated into a trap")
    func graphQLTypeSystemInQuery() throws {
        // GraphQLSwift gives a schema's operation types the kind of an operation, and its
        // validation rules cast them as operations: a `schema { ... }` in a query trapped.
        let schema = try GraphQLSchemaBuilder.build("type Query { a: Int }")
        let cases = [
            ("schema {\n  query: Query\n}\nquery { a }", "a schema definition is not executable", 1),
            ("query { a }\nextend schema { mutation: Query }", "a schema definition is not executable", 2),
            ("query { a }\n\ntype User { id: ID }", "the type definition 'User' is not executable", 3),
            ("directive @d on FIELD\nquery { a }", "the directive definition '@d' is not executable", 1),
        ]
        for (query, message, line) in cases {
            for checked in [schema, nil] {
                let problems = GraphQLQueryCheck.problems(query, operationName: nil, variables: [], schema: checked)
                #expect(problems.first?.message.hasPrefix(message) == true, "\(query)")
                #expect(problems.first?.line == line, "\(query)")
            }
        }
    }

    @Test("the JSONPath parser refuses every malformed finding without trapping")
    func jsonPathFindings() {
        for path in ["$[-9223372036854775808]", "$[9223372036854775807:]", "$[::-9223372036854775808]", "$[?@[-9007199254740992]]",
                     "$" + String(repeating: "[?@", count: 2_000), "$[?" + String(repeating: "(", count: 5_000) + "@"] {
            #expect(throws: JSONPath.ParseError.self, "\(path.prefix(40))") { try JSONPath(path) }
        }
    }
}
