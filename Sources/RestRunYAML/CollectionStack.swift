/// The children of the mappings and lists being read (and their keys), innermost collection last.
///
/// Each collection pushes its elements while it is read and, when it ends, moves them off to the
/// document's table in one piece. Unlike an array, pushing checks no uniqueness, and a collection's
/// elements are dropped in one step.
struct CollectionStack<Element>: ~Copyable {
    private var storage: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// How many elements the stack holds.
    private(set) var count = 0

    /// Creates an empty stack.
    init() {
        capacity = 64
        storage = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    /// Pushes `element` on top.
    mutating func push(_ element: consuming Element) {
        if count == capacity {
            let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: storage, count: count)
            storage.deallocate()
            storage = larger
            capacity *= 2
        }
        (storage + count).initialize(to: element)
        count += 1
    }

    /// The element at `index` (counted from the bottom).
    subscript(index: Int) -> Element {
        storage[index]
    }

    /// The index of the first element from `start` up that `matches`, read in place.
    func firstIndex(from start: Int, where matches: (borrowing Element) -> Bool) -> Int? {
        var index = start
        while index < count {
            if matches(storage[index]) { return index }
            index += 1
        }
        return nil
    }

    /// Drops the elements from `start` up.
    mutating func removeAll(from start: Int) {
        guard start < count else { return }
        (storage + start).deinitialize(count: count - start)
        count = start
    }

    /// Moves the elements from `start` up off the stack, in order, to the end of `array`.
    mutating func move(from start: Int, to array: inout [Element]) {
        let taken = count - start
        guard taken > 0 else { return }
        array.append(contentsOf: UnsafeBufferPointer(start: storage + start, count: taken))
        (storage + start).deinitialize(count: taken)
        count = start
    }
}
