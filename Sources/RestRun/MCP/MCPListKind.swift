/// What `list:` lists.
package enum MCPListKind: String, Sendable, CaseIterable {
    case tools, resources, prompts
    case resourceTemplates = "resource_templates"

    /// The method that lists them.
    var method: String {
        switch self {
        case .tools: "tools/list"
        case .resources: "resources/list"
        case .prompts: "prompts/list"
        case .resourceTemplates: "resources/templates/list"
        }
    }

    /// The key of the result that holds them.
    var key: String {
        switch self {
        case .resourceTemplates: "resourceTemplates"
        default: rawValue
        }
    }
}
