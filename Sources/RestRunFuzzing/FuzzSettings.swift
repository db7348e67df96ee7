package import RestRun

/// How `rest-run fuzz` runs: where it sends, how many cases, how fast, and what it checks.
package struct FuzzSettings: Sendable {
    /// The API's base URL, its path included (`http://127.0.0.1:8080/v1`).
    package var baseURL: String
    /// The seed every case is drawn from.
    package var seed: UInt64
    /// Cases per operation.
    package var maxExamples = 100
    /// Stop after this long.
    package var timeLimit: Duration?
    /// Stop after this many requests.
    package var maxRequests: Int?
    /// At most this many requests a second.
    package var rate: Double?
    /// Operations fuzzed at once.
    package var jobs = 1
    /// `--checks all`: every check, and the strict forms of those that have one (an undeclared
    /// method must be answered 405 with `Allow`).
    package var checksAll = false
    /// The checks whose failures are reported.
    package var checks = FuzzCheck.defaults
    /// Headers sent with every request (`-H`, and `--with`'s headers and auth), under the case's own.
    package var headers: [(String, String)] = []
    /// Timeouts, TLS, proxies and the body limit.
    package var transport = TransportOptions()
    /// `--with`'s `auth:` when it acts while sending (OAuth 2.0, SigV4, Digest).
    package var auth: RequestAuth?
    /// What learns the run's secrets (tokens as they are fetched).
    package var redactor = Redactor()

    /// Settings for `baseURL` with `seed`.
    package init(baseURL: String, seed: UInt64) {
        self.baseURL = baseURL
        self.seed = seed
    }
}
