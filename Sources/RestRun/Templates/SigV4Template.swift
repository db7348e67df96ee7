/// `auth: {aws_sigv4: {...}}` as written: each value a template.
package struct SigV4Template: Sendable {
    package var region: Template
    package var service: Template
    package var accessKey: Template
    package var secretKey: Template
    package var sessionToken: Template?

    /// The signer with every template rendered.
    func signer(in scope: Scope) throws(Diagnostic) -> SigV4Signer {
        let token = try sessionToken?.render(in: scope)
        return SigV4Signer(
            accessKey: try accessKey.render(in: scope), secretKey: try secretKey.render(in: scope),
            sessionToken: token?.isEmpty == true ? nil : token, region: try region.render(in: scope), service: try service.render(in: scope))
    }

    func forEachTemplate(_ visit: (Template) -> Void) {
        for template in [region, service, accessKey, secretKey] { visit(template) }
        if let sessionToken { visit(sessionToken) }
    }
}
