import Foundation
import RestRun
import Testing

/// The HTML report's page: escaped, redacted, self-contained.
@Suite("HTML report")
struct HTMLReportTests {
    @Test("names, URLs and failures are escaped (a server's <script> stays text) and secrets redacted before escaping")
    func escapedAndRedacted() {
        let redactor = Redactor()
        redactor.add("a&b<secret>")
        var result = RequestResult(
            name: "<script>alert(1)</script>", method: .get, url: "http://127.0.0.1/?q=a&b<secret>",
            location: SourceLocation(file: "x.yaml", line: 3, column: 5, lineText: "  - name: x"), outcome: .failed, status: 500)
        result.failures = [Diagnostic("expectation failed: body", notes: ["actual:   \"<img src=x onerror=alert(1)>\""])]
        let page = HTMLReport.render([FileResult(path: "x.yaml", name: "x", requests: [result], duration: .milliseconds(3))], redactor: redactor)
        #expect(!page.contains("<script>alert"), "a name is text, not markup")
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!page.contains("<img"), "a response is text, not markup")
        #expect(!page.contains("a&b<secret>") && !page.contains("a&amp;b&lt;secret&gt;"), "the secret is gone, escaped or not")
        #expect(page.contains("[redacted]"))
        #expect(page.components(separatedBy: "<script>").count == 2, "one script: the page's own")
        #expect(!page.contains("src=\"http") && !page.contains("href=\"http"), "nothing is loaded from the network")
    }
}
