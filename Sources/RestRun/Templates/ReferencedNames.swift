import Synchronization

/// The names the loaded files refer to, as `{{name}}` or `${NAME}`: a `--var` or `--secret` that
/// no file uses is a warning, so a mistyped name never passes silently.
final class ReferencedNames: Sendable {
    private let state = Mutex<(names: Set<String>, last: String)>(([], ""))

    /// Notes that `name` is referred to (a dotted name also refers to its first part).
    func insert(_ name: String) {
        state.withLock { state in
            // Files name the same few variables again and again: the last one costs no hashing.
            guard name != state.last else { return }
            state.last = name
            state.names.insert(name)
            // Found among the UTF-8 bytes, not with `firstIndex(of: Character)`, which decodes them.
            if let dot = name.utf8.firstIndex(of: UInt8(ascii: ".")) { state.names.insert(String(name[..<dot])) }
        }
    }

    /// Every name noted so far.
    var all: Set<String> { state.withLock { $0.names } }
}
