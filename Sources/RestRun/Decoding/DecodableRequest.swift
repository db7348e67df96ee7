/// A type that builds itself from a response, as the seeds teach it: `Decodable` types get this for
/// free by declaring the conformance, and any other type (even `[Article]` through a constrained
/// `Array` extension) implements `init(response:)`.
public protocol ResponseDecodable {
    /// Builds the value from a response, or throws a `DecodingFailure`.
    init(response: Response) throws
}

extension ResponseDecodable where Self: Decodable {
    /// Decodes the JSON body with `JSONDecoder`; a failure names the path that failed.
    public init(response: Response) throws {
        self = try DecodableResponseDecoder(Self.self).value(from: response)
    }
}

/// A request whose response comes back typed.
///
/// ```swift
/// struct ArticlesRequest: DecodableRequest {
///     typealias Output = [Article]
///     var baseURL: String? { "https://api.example.com/api" }
///     var url: String { "/contents" }
/// }
/// let articles = try await networker.send(ArticlesRequest())
/// ```
public protocol DecodableRequest: Request {
    /// What the response decodes into.
    associatedtype Output: ResponseDecodable
}

/// Why a typed request gave no value: no response, a status that is not 2xx, or a body that did not decode.
public enum RequestError: Error, Sendable, CustomStringConvertible {
    /// No usable response.
    case network(NetworkError)
    /// The server answered with a status outside 2xx.
    case status(Int, Response)
    /// The body did not decode into the request's output type.
    case decoding(DecodingFailure)

    /// One sentence.
    public var description: String {
        switch self {
        case let .network(error): error.message
        case let .status(code, response): "the server answered \(code) \(response.reason)"
        case let .decoding(failure): failure.description
        }
    }
}

extension Networking {
    /// Sends a typed request and decodes its response into the request's `Output`.
    public func send<R: DecodableRequest>(_ request: R, baseURL: String? = nil) async throws(RequestError) -> R.Output {
        let response: Response
        do {
            response = try await send(PreparedRequest(request, baseURL: baseURL ?? request.baseURL))
        } catch let error as NetworkError {
            throw .network(error)
        } catch {
            throw .network(NetworkError(.other, String(describing: error)))
        }
        guard (200..<300).contains(response.status) else { throw .status(response.status, response) }
        do {
            return try R.Output(response: response)
        } catch let failure as DecodingFailure {
            throw .decoding(failure)
        } catch {
            throw .decoding(DecodingFailure(decoder: String(describing: R.Output.self), message: String(describing: error)))
        }
    }
}
