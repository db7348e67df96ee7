/// Several observers heard in turn, as one: the console reporter and the event stream.
package struct RunObservers: RunObserver {
    /// The observers, in the order they hear each event.
    package var observers: [any RunObserver]

    /// Observers heard in the order given.
    package init(_ observers: [any RunObserver]) { self.observers = observers }

    package func runner(didStart file: RequestFile) {
        for observer in observers { observer.runner(didStart: file) }
    }

    package func runner(didFinish request: RequestResult, in file: RequestFile) {
        for observer in observers { observer.runner(didFinish: request, in: file) }
    }

    package func runner(didFinish file: FileResult) {
        for observer in observers { observer.runner(didFinish: file) }
    }
}
