extension JSONParser {
    /// The members a check reads from a JSON body, by name from the root (`$.data.id` is `data`,
    /// then `id`): `parse(_:keeping:)` builds only these and checks the rest of the document
    /// without building it. Selecting any of these paths from the result gives what selecting it
    /// from the whole document gives.
    package struct Selection: Sendable {
        /// One member name and what is kept under it.
        struct Member: Sendable {
            let name: String
            let isASCII: Bool
            var next: Selection
        }

        /// The members kept at this level; a value that is not an object keeps nothing.
        private(set) var members: [Member] = []
        /// Whether the whole value here is kept (a path ends here).
        private(set) var keepsAll = false

        /// A selection of nothing.
        package init() {}

        /// Keeps the value at `names`, under whatever is kept already.
        package mutating func keep(_ names: some Collection<String>) {
            guard let name = names.first else {
                keepsAll = true
                members = []
                return
            }
            guard !keepsAll else { return }
            // Names are matched the way an object's keys are (`String` equality), so two names
            // that are equal as strings are one member.
            if let index = members.firstIndex(where: { $0.name == name }) {
                members[index].next.keep(names.dropFirst())
            } else {
                var next = Selection()
                next.keep(names.dropFirst())
                members.append(Member(name: name, isASCII: name.utf8.allSatisfy { $0 < 0x80 }, next: next))
            }
        }
    }
}
