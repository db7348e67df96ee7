extension DecoderRegistry {
    /// This registry with the external decoders a file declares; a name already taken is a
    /// diagnostic at its declaration.
    package func adding(_ declarations: [DecoderDeclaration]) throws(DiagnosticList) -> DecoderRegistry {
        var result = self
        var problems: [Diagnostic] = []
        for declaration in declarations {
            do throws(Clash) {
                try result.register(declaration.decoder, as: declaration.name, origin: .file(declaration.file))
            } catch {
                problems.append(Diagnostic(error.message, at: declaration.location))
            }
        }
        guard problems.isEmpty else { throw DiagnosticList(problems) }
        return result
    }
}
