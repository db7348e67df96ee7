import RestRun

/// The articles list of a Kodeco (raywenderlich.com) style JSON:API.
public struct Articles: Decodable, Sendable, ResponseDecodable {
    /// The resource objects.
    public var data: [ArticleData]
}

/// One resource object of the list.
public struct ArticleData: Decodable, Sendable, ResponseDecodable {
    /// The attributes the app shows.
    public struct Attributes: Decodable, Sendable {
        /// The title.
        public var name: String
        /// The summary.
        public var description: String
        /// The card image.
        public var cardArtworkURL: String

        enum CodingKeys: String, CodingKey {
            case name, description
            case cardArtworkURL = "card_artwork_url"
        }
    }

    /// The resource's id.
    public var id: String
    /// The resource's type (`contents`).
    public var type: String
    /// Its attributes.
    public var attributes: Attributes
}
