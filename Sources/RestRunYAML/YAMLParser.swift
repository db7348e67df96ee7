internal import CYAML

/// Reads one YAML document into a `Node` tree through libyaml's event API.
///
/// The parser (a value that cannot be copied) owns its `yaml_parser_t` and a private copy of the input, and frees both in `deinit`.
/// Anchors and aliases are expanded, `<<` merge keys are applied, duplicate keys are rejected, and
/// nesting is limited so that hostile input cannot exhaust the stack.
package struct YAMLParser: ~Copyable {
    /// How deep mappings and sequences may nest.
    package static let maximumDepth = 256

    private let parser: UnsafeMutablePointer<yaml_parser_t>
    /// The current event, read in place (no copy of it is made); deleted before the next is read.
    private let event: UnsafeMutablePointer<yaml_event_t>
    private var holdsEvent = false
    private let input: UnsafeMutableBufferPointer<UInt8>
    /// The nodes read so far.
    var table = NodeTable()
    /// Anchored nodes by name, with how many nodes each stands for (itself and all below it).
    private var anchors: [String: (node: Int32, size: Int)] = [:]
    /// The resolved keys of the mappings being read, innermost last: one stack for the whole
    /// document instead of one per mapping (each mapping drops its own when it is done).
    var keyStack = CollectionStack<ResolvedKey>()
    /// The children of the mappings and lists being read (node indices; a mapping's keys and values
    /// alternate), moved to the table when their collection ends.
    var childStack = CollectionStack<Int32>()
    /// Nodes read so far, counting every node an alias repeats: a tree only grows through aliases,
    /// so bounding this bounds what every later stage walks.
    private var expandedNodes = 0
    /// Nodes written in the text itself.
    private var writtenNodes = 0

    /// The most nodes aliases may add, unless the text itself is larger (then ten times its size):
    /// a "billion laughs" document of a few lines is refused at its first alias past the limit.
    package static let aliasExpansionLimit = 100_000

    /// Parses `text` as one YAML document; an empty text is a null node.
    package static func parse(_ text: String) throws(YAMLError) -> Node {
        // The node table counts in 32 bits; a node takes at least a byte, so this bounds them all.
        // (Files are read with a far smaller size limit long before this.)
        guard text.utf8.count < Int(Int32.max) / 2 else {
            throw YAMLError("a YAML text of \(text.utf8.count) bytes is too large to read", at: Mark(line: 1, column: 1))
        }
        var parser = YAMLParser(text)
        return try parser.parseStream()
    }

    private init(_ text: String) {
        var text = text
        let count = text.utf8.count
        let input = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(count, 1))
        text.withUTF8 { bytes in _ = input.initialize(from: bytes) }
        self.input = input
        parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        parser.initialize(to: yaml_parser_t())
        event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
        event.initialize(to: yaml_event_t())
        yaml_parser_initialize(parser)
        yaml_parser_set_input_string(parser, input.baseAddress, count)
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        // Request files hold a node every 7 to 10 bytes: room for that up front saves the tables'
        // regrowth copies (and a guess too large costs only address space, never touched).
        table.records.reserveCapacity(count / 6)
        table.texts.reserveCapacity(count / 8)
        table.children.reserveCapacity(count / 8)
    }

    deinit {
        if holdsEvent { yaml_event_delete(event) }
        yaml_parser_delete(parser)
        event.deallocate()
        parser.deallocate()
        input.deallocate()
    }

    // MARK: - Events

    /// Reads the next event into `event`, freeing the one before, and returns its type.
    private mutating func nextEvent() throws(YAMLError) -> yaml_event_type_t {
        if holdsEvent {
            yaml_event_delete(event)
            holdsEvent = false
        }
        guard yaml_parser_parse(parser, event) == 1 else {
            throw parserError()
        }
        holdsEvent = true
        return event.pointee.type
    }

    /// Where the current event starts.
    private var mark: Mark {
        Mark(line: Int(event.pointee.start_mark.line) + 1, column: Int(event.pointee.start_mark.column) + 1)
    }

    private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    private func parserError() -> YAMLError {
        let problem = parser.pointee.problem.map { String(cString: $0) } ?? "invalid YAML"
        let mark = Mark(line: Int(parser.pointee.problem_mark.line) + 1, column: Int(parser.pointee.problem_mark.column) + 1)
        if let context = parser.pointee.context.map({ String(cString: $0) }) {
            let contextMark = Mark(line: Int(parser.pointee.context_mark.line) + 1, column: Int(parser.pointee.context_mark.column) + 1)
            return YAMLError("\(problem) (\(context) at \(contextMark))", at: mark)
        }
        return YAMLError(problem, at: mark)
    }

    // MARK: - Tree

    private mutating func parseStream() throws(YAMLError) -> Node {
        guard try nextEvent() == YAML_STREAM_START_EVENT else {
            return Node(scalar: "", style: .plain, mark: Mark(line: 1, column: 1))
        }
        let root: Int32
        switch try nextEvent() {
        case YAML_STREAM_END_EVENT:
            return Node(scalar: "", style: .plain, mark: Mark(line: 1, column: 1))
        case YAML_DOCUMENT_START_EVENT:
            let start = mark
            if try nextEvent() == YAML_DOCUMENT_END_EVENT {
                return Node(scalar: "", style: .plain, mark: start)
            }
            root = try node(depth: 0)
            guard try nextEvent() == YAML_DOCUMENT_END_EVENT else {
                throw YAMLError("expected the end of the document", at: start)
            }
        default:
            root = try node(depth: 0)
        }
        switch try nextEvent() {
        case YAML_STREAM_END_EVENT:
            return Node(NodeStorage(table), Int(root))
        case YAML_DOCUMENT_START_EVENT:
            throw YAMLError("expected one YAML document, found a second one", at: mark)
        default:
            throw YAMLError("expected the end of the YAML stream", at: markOf(root))
        }
    }

    /// Where a node read so far starts.
    private func markOf(_ node: Int32) -> Mark {
        let record = table.records[Int(node)]
        return Mark(line: Int(record.line), column: Int(record.column))
    }

    /// Adds a record for a node that starts at `mark`; its index.
    private mutating func addRecord(
        _ kind: NodeTable.NodeShape, style: ScalarStyle = .plain, tag: String?, at mark: yaml_mark_t, start: Int, count: Int = 0
    ) -> Int32 {
        var tagIndex: Int32 = -1
        if let tag {
            tagIndex = Int32(table.tags.count)
            table.tags.append(tag)
        }
        table.records.append(NodeTable.Record(
            kind: kind, style: style, tag: tagIndex, line: Int32(clamping: mark.line + 1), column: Int32(clamping: mark.column + 1),
            start: Int32(start), count: Int32(count)))
        return Int32(table.records.count - 1)
    }

    /// Reads the node that starts with the current event; its index in the table.
    private mutating func node(depth: Int) throws(YAMLError) -> Int32 {
        let before = expandedNodes
        switch event.pointee.type {
        case YAML_SCALAR_EVENT:
            expandedNodes += 1
            writtenNodes += 1
            let scalar = event.pointee.data.scalar
            let text = scalar.value.map {
                String(decoding: UnsafeBufferPointer(start: $0, count: Int(scalar.length)), as: UTF8.self)
            } ?? ""
            let style: ScalarStyle
            switch scalar.style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE: style = .literal
            case YAML_FOLDED_SCALAR_STYLE: style = .folded
            default: style = .plain
            }
            table.texts.append(text)
            let node = addRecord(.scalar, style: style, tag: string(scalar.tag), at: event.pointee.start_mark, start: table.texts.count - 1)
            if let anchor = string(scalar.anchor) { anchors[anchor] = (node, expandedNodes - before) }
            return node
        case YAML_ALIAS_EVENT:
            let start = mark
            let name = string(event.pointee.data.alias.anchor) ?? ""
            guard let anchored = anchors[name] else {
                throw YAMLError("unknown alias *\(name)", at: start)
            }
            expandedNodes += anchored.size
            guard expandedNodes - writtenNodes <= max(Self.aliasExpansionLimit, 10 * writtenNodes) else {
                throw YAMLError(
                    "aliases expand this document to more than \(max(Self.aliasExpansionLimit, 10 * writtenNodes)) nodes; refusing it (an alias bomb?)",
                    at: start)
            }
            // The alias shares the anchored node's content (and children) and has its own mark.
            var record = table.records[Int(anchored.node)]
            record.line = Int32(clamping: start.line)
            record.column = Int32(clamping: start.column)
            table.records.append(record)
            return Int32(table.records.count - 1)
        case YAML_SEQUENCE_START_EVENT:
            expandedNodes += 1
            writtenNodes += 1
            let start = event.pointee.start_mark
            let anchor = string(event.pointee.data.sequence_start.anchor)
            let tag = string(event.pointee.data.sequence_start.tag)
            guard depth < Self.maximumDepth else {
                throw YAMLError("nesting deeper than \(Self.maximumDepth) levels", at: mark)
            }
            let first = childStack.count
            while try nextEvent() != YAML_SEQUENCE_END_EVENT {
                let item = try node(depth: depth + 1)
                childStack.push(item)
            }
            let node = addCollection(.sequence, start: start, tag: tag, children: first)
            if let anchor { anchors[anchor] = (node, expandedNodes - before) }
            return node
        case YAML_MAPPING_START_EVENT:
            expandedNodes += 1
            writtenNodes += 1
            let start = event.pointee.start_mark
            let anchor = string(event.pointee.data.mapping_start.anchor)
            let tag = string(event.pointee.data.mapping_start.tag)
            guard depth < Self.maximumDepth else {
                throw YAMLError("nesting deeper than \(Self.maximumDepth) levels", at: mark)
            }
            let first = childStack.count
            try mappingEntries(depth: depth)
            let node = addCollection(.mapping, start: start, tag: tag, children: first)
            if let anchor { anchors[anchor] = (node, expandedNodes - before) }
            return node
        case YAML_DOCUMENT_START_EVENT:
            throw YAMLError("unexpected start of a document", at: mark)
        default:
            throw YAMLError("unexpected end of a YAML structure", at: Mark(line: 1, column: 1))
        }
    }

    /// Adds a mapping or a list whose children are on the child stack from `first` up, moving them
    /// to the table; its index.
    private mutating func addCollection(_ kind: NodeTable.NodeShape, start mark: yaml_mark_t, tag: String?, children first: Int) -> Int32 {
        let childCount = childStack.count - first
        let start = table.children.count
        childStack.move(from: first, to: &table.children)
        return addRecord(kind, tag: tag, at: mark, start: start, count: kind == .mapping ? childCount / 2 : childCount)
    }

    /// Reads a mapping's entries onto the child stack, rejecting duplicate keys and applying `<<`
    /// merge keys: keys written in the mapping win over merged ones, and earlier merged mappings
    /// win over later ones.
    private mutating func mappingEntries(depth: Int) throws(YAMLError) {
        let first = childStack.count
        var keys = SeenKeys(base: keyStack.count)
        defer { keyStack.removeAll(from: keys.base) }
        var merged: [(key: Int32, value: Int32)] = []
        // While every key is a name (`ResolvedKey.nameText`) and there are few, keys are compared
        // by text alone, with no resolved keys kept: most mappings never leave this path.
        var onlyNames = true
        while try nextEvent() != YAML_MAPPING_END_EVENT {
            let key = try node(depth: depth + 1)
            _ = try nextEvent()
            let value = try node(depth: depth + 1)
            let record = table.records[Int(key)]
            if record.kind == .scalar, record.style == .plain {
                let text = table.texts[Int(record.start)]
                if text.utf8.count == 2, text == "<<" {
                    merged.append(contentsOf: try mergeSources(value))
                    continue
                }
            }
            if onlyNames {
                if let text = ResolvedKey.nameText(key, in: table), childStack.count - first < 2 * SeenKeys.linearLimit {
                    var index = first
                    while index < childStack.count {
                        let earlier = table.records[Int(childStack[index])]
                        if table.texts[Int(earlier.start)] == text {
                            throw YAMLError(
                                "duplicate key '\(Node(NodeStorage(table), Int(key)))' (first given at \(markOf(childStack[index])))",
                                at: markOf(key))
                        }
                        index += 2
                    }
                    childStack.push(key)
                    childStack.push(value)
                    continue
                }
                onlyNames = false
                seedKeys(&keys, from: first)
            }
            let resolved = ResolvedKey(key, in: table)
            let entry = (childStack.count - first) / 2
            if let existing = keys.position(of: resolved, in: keyStack, table: table) {
                throw YAMLError(
                    "duplicate key '\(Node(NodeStorage(table), Int(key)))' (first given at \(markOf(childStack[first + 2 * existing])))",
                    at: markOf(key))
            }
            keys.insert(resolved, at: entry, into: &keyStack)
            childStack.push(key)
            childStack.push(value)
        }
        if onlyNames, !merged.isEmpty { seedKeys(&keys, from: first) }
        for pair in merged {
            let entry = (childStack.count - first) / 2
            if keys.insertIfNew(ResolvedKey(pair.key, in: table), at: entry, into: &keyStack, table: table) {
                childStack.push(pair.key)
                childStack.push(pair.value)
            }
        }
    }

    /// The entries a `<<` value merges: a mapping's, or those of a list of mappings (earlier ones
    /// winning).
    private mutating func mergeSources(_ value: Int32) throws(YAMLError) -> [(key: Int32, value: Int32)] {
        let record = table.records[Int(value)]
        switch record.kind {
        case .mapping:
            return entries(of: record)
        case .sequence:
            var result: [(key: Int32, value: Int32)] = []
            var seen = SeenKeys(base: keyStack.count)
            defer { keyStack.removeAll(from: seen.base) }
            for offset in 0..<Int(record.count) {
                let item = table.children[Int(record.start) + offset]
                let itemRecord = table.records[Int(item)]
                guard itemRecord.kind == .mapping else {
                    throw YAMLError("a merge key '<<' takes a mapping or a list of mappings", at: markOf(item))
                }
                for pair in entries(of: itemRecord)
                where seen.insertIfNew(ResolvedKey(pair.key, in: table), at: result.count, into: &keyStack, table: table) {
                    result.append(pair)
                }
            }
            return result
        case .scalar:
            throw YAMLError("a merge key '<<' takes a mapping or a list of mappings", at: markOf(value))
        }
    }

    /// A mapping record's entries, as node indices.
    private func entries(of record: NodeTable.Record) -> [(key: Int32, value: Int32)] {
        (0..<Int(record.count)).map { entry in
            let offset = Int(record.start) + 2 * entry
            return (table.children[offset], table.children[offset + 1])
        }
    }
}
