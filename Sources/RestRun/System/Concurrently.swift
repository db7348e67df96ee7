/// Work spread over tasks, a bounded number at a time, its results handed back in the order of
/// its inputs' places.
package enum Concurrently {
    /// Applies `transform` to every element, at most `width` at a time, and hands each output to
    /// `each` with its element's place, in the calling task, as it arrives. Element `i` runs on
    /// `executors[i % executors.count]` when there are executors (with none and a width of one,
    /// all run in turn in the calling task). No element starts once `continues` says no.
    package static func forEach<Element: Sendable, Output: Sendable>(
        _ elements: [Element], width: Int, executors: [any TaskExecutor] = [],
        while continues: @escaping () -> Bool = { true },
        _ transform: @escaping @Sendable (Element) async -> Output,
        each: (Int, Output) -> Void
    ) async {
        if executors.isEmpty, width <= 1 || elements.count <= 1 {
            for (index, element) in elements.enumerated() {
                guard continues() else { break }
                each(index, await transform(element))
            }
            return
        }
        await withTaskGroup(of: (Int, Output).self) { group in
            var next = 0
            func startNext() {
                guard next < elements.count, continues() else { return }
                let index = next
                let element = elements[index]
                next += 1
                let work: @Sendable () async -> (Int, Output) = { (index, await transform(element)) }
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
        await forEach(elements, width: width, executors: executors, while: continues, transform) { outputs[$0] = $1 }
        return outputs
    }
}
