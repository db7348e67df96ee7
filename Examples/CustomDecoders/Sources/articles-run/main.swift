import ArticlesKit
import RestRunCLI

// rest-run with one more decoder: `decode: Articles`.
await RestRunCommand.main(plugins: [ArticlesPlugin()])
