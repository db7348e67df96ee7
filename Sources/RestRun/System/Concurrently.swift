/// Work spread over tasks, a bounded number at a time, its results kept in the order of its inputs.
package enum Concurrently {
    /// `transform` applied to every element, at most `width` at a time, the results in the
    /// elements' order. Element `i` runs on `executors[i % executors.count]` when there are
    /// executors (with none and a width of one, all run in turn in the calling task). No element
    /// starts once `continues` says no: those have no result.
    package static func map<Element: Sendable, Output: Sendable>(
        _ elements: [Element], width: Int, executors: [any TaskExecutor] = [],
        while continues: @escaping () -> Bool = { true },
        _ transform: @escaping @Sendable (Element) async -> Output
    ) async -> [Output?] {
        if executors.isEmpty, width <= 1 || elements.count <= 1 {
            var outputs: [Output?] = []
            for element in elements {
                guard continues() else { break }
                outputs.append(await transform(element))
            }
            return outputs + Array(repeating: nil, count: elements.count - outputs.count)
        }
        return await withTaskGroup(of: (Int, Output).self) { group in
            var outputs = [Output?](repeating: nil, count: elements.count)
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
                outputs[index] = output
                startNext()
            }
            return outputs
        }
    }
}
