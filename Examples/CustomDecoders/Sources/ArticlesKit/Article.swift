import RestRun

/// An article as the app uses it.
public struct Article: Sendable, Equatable {
    /// The id.
    public var id: String
    /// The title.
    public var name: String
    /// The summary.
    public var description: String
    /// The card image.
    public var artworkURL: String

    /// The article of a resource object.
    public init(_ data: ArticleData) {
        id = data.id
        name = data.attributes.name
        description = data.attributes.description
        artworkURL = data.attributes.cardArtworkURL
    }
}

/// `[Article]` builds itself from the JSON:API list, through a constrained `Array` extension.
extension Array: @retroactive ResponseDecodable where Element == Article {
    /// Decodes `Articles` and maps each resource object to an `Article`.
    public init(response: Response) throws {
        self = try Articles(response: response).data.map(Article.init)
    }
}
