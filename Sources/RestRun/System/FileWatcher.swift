#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Says that something may have changed in the folders it watches: inotify on Linux, kqueue on
/// macOS, without blocking. What changed is found by comparing `FileStamp`s, so the watcher only
/// has to say when to look; where neither exists, it says "look" every time it is asked.
package final class FileWatcher: Sendable {
    #if os(Linux)
    /// The inotify descriptor, non-blocking (-1 when inotify is not available).
    private let descriptor: Int32
    /// The watched folders, by watch descriptor.
    private let watches = Mutex<[String: Int32]>([:])
    #elseif canImport(Darwin)
    /// The kqueue (-1 when not available).
    private let queue: Int32
    /// The watched paths, each with the descriptor kqueue watches it through.
    private let watches = Mutex<[String: Int32]>([:])
    #endif

    /// A watcher watching nothing yet.
    package init() {
        #if os(Linux)
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        #elseif canImport(Darwin)
        queue = kqueue()
        #endif
    }

    deinit {
        #if os(Linux)
        if descriptor >= 0 { close(descriptor) }
        #elseif canImport(Darwin)
        for (_, watched) in watches.withLock({ $0 }) { close(watched) }
        if queue >= 0 { close(queue) }
        #endif
    }

    /// Watches `paths` (folders, for files created, written, renamed or removed in them; on macOS
    /// files too, whose writes their folder does not see), and no longer anything else.
    package func watch(_ paths: Set<String>) {
        #if os(Linux)
        guard descriptor >= 0 else { return }
        watches.withLock { watches in
            for (path, watch) in watches where !paths.contains(path) {
                inotify_rm_watch(descriptor, watch)
                watches[path] = nil
            }
            let events = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MODIFY) | UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM)
                | UInt32(IN_MOVED_TO) | UInt32(IN_ATTRIB) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)
            for path in paths where watches[path] == nil {
                let watch = inotify_add_watch(descriptor, path, events)
                if watch >= 0 { watches[path] = watch }
            }
        }
        #elseif canImport(Darwin)
        guard queue >= 0 else { return }
        watches.withLock { watches in
            for (path, watched) in watches where !paths.contains(path) {
                close(watched)  // closing the descriptor removes its kevent
                watches[path] = nil
            }
            for path in paths where watches[path] == nil {
                let watched = open(path, O_EVTONLY)
                guard watched >= 0 else { continue }
                var change = kevent(
                    ident: UInt(watched), filter: Int16(EVFILT_VNODE), flags: UInt16(EV_ADD | EV_CLEAR),
                    fflags: UInt32(NOTE_WRITE | NOTE_DELETE | NOTE_RENAME | NOTE_EXTEND | NOTE_ATTRIB), data: 0, udata: nil)
                if kevent(queue, &change, 1, nil, 0, nil) < 0 {
                    close(watched)
                } else {
                    watches[path] = watched
                }
            }
        }
        #endif
    }

    /// Whether anything happened in the watched paths since the last call (true when the platform
    /// cannot tell); never waits.
    package func takeEvents() -> Bool {
        #if os(Linux)
        guard descriptor >= 0 else { return true }
        var happened = false
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                happened = true
                continue
            }
            if count < 0, errno == EINTR { continue }
            return happened
        }
        #elseif canImport(Darwin)
        guard queue >= 0 else { return true }
        var happened = false
        var events = [kevent](repeating: kevent(), count: 32)
        var zero = timespec(tv_sec: 0, tv_nsec: 0)
        while true {
            let count = kevent(queue, nil, 0, &events, Int32(events.count), &zero)
            if count > 0 {
                happened = true
                continue
            }
            if count < 0, errno == EINTR { continue }
            return happened
        }
        #else
        return true
        #endif
    }
}
