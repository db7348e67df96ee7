extension NetworkError {
    /// The events an event stream received before it failed.
    package var events: EventLog? {
        get { received as? EventLog }
        set { received = newValue }
    }
}
