/// "Did you mean ...?": the closest known word by edit distance, when it is close enough.
package enum Suggestion {
    /// How many questions one set of `Candidates` answers: each is an edit distance against every
    /// candidate, so a file of thousands of mistakes against thousands of names would take
    /// seconds. Later mistakes are reported without a suggestion.
    package static let perFile = 100

    /// The candidate nearest to `word`, if at most a third of its letters (and at least one) differ.
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        var candidates = Candidates(candidates)
        return candidates.closest(to: word)
    }

    /// Candidates prepared once (lower-cased, as Unicode scalars) for the questions of one file;
    /// after `perFile` of them, the answer is always nil.
    package struct Candidates {
        private let words: [(text: String, scalars: [Unicode.Scalar])]
        private let longest: Int
        private var questionsLeft = Suggestion.perFile

        /// Prepares `candidates`; ties go to the one that comes first.
        package init(_ candidates: some Sequence<String>) {
            words = candidates.map { ($0, Array($0.lowercased().unicodeScalars)) }
            longest = words.map(\.scalars.count).max() ?? 0
        }

        /// The candidate nearest to `word` of those `isEligible` accepts, if at most a third of its
        /// letters (and at least one) differ.
        package mutating func closest(to word: String, where isEligible: (String) -> Bool = { _ in true }) -> String? {
            guard questionsLeft > 0 else { return nil }
            questionsLeft -= 1
            let target = Array(word.lowercased().unicodeScalars)
            let limit = max(1, target.count / 3)
            var best: (text: String, distance: Int)?
            var rows = Suggestion.Rows(length: max(target.count, longest) + 1)
            for candidate in words {
                // Only a strictly nearer candidate can win, and the distance is at least the
                // difference in length: most candidates end at this test.
                let bound = min(limit, (best?.distance ?? .max) - 1)
                guard bound >= 0, abs(candidate.scalars.count - target.count) <= bound else { continue }
                guard let distance = rows.distance(target, candidate.scalars, atMost: bound), isEligible(candidate.text) else { continue }
                best = (candidate.text, distance)
            }
            return best?.text
        }
    }

    /// The Damerau-Levenshtein distance (with adjacent transpositions).
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        var rows = Rows(length: max(a.count, b.count) + 1)
        return rows.distance(a, b, atMost: max(a.count, b.count)) ?? max(a.count, b.count)
    }

    /// Three rows of the distance table, reused from one pair of words to the next.
    struct Rows {
        private var twoBack: [Int], back: [Int], current: [Int]

        init(length: Int) {
            twoBack = [Int](repeating: 0, count: length)
            back = twoBack
            current = twoBack
        }

        /// The distance between `a` and `b`, or nil once it is certain to exceed `limit`: when a
        /// whole row is above it. No later row can come back down: a cell comes from its own row
        /// or the one before, and a transposition's value (two rows back, plus one) is never
        /// below the cell of the row in between that matched the same letters.
        mutating func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost limit: Int) -> Int? {
            if a.isEmpty { return b.count <= limit ? b.count : nil }
            if b.isEmpty { return a.count <= limit ? a.count : nil }
            for j in 0...b.count { back[j] = j }
            for i in 1...a.count {
                current[0] = i
                var smallest = i
                for j in 1...b.count {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var value = min(back[j] + 1, current[j - 1] + 1, back[j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                        value = min(value, twoBack[j - 2] + 1)
                    }
                    current[j] = value
                    smallest = min(smallest, value)
                }
                guard smallest <= limit else { return nil }
                (twoBack, back, current) = (back, current, twoBack)
            }
            return back[b.count] <= limit ? back[b.count] : nil
        }
    }
}
