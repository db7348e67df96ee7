/// One part of a `multipart:` body: a text value, or a file with its content type.
package struct MultipartPart: Sendable {
    /// The form field's name.
    package var name: String
    /// The text value, for a text part.
    package var value: Template?
    /// The file's path (relative paths already resolved against the request file), for a file part.
    package var file: String?
    /// The file part's Content-Type; default guessed from the file's extension.
    package var contentType: String?
    /// The file name sent; default the file's own name.
    package var filename: String?
    /// Where the part was written.
    package var location: SourceLocation?

    /// Creates a part.
    package init(name: String, value: Template? = nil, file: String? = nil, contentType: String? = nil, filename: String? = nil, location: SourceLocation? = nil) {
        self.name = name
        self.value = value
        self.file = file
        self.contentType = contentType
        self.filename = filename
        self.location = location
    }
}
