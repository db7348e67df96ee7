/// A value kept in one shared box and copied only when a copy of it is changed: the values that
/// travel between stages (a declared request, a prepared request, a response, a result) are
/// copied several times on their way, and copying and destroying a dozen fields each time cost
/// more than the work done with them (Benchmarks/RESULTS.md).
package struct CopyOnWrite<Value: Sendable>: @unchecked Sendable {
    // The box is changed only through `value`'s `_modify`, after the box is made unique, so no
    // other copy can see the change.
    private final class Box {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    private var box: Box

    /// A box holding `value`.
    package init(_ value: Value) { box = Box(value) }

    /// The value; changing it copies the box first when another copy shares it.
    package var value: Value {
        get { box.value }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
            yield &box.value
        }
    }
}
