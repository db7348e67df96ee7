/// The version of rest-run.
package enum RestRunVersion {
    /// The version string, as `rest-run --version` prints it.
    package static let current = "0.1.0"
}
