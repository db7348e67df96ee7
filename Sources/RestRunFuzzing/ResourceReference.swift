import RestRun

/// A parameter or top-level body field of one operation that names a resource another one
/// creates: the `bookId` of `POST /loans` names what `POST /books` creates, as does the
/// `{authorId}` of `GET /authors/{authorId}/books`. Random values rarely name a resource that
/// exists, and a server that looks one up first answers 404 before it reads the rest, so some
/// cases send the id of a resource created just before them.
struct ResourceReference: Sendable {
    /// The operation that creates the resource (a `POST` on a collection).
    var producer: Int
    /// `path`, `query`, `header`, or `body` (a top-level JSON property or form field).
    var location: String
    var name: String
    /// Where the producer's response holds the id.
    var source: LinkSource

    /// The key a linked step's value has: the name alone for a path parameter (as chains write
    /// it), else the location and the name.
    var key: String { location == "path" ? name : "\(location) \(name)" }

    /// Each operation's references (by its place in `spec.operations`).
    static func references(of spec: OpenAPISpec) -> [Int: [ResourceReference]] {
        let operations = spec.operations
        // Producers by the id name they stand for: POST /books → "bookid".
        var producers: [(index: Int, idName: String, singular: String)] = []
        for (index, operation) in operations.enumerated() where operation.method == "POST" {
            guard let last = operation.path.split(separator: "/").last, !last.contains("{"),
                  operation.responses.contains(where: { $0.key.hasPrefix("2") || $0.key.uppercased() == "2XX" }) else { continue }
            let singular = Self.singular(String(last))
            let idName = normalized(singular + "id")
            guard !singular.isEmpty, !producers.contains(where: { $0.idName == idName }) else { continue }
            producers.append((index, idName, singular))
        }
        guard !producers.isEmpty else { return [:] }
        var result: [Int: [ResourceReference]] = [:]
        for (index, operation) in operations.enumerated() {
            var named: [(location: String, name: String)] = CaseGenerator.sendable(operation.parameters)
                .filter { $0.location != "cookie" }.map { ($0.location, $0.name) }
            if let body = operation.requestBody,
               let media = body.content.first(where: { OpenAPIContract.isJSON($0.mediaType) || ExampleValue.isForm($0.mediaType) }),
               let schema = media.schema {
                named += SchemaShape(schema.root).properties.map { ("body", $0.name) }
            }
            for (location, name) in named {
                guard let producer = producers.first(where: { $0.idName == normalized(name) }), producer.index != index else { continue }
                let reference = ResourceReference(
                    producer: producer.index, location: location, name: name,
                    source: .field(["id", name, producer.singular + "Id", producer.singular + "_id"]))
                result[index, default: []].append(reference)
            }
        }
        return result
    }

    /// `bookId`, `book_id` and `Book-ID` alike: lower-cased letters and digits.
    static func normalized(_ name: String) -> String {
        String(name.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    /// `books` → `book`, `categories` → `category`, `addresses` → `address`, `people` as it is.
    static func singular(_ plural: String) -> String {
        let lower = plural.lowercased()
        if lower.hasSuffix("ies"), lower.count > 3 { return String(plural.dropLast(3)) + "y" }
        if lower.hasSuffix("sses") || lower.hasSuffix("xes") || lower.hasSuffix("ches") || lower.hasSuffix("shes") {
            return String(plural.dropLast(2))
        }
        if lower.hasSuffix("s"), !lower.hasSuffix("ss") { return String(plural.dropLast()) }
        return plural
    }
}
