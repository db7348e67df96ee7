/// One part of a `multipart:` body: a text value, or a file with its content type.
public struct MultipartPart: Sendable {
    /// The form field's name.
    public var name: String
    /// The text value, for a text part.
    public var value: Template?
    /// The file's path (relative paths already resolved against the request file), for a file part.
    public var file: String?
    /// The file part's Content-Type; default guessed from the file's extension.
    public var contentType: String?
    /// The file name sent; default the file's own name.
    public var filename: String?
    /// Where the part was written.
    public var location: SourceLocation?

    /// Creates a part.
    public init(name: String, value: Template? = nil, file: String? = nil, contentType: String? = nil, filename: String? = nil, location: SourceLocation? = nil) {
        self.name = name
        self.value = value
        self.file = file
        self.contentType = contentType
        self.filename = filename
        self.location = location
    }
}
