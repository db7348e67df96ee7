/// What an `EventStreamParser` gives its events to, one at a time as each is dispatched. A sink is
/// a generic parameter, not a closure, so that the parser's loop and the sink's work are compiled
/// together: no call through a context, and no buffer retained around it.
package protocol EventStreamSink {
    /// Takes one event, whose bytes are valid only during the call; returns whether to read on.
    mutating func take(_ event: EventStreamParser.RawEvent) -> Bool
}
