import Synchronization

/// The names the loaded files refer to, as `{{name}}` or `${NAME}`: a `--var` or `--secret` that
/// no file uses is a warning, so a mistyped name never passes silently.
final class ReferencedNames: Sendable {
    private let names = Mutex<Set<String>>([])

    /// Notes that `name` is referred to (a dotted name also refers to its first part).
    func insert(_ name: String) {
        names.withLock { names in
            names.insert(name)
            // Found among the UTF-8 bytes: `firstIndex(of: Character)` costs ~1,500 instructions.
            if let dot = name.utf8.firstIndex(of: UInt8(ascii: ".")) { names.insert(String(name[..<dot])) }
        }
    }

    /// Every name noted so far.
    var all: Set<String> { names.withLock { $0 } }
}
