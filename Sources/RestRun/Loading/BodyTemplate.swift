/// A request body as written in a file, resolved into bytes just before the request is sent.
public enum BodyTemplate: Sendable {
    /// `json:` any YAML value; a scalar that is only `{{name}}` keeps the variable's type.
    case json(ValueTemplate)
    /// `text:` a string.
    case text(Template)

    /// The body with its templates resolved.
    public func resolve(in scope: Scope) throws(Diagnostic) -> RequestBody {
        switch self {
        case let .json(value): return .json(try value.resolve(in: scope))
        case let .text(template): return .text(try template.render(in: scope))
        }
    }

    /// Every template inside.
    public var templates: [Template] {
        switch self {
        case let .json(value): value.templates
        case let .text(template): [template]
        }
    }
}
