/// Work spread over tasks, a bounded number at a time, its results handed back in the order of
/// its inputs' places.
package enum Concurrently {
    /// Applies `transform` to the places `0..<count`, at most `width` at a time, and hands each
    /// output to `each` with its place, in the calling task, as it arrives. Place `i` runs on
    /// `executors[i % executors.count]` when there are executors (with none and a width of one,
    /// all run in turn in the calling task). No place starts once `continues` says no. The places
    /// are counted, not listed, so a long run makes no list of them.
    package static func forEach<Output: Sendable>(
        _ count: Int, width: Int, executors: [any TaskExecutor] = [],
        while continues: @escaping () -> Bool = { true },
        _ transform: @escaping @Sendable (Int) async -> Output,
        each: (Int, Output) -> Void
    ) async {
        if executors.isEmpty, width <= 1 || count <= 1 {
            for index in 0..<count {
                guard continues() else { break }
                each(index, await transform(index))
            }
            return
        }
        await withTaskGroup(of: (Int, Output).self) { group in
            var next = 0
            func startNext() {
                guard next < count, continues() else { return }
                let index = next
                next += 1
                let work: @concurrent @Sendable () async -> (Int, Output) = { (index, await transform(index)) }
                if executors.isEmpty {
                    group.addTask(operation: work)
                } else {
                    group.addTask(executorPreference: executors[index % executors.count], operation: work)
                }
            }
            for _ in 0..<max(1, width) { startNext() }
            for await (index, output) in group {
                each(index, output)
                startNext()
            }
        }
    }

    /// `forEach`'s outputs in the elements' order; an element that never started has none.
    package static func map<Element: Sendable, Output: Sendable>(
        _ elements: [Element], width: Int, executors: [any TaskExecutor] = [],
        while continues: @escaping () -> Bool = { true },
        _ transform: @escaping @Sendable (Element) async -> Output
    ) async -> [Output?] {
        var outputs = [Output?](repeating: nil, count: elements.count)
        await forEach(elements.count, width: width, executors: executors, while: continues, { await transform(elements[$0]) }) { outputs[$0] = $1 }
        return outputs
    }
}
