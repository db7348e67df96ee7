import RestRun
import Testing

/// A networker calls each delegate only in the hooks it acts in: rest-run's own say which, and
/// any other delegate (a plugin's) is called in every hook, in order.
@Suite("Delegate hooks")
struct DelegateHooksTests {
    /// A plugin's delegate that implements no hook itself.
    struct Plugin: NetworkingDelegate {}

    @Test("a plugin's delegate is in every hook; rest-run's own only in theirs; the cookie jar goes first, in the hooks it acts in")
    func sorting() {
        let redactor = Redactor()
        let hooks = DelegateHooks([RedactionDelegate(redactor: redactor), AuthDelegate(redactor: redactor), RetryDelegate(), Plugin()])
            .addingCookies(CookieJar())
        func names(_ delegates: [any NetworkingDelegate]) -> [String] { delegates.map { String(describing: type(of: $0)) } }
        #expect(names(hooks.all) == ["CookieJar", "RedactionDelegate", "AuthDelegate", "RetryDelegate", "Plugin"])
        #expect(hooks.jar != nil)
        #expect(names(hooks.headers.map(\.delegate)) == ["AuthDelegate", "Plugin"])
        #expect(names(hooks.willSend) == ["RedactionDelegate", "Plugin"])
        #expect(names(hooks.didReceive) == ["Plugin"])
        #expect(names(hooks.retryDecision.map(\.delegate)) == ["AuthDelegate", "RetryDelegate", "Plugin"])
        #expect(names(hooks.willRetry) == ["Plugin"])
    }
}
