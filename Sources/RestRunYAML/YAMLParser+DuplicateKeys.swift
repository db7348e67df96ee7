// The duplicate-key check of `YAMLParser.mappingEntries`: how mapping keys are compared, and the
// keys of the mapping being read.
extension YAMLParser {
    /// Records the keys of the entries on the child stack from `first` up in `keys`, when the
    /// by-text comparison of names gives way to resolved keys.
    mutating func seedKeys(_ keys: inout SeenKeys, from first: Int) {
        var index = first
        while index < childStack.count {
            keys.insert(ResolvedKey(childStack[index], in: table), at: (index - first) / 2, into: &keyStack)
            index += 2
        }
    }

    /// A mapping key as the duplicate check compares it.
    ///
    /// Keys are the same when they resolve to the same value (`a` and `"a"`, `1` and `0x1`) or, for
    /// collections, have the same content. Most keys are strings, and for them only the text is
    /// kept: nothing to retain when it is short, and one comparison.
    struct ResolvedKey {
        /// What a key is, besides its text.
        enum KeyShape {
            /// A scalar that resolves to a string: the text says it all.
            case string
            /// A scalar that resolves to null, a boolean or a number.
            case scalar(ScalarValue)
            /// A mapping or a list, by its node.
            case collection(Int32)
        }

        /// The scalar's text ("" for a collection).
        let text: String
        let kind: KeyShape

        /// The text of a key that is a name: a scalar with no tag that is quoted or resolves to a
        /// string. Two names are the same key exactly when their texts are equal.
        static func nameText(_ node: Int32, in table: borrowing NodeTable) -> String? {
            let record = table.records[Int(node)]
            guard record.kind == .scalar, record.tag < 0 else { return nil }
            let text = table.texts[Int(record.start)]
            return record.style != .plain || ScalarValue.isPlainString(text) ? text : nil
        }

        init(_ node: Int32, in table: borrowing NodeTable) {
            let record = table.records[Int(node)]
            guard record.kind == .scalar else {
                text = ""
                kind = .collection(node)
                return
            }
            let text = table.texts[Int(record.start)]
            self.text = text
            // Most keys are names: strings with nothing more to resolve.
            if record.tag < 0, record.style != .plain || ScalarValue.isPlainString(text) {
                kind = .string
                return
            }
            let resolved = ScalarValue(resolving: text, style: record.style, tag: table.tag(Int(node)))
            if case .string = resolved { kind = .string } else { kind = .scalar(resolved) }
        }

        func isSame(as other: ResolvedKey, in table: borrowing NodeTable) -> Bool {
            switch (kind, other.kind) {
            case (.string, .string): return text == other.text
            case let (.scalar(x), .scalar(y)): return x == y || text == other.text
            case let (.collection(x), .collection(y)): return table.sameContent(Int(x), Int(y))
            default: return false
            }
        }
    }

    /// The keys of a mapping so far. The first few sit on the parser's key stack (from `base`)
    /// and are compared one by one; past `linearLimit` they are found by hash, so a mapping with
    /// many keys is checked in linear time. Keys are the same as `ResolvedKey.isSame` says.
    struct SeenKeys {
        static let linearLimit = 16
        /// Where this mapping's keys start on the stack; key `i` of the stack is entry `base + i`'s.
        let base: Int
        /// The keys by hash, once there are more than `linearLimit` (nil until then: most mappings
        /// never make a dictionary).
        private var hashed: HashedKeys?

        /// A mapping's keys by hash: string keys by text, other scalars by value and by text.
        private struct HashedKeys {
            var strings: [String: Int] = [:]
            var values: [ScalarValue: Int] = [:]
            var texts: [String: Int] = [:]
            var collections: [(key: ResolvedKey, position: Int)] = []

            func position(of key: ResolvedKey, in table: borrowing NodeTable) -> Int? {
                switch key.kind {
                case .string: return strings[key.text]
                case let .scalar(value): return values[value] ?? texts[key.text]
                case .collection: return collections.first { $0.key.isSame(as: key, in: table) }?.position
                }
            }

            mutating func insert(_ key: ResolvedKey, at position: Int) {
                switch key.kind {
                case .string:
                    if strings[key.text] == nil { strings[key.text] = position }
                case let .scalar(value):
                    if values[value] == nil { values[value] = position }
                    if texts[key.text] == nil { texts[key.text] = position }
                case .collection:
                    collections.append((key, position))
                }
            }
        }

        init(base: Int) {
            self.base = base
        }

        /// The position of an earlier key that is the same as `key`.
        func position(of key: ResolvedKey, in stack: borrowing CollectionStack<ResolvedKey>, table: borrowing NodeTable) -> Int? {
            if let hashed { return hashed.position(of: key, in: table) }
            return stack.firstIndex(from: base) { $0.isSame(as: key, in: table) }.map { $0 - base }
        }

        /// Records `key` at `position` unless an earlier key is the same (merge keys: the first
        /// wins); whether it was recorded.
        mutating func insertIfNew(
            _ key: ResolvedKey, at position: Int, into stack: inout CollectionStack<ResolvedKey>, table: borrowing NodeTable
        ) -> Bool {
            guard self.position(of: key, in: stack, table: table) == nil else { return false }
            insert(key, at: position, into: &stack)
            return true
        }

        mutating func insert(_ key: ResolvedKey, at position: Int, into stack: inout CollectionStack<ResolvedKey>) {
            if hashed != nil {
                hashed?.insert(key, at: position)
                return
            }
            stack.push(key)
            if stack.count - base > Self.linearLimit {
                var keys = HashedKeys()
                for index in base..<stack.count { keys.insert(stack[index], at: index - base) }
                hashed = keys
            }
        }
    }
}
