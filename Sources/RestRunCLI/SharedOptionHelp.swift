import ArgumentParser

/// The help of the options `run` and `load run` both take, written once: the two commands never
/// describe one option two ways (`ConventionsTests` holds every option both have to one text).
enum SharedOptionHelp {
    static let header = ArgumentHelp("Send this header with every request whose file or request does not set it; repeatable.", valueName: "'NAME: VALUE'")
    static let insecure = ArgumentHelp("Do not check TLS certificates.")
    static let cacert = ArgumentHelp("Trust the certificate authorities in this PEM file instead of the system's, where a file sets no tls: ca.", valueName: "FILE")
    static let proxy = ArgumentHelp("Send every request through this HTTP proxy (https:// ones with CONNECT); \"\" for none. Default: HTTP_PROXY, HTTPS_PROXY and NO_PROXY.", valueName: "URL")
    static let resolve = ArgumentHelp("Connect to ADDR for HOST (as curl's --resolve), the certificate still checked for HOST; repeatable.", valueName: "HOST:PORT:ADDR")
    static let timeout = ArgumentHelp("Default timeout of every request: seconds (5) or a duration (500ms, 2m); a file's options win.", valueName: "DURATION")
    static let tag = ArgumentHelp("Run only requests with this tag; repeatable (any of them).", valueName: "TAG")
    static let excludeTag = ArgumentHelp("Leave out requests with this tag; repeatable (it wins over --tag).", valueName: "TAG")
    static let name = ArgumentHelp("Run only requests whose name matches (* and ? wildcards, else a substring); repeatable.", valueName: "PATTERN")
    static let mock = ArgumentHelp("Start the embedded mock server first, serving a routes file or an OpenAPI spec; its URL is {{mock_url}} and the default base_url.", valueName: "ROUTES|SPEC")
}
