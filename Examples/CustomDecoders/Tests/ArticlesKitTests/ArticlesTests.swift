import ArticlesKit
import RestRun
import Testing

let list = #"{"data": [{"id": "1", "type": "contents", "attributes": {"name": "Swift", "description": "d", "card_artwork_url": "https://x/1.png"}}]}"#

@Test("a typed request returns [Article] through the injected Networking")
func typedRequest() async throws {
    let fake = FakeNetworking(body: list)
    let articles = try await fake.send(ArticlesRequest(baseURL: "http://api.test"))
    #expect(articles.map(\.name) == ["Swift"])
    #expect(fake.calls.withLock { $0 } == ["http://api.test/api/contents?filter%5Bcontent_types%5D%5B%5D=article"])
}

@Test("a 400 and a broken body come back as typed errors")
func typedErrors() async {
    await #expect {
        try await FakeNetworking(status: 400, body: "{}").send(ArticlesRequest(baseURL: "http://api.test"))
    } throws: { error in
        if case .status(400, _)? = error as? RequestError { return true }
        return false
    }
    await #expect {
        try await FakeNetworking(body: #"{"data": [{"id": "1", "type": "contents", "attributes": {"name": null}}]}"#)
            .send(ArticlesRequest(baseURL: "http://api.test"))
    } throws: { error in
        guard case let .decoding(failure)? = error as? RequestError else { return false }
        return failure.description == "Articles: data[0].attributes.name: expected String, found null"
    }
}

@Test("the plugin registers Articles by its type name")
func plugin() throws {
    var registry = DecoderRegistry.builtIn
    try ArticlesPlugin().register(decoders: &registry)
    #expect(registry.names.contains("Articles"))
    #expect(ZenRequest().method == .get)
    #expect(PreparedRequest(ZenRequest()).url == "https://api.github.com/zen")
}
