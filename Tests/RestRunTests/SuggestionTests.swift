import RestRun
import Testing

/// "Did you mean ...?": the nearest name within a third of its letters, found fast enough for a
/// file full of mistakes.
@Suite("Did-you-mean suggestions")
struct SuggestionTests {
    /// Damerau-Levenshtein (optimal string alignment), written plainly, to check against.
    static func reference(_ a: [Character], _ b: [Character]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    @Test("typos, transpositions and case; nothing when a third of the letters or more differ")
    func examples() {
        #expect(Suggestion.closest(to: "tokn", in: ["user", "token", "tokens"]) == "token")
        #expect(Suggestion.closest(to: "hedaers", in: ["headers", "method"]) == "headers")
        #expect(Suggestion.closest(to: "URL", in: ["url", "body"]) == "url")
        #expect(Suggestion.closest(to: "abc", in: ["xyz"]) == nil)
        #expect(Suggestion.closest(to: "name", in: []) == nil)
        #expect(Suggestion.closest(to: "a", in: ["b", "c"]) == "b", "one letter may differ; the first of equals wins")
        #expect(Suggestion.editDistance("kitten", "sitting") == 3)
        #expect(Suggestion.editDistance("ab", "ba") == 1)
        #expect(Suggestion.editDistance("", "abc") == 3)
    }

    @Test("the nearest candidate is the one a plain edit distance finds, over 3,000 random pairs of sets")
    func matchesReference() {
        var generator = JSONSelectionTests.SplitMix64(state: 7)
        func word() -> String {
            String((0..<Int(generator.next() % 9)).map { _ in Character(String("abcab-_"[...].randomElement(using: &generator) ?? "a")) })
        }
        for _ in 0..<3_000 {
            let target = word()
            let candidates = (0..<Int(generator.next() % 6)).map { _ in word() }
            let limit = max(1, target.count / 3)
            var expected: (String, Int)?
            for candidate in candidates {
                let distance = Self.reference(Array(target), Array(candidate))
                if distance <= limit, distance < (expected?.1 ?? .max) { expected = (candidate, distance) }
            }
            #expect(Suggestion.closest(to: target, in: candidates) == expected?.0, "\(target) in \(candidates)")
            for candidate in candidates {
                #expect(Suggestion.editDistance(target, candidate) == Self.reference(Array(target), Array(candidate)))
            }
        }
    }

    @Test("only the first unknown names of a file get a suggestion, so thousands of mistakes take no time")
    func manyMistakes() {
        var lines = ["variables:"]
        for index in 0..<2_000 { lines.append("  name_\(index): x") }
        lines.append("requests:")
        for index in 0..<2_000 { lines.append("  - url: http://127.0.0.1:1/{{nome_\(index)}}") }
        let start = ContinuousClock.now
        var diagnostics: [Diagnostic] = []
        do {
            _ = try RequestFileLoader().load(text: lines.joined(separator: "\n") + "\n", path: "many.yaml")
        } catch {
            diagnostics = error.diagnostics
        }
        #expect(ContinuousClock.now - start < .seconds(30))
        #expect(diagnostics.count == 2_000)
        #expect(diagnostics.filter { $0.message.contains("did you mean") }.count == Suggestion.perFile)
        #expect(diagnostics.first?.message == "unknown variable 'nome_0' (did you mean 'name_0'?)")
    }
}
