import OrderedCollections
/// Compares a recorded snapshot with a response's: the status, each recorded header, and the
/// body member by member and index by index, leaving out the values at the ignored paths.
package enum SnapshotDiff {
    /// Every change from `old` to `new`, in order: status, headers, then the body in document
    /// order (members by name). The values at `ignore` (located in either body) are not compared,
    /// but a member or item that appears or goes there still is a change.
    package static func changes(from old: SnapshotEntry, to new: SnapshotEntry, ignoring ignore: [JSONPath] = []) -> [SnapshotChange] {
        var changes: [SnapshotChange] = []
        if old.status != new.status {
            changes.append(SnapshotChange(place: "status", old: .integer(old.status), new: .integer(new.status)))
        }
        let oldHeaders = old.headers ?? [:]
        let newHeaders = new.headers ?? [:]
        for name in sortedNames(Set(oldHeaders.keys).union(newHeaders.keys)) where oldHeaders[name] != newHeaders[name] {
            changes.append(SnapshotChange(place: "header \(name)", old: oldHeaders[name].map(DecodedValue.string), new: newHeaders[name].map(DecodedValue.string)))
        }
        var ignored = Set<[JSONPath.LocationStep]>()
        for path in ignore {
            ignored.formUnion(path.locate(old.body))
            ignored.formUnion(path.locate(new.body))
        }
        compare(old.body, new.body, at: [], ignoring: ignored, into: &changes)
        return changes
    }

    /// Names in the order snapshot files write them: by their UTF-8 bytes.
    package static func sortedNames<Names: Sequence<String>>(_ names: Names) -> [String] {
        names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    private static func compare(
        _ old: DecodedValue, _ new: DecodedValue, at location: [JSONPath.LocationStep], ignoring ignored: Set<[JSONPath.LocationStep]>,
        into changes: inout [SnapshotChange]
    ) {
        guard ignored.isEmpty || !ignored.contains(location) else { return }
        switch (old, new) {
        case let (.object(oldMembers), .object(newMembers)):
            for name in sortedNames(Set(oldMembers.keys).union(newMembers.keys)) {
                let place = location + [.name(name)]
                switch (oldMembers[name], newMembers[name]) {
                case let (oldValue?, newValue?): compare(oldValue, newValue, at: place, ignoring: ignored, into: &changes)
                case let (oldValue, newValue): changes.append(SnapshotChange(place: JSONPath.text(of: place), old: oldValue, new: newValue))
                }
            }
        case let (.array(oldItems), .array(newItems)):
            for index in 0..<max(oldItems.count, newItems.count) {
                let place = location + [.index(index)]
                if index < oldItems.count, index < newItems.count {
                    compare(oldItems[index], newItems[index], at: place, ignoring: ignored, into: &changes)
                } else {
                    changes.append(SnapshotChange(
                        place: JSONPath.text(of: place), old: index < oldItems.count ? oldItems[index] : nil,
                        new: index < newItems.count ? newItems[index] : nil))
                }
            }
        default:
            if old != new { changes.append(SnapshotChange(place: JSONPath.text(of: location), old: old, new: new)) }
        }
    }
}
