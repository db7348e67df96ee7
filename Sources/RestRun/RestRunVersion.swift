/// The version of rest-run.
public enum RestRunVersion {
    /// The version string, as `rest-run --version` prints it.
    public static let current = "0.1.0"
}
