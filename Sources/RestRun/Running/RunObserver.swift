/// Hears about a run as it happens, so a reporter can print each request when it finishes.
public protocol RunObserver: Sendable {
    /// A file is about to run.
    func runner(didStart file: RequestFile)
    /// A request of `file` finished.
    func runner(didFinish request: RequestResult, in file: RequestFile)
    /// A file finished.
    func runner(didFinish file: FileResult)
}

extension RunObserver {
    /// Does nothing.
    public func runner(didStart file: RequestFile) {}
    /// Does nothing.
    public func runner(didFinish request: RequestResult, in file: RequestFile) {}
    /// Does nothing.
    public func runner(didFinish file: FileResult) {}
}
