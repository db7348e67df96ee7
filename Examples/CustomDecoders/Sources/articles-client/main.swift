#if canImport(Glibc)
import Glibc
#endif
import ArticlesKit
import RestRun

// Usage: articles-client BASE_URL — prints the articles of the API at BASE_URL.
let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    print("usage: articles-client BASE_URL")
    exit(1)
}
do {
    let articles = try await Networker.withNetworker { networker in
        try await networker.send(ArticlesRequest(baseURL: arguments[1]))
    }
    for article in articles { print("\(article.id)  \(article.name)") }
} catch let error as RequestError {
    print("error: \(error)")
    exit(1)
}
