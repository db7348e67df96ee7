import RestRunCLI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The command runs in a task, and this thread waits until it exits the process. An `await` here
// would make `main` async, and its thread would leave through `dispatch_main`, whose
// `pthread_exit` unwinds the thread and reads megabytes of the binary's unwind tables to do it
// (Benchmarks/RESULTS.md, section 38). Nothing in rest-run runs on the main actor.
Task.detached {
    await RestRunCommand.main(plugins: [])
}
while true {
    pause()
}
