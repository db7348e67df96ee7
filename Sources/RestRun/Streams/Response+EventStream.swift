extension Response {
    /// What a request with `stream:` received, event by event.
    package var stream: ReceivedStream? {
        get { received as? ReceivedStream }
        set { received = newValue }
    }
}
