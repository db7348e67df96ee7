/// A value kept in one shared box and copied only when a copy of it is changed: the values that
/// travel between stages (a declared request, a prepared request, a response, a result) are
/// copied several times on their way, and copying and destroying a dozen fields each time cost
/// more than the work done with them (Benchmarks/RESULTS.md).
///
/// The box is a small final class each type declares (`CopyOnWriteBox`): a generic class would
/// have its metadata looked up at run time for every box made.
package struct CopyOnWrite<Box: CopyOnWriteBox>: @unchecked Sendable {
    // The box is changed only through `value`'s `_modify`, after the box is made unique, so no
    // other copy can see the change.
    private var box: Box

    /// A box holding `value`.
    package init(_ value: Box.Value) { box = Box(value) }

    /// The value; changing it copies the box first when another copy shares it.
    package var value: Box.Value {
        get { box.value }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
            yield &box.value
        }
    }
}

/// The class a `CopyOnWrite` value lives in: one stored `value`.
package protocol CopyOnWriteBox: AnyObject {
    /// What the box holds.
    associatedtype Value: Sendable
    /// The value.
    var value: Value { get set }
    /// A box holding `value`.
    init(_ value: Value)
}
