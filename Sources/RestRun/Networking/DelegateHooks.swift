/// A networker's delegates, and for each hook the ones that act in it. Every hook is called for
/// every request, each call through an existential (and two of them async), while rest-run's own
/// delegates act in only some: they are left out of the others. Worked out once for a run; a
/// delegate that does not say which hooks it acts in (a plugin's) is in every one.
package struct DelegateHooks: Sendable {
    /// The hooks a delegate acts in.
    package struct Hooks: OptionSet, Sendable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }
        /// `headers(for:request:)`.
        package static let headers = Hooks(rawValue: 1)
        /// `networking(_:willSend:attempt:)`.
        package static let willSend = Hooks(rawValue: 2)
        /// `networking(_:didReceive:for:duration:)`.
        package static let didReceive = Hooks(rawValue: 4)
        /// `networking(_:retryDecisionFor:after:)`.
        package static let retryDecision = Hooks(rawValue: 8)
        /// `networking(_:willRetry:after:attempt:)`.
        package static let willRetry = Hooks(rawValue: 16)
        /// Every hook.
        package static let all: Hooks = [.headers, .willSend, .didReceive, .retryDecision, .willRetry]
    }

    /// A delegate as a hook calls it: one of rest-run's own may answer at once, without an
    /// async call; any other is asked through the protocol.
    package enum Asked: Sendable {
        /// One of rest-run's own.
        case own(any PartialNetworkingDelegate)
        /// Any other (a plugin's, the log's).
        case other(any NetworkingDelegate)

        /// The delegate.
        package var delegate: any NetworkingDelegate {
            switch self {
            case let .own(delegate): delegate
            case let .other(delegate): delegate
            }
        }

        /// The headers it adds to `request` when they are known without waiting.
        func headersAtOnce(for request: PreparedRequest) -> [(String, String)]? {
            guard case let .own(delegate) = self else { return nil }
            return delegate.headersAtOnce(for: request)
        }

        /// Whether it sends `request` again after `attempt`, when that is known without waiting.
        func retryDecisionAtOnce(for request: PreparedRequest, after attempt: Attempt) -> RetryDecision? {
            guard case let .own(delegate) = self else { return nil }
            return delegate.retryDecisionAtOnce(for: request, after: attempt)
        }
    }

    /// Every delegate, in order.
    package var all: [any NetworkingDelegate] { jar.map { [$0] + others } ?? others }
    /// The file's (or load iteration's) cookie jar, which comes first: kept apart so that adding
    /// it copies no list.
    package private(set) var jar: CookieJar?
    /// Every delegate but the jar, in order.
    private var others: [any NetworkingDelegate]
    /// The ones asked for headers, after the jar.
    package private(set) var headers: [Asked] = []
    /// The ones told of each attempt before it goes out.
    package private(set) var willSend: [any NetworkingDelegate] = []
    /// The ones told of each attempt's outcome, after the jar.
    package private(set) var didReceive: [any NetworkingDelegate] = []
    /// The ones asked whether to retry.
    package private(set) var retryDecision: [Asked] = []
    /// The ones told of a retry.
    package private(set) var willRetry: [any NetworkingDelegate] = []

    /// `delegates` sorted by hook.
    package init(_ delegates: [any NetworkingDelegate]) {
        others = delegates
        for delegate in delegates {
            let own = delegate as? any PartialNetworkingDelegate
            let asked = own.map(Asked.own) ?? .other(delegate)
            let hooks = own?.hooks ?? .all
            if hooks.contains(.headers) { headers.append(asked) }
            if hooks.contains(.willSend) { willSend.append(delegate) }
            if hooks.contains(.didReceive) { didReceive.append(delegate) }
            if hooks.contains(.retryDecision) { retryDecision.append(asked) }
            if hooks.contains(.willRetry) { willRetry.append(delegate) }
        }
    }

    /// The headers the delegates add to `request`, in their order: the jar's, then each one's,
    /// taken at once where a delegate can give them (an async call costs a frame and an executor
    /// check), each read in place by index rather than copied out of its list.
    func headers(for request: PreparedRequest, networking: any Networking) async throws -> [(String, String)] {
        var added = jar?.headersAtOnce(for: request) ?? []
        for index in headers.indices {
            if let known = headers[index].headersAtOnce(for: request) {
                added += known
            } else {
                added += try await headers[index].delegate.headers(for: networking, request: request)
            }
        }
        return added
    }

    /// These with `jar` first, as a networker of one file (or one load iteration) has them.
    package func addingCookies(_ jar: CookieJar) -> DelegateHooks {
        var hooks = self
        hooks.jar = jar
        return hooks
    }
}

/// A delegate of rest-run's own that acts in only some hooks (the others keep their defaults,
/// which do nothing): a networker does not call it for the others.
package protocol PartialNetworkingDelegate: NetworkingDelegate {
    /// The hooks it acts in.
    var hooks: DelegateHooks.Hooks { get }
    /// The headers for `request` when they are known without waiting; nil to be asked
    /// `headers(for:request:)`.
    func headersAtOnce(for request: PreparedRequest) -> [(String, String)]?
    /// The retry decision after `attempt` when it is known without waiting; nil to be asked
    /// `networking(_:retryDecisionFor:after:)`.
    func retryDecisionAtOnce(for request: PreparedRequest, after attempt: Attempt) -> RetryDecision?
}

extension PartialNetworkingDelegate {
    /// Nil: ask.
    package func headersAtOnce(for request: PreparedRequest) -> [(String, String)]? { nil }
    /// Nil: ask.
    package func retryDecisionAtOnce(for request: PreparedRequest, after attempt: Attempt) -> RetryDecision? { nil }
}
