/// The meta-schemas of draft-07 and draft 2020-12, built in so that a schema may `$ref` them (and
/// so that rest-run checks schemas against them) without fetching anything. Written for rest-run
/// from the drafts' definitions of each keyword's allowed values.
enum MetaSchemas {
    /// The built-in document with `uri`, if there is one.
    static func document(for uri: SchemaURI) -> SchemaDocument? {
        documents[uri.withoutFragment.description]
    }

    private static let documents: [String: SchemaDocument] = {
        var documents: [String: SchemaDocument] = [:]
        for (uri, text) in texts {
            guard let value = try? JSONParser.parse(text) else { continue }
            documents[uri] = SchemaDocument(uri: SchemaURI(uri), value: value, displayName: uri)
        }
        return documents
    }()

    private static let draft2020 = "https://json-schema.org/draft/2020-12/"

    private static let texts: [(String, String)] = [
        ("http://json-schema.org/draft-07/schema", draft07),
        (draft2020 + "schema", #"""
            {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://json-schema.org/draft/2020-12/schema",
             "$vocabulary": {"https://json-schema.org/draft/2020-12/vocab/core": true,
               "https://json-schema.org/draft/2020-12/vocab/applicator": true,
               "https://json-schema.org/draft/2020-12/vocab/unevaluated": true,
               "https://json-schema.org/draft/2020-12/vocab/validation": true,
               "https://json-schema.org/draft/2020-12/vocab/meta-data": true,
               "https://json-schema.org/draft/2020-12/vocab/format-annotation": true,
               "https://json-schema.org/draft/2020-12/vocab/content": true},
             "$dynamicAnchor": "meta", "type": ["object", "boolean"],
             "allOf": [{"$ref": "meta/core"}, {"$ref": "meta/applicator"}, {"$ref": "meta/unevaluated"},
               {"$ref": "meta/validation"}, {"$ref": "meta/meta-data"}, {"$ref": "meta/format-annotation"},
               {"$ref": "meta/content"}],
             "properties": {
               "definitions": {"type": "object", "additionalProperties": {"$dynamicRef": "#meta"}},
               "dependencies": {"type": "object", "additionalProperties": {"anyOf": [{"$dynamicRef": "#meta"},
                 {"$ref": "meta/validation#/$defs/stringArray"}]}}}}
            """#),
        (draft2020 + "meta/core", #"""
            {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://json-schema.org/draft/2020-12/meta/core",
             "$dynamicAnchor": "meta", "type": ["object", "boolean"],
             "properties": {
               "$id": {"$ref": "#/$defs/uriReference", "pattern": "^[^#]*#?$"},
               "$schema": {"$ref": "#/$defs/uri"}, "$ref": {"$ref": "#/$defs/uriReference"},
               "$anchor": {"$ref": "#/$defs/anchor"}, "$dynamicRef": {"$ref": "#/$defs/uriReference"},
               "$dynamicAnchor": {"$ref": "#/$defs/anchor"},
               "$vocabulary": {"type": "object", "propertyNames": {"$ref": "#/$defs/uri"}, "additionalProperties": {"type": "boolean"}},
               "$comment": {"type": "string"},
               "$defs": {"type": "object", "additionalProperties": {"$dynamicRef": "#meta"}}},
             "$defs": {
               "anchor": {"type": "string", "pattern": "^[A-Za-z_][-A-Za-z0-9._]*$"},
               "uri": {"type": "string", "format": "uri"},
               "uriReference": {"type": "string", "format": "uri-reference"}}}
            """#),
        (draft2020 + "meta/applicator", #"""
            {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://json-schema.org/draft/2020-12/meta/applicator",
             "$dynamicAnchor": "meta", "type": ["object", "boolean"],
             "properties": {
               "prefixItems": {"$ref": "#/$defs/schemaArray"}, "items": {"$dynamicRef": "#meta"},
               "contains": {"$dynamicRef": "#meta"}, "additionalProperties": {"$dynamicRef": "#meta"},
               "properties": {"type": "object", "additionalProperties": {"$dynamicRef": "#meta"}},
               "patternProperties": {"type": "object", "additionalProperties": {"$dynamicRef": "#meta"}, "propertyNames": {"format": "regex"}},
               "dependentSchemas": {"type": "object", "additionalProperties": {"$dynamicRef": "#meta"}},
               "propertyNames": {"$dynamicRef": "#meta"}, "if": {"$dynamicRef": "#meta"},
               "then": {"$dynamicRef": "#meta"}, "else": {"$dynamicRef": "#meta"},
               "allOf": {"$ref": "#/$defs/schemaArray"}, "anyOf": {"$ref": "#/$defs/schemaArray"},
               "oneOf": {"$ref": "#/$defs/schemaArray"}, "not": {"$dynamicRef": "#meta"}},
             "$defs": {"schemaArray": {"type": "array", "minItems": 1, "items": {"$dynamicRef": "#meta"}}}}
            """#),
        (draft2020 + "meta/unevaluated", #"""
            {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://json-schema.org/draft/2020-12/meta/unevaluated",
             "$dynamicAnchor": "meta", "type": ["object", "boolean"],
             "properties": {"unevaluatedItems": {"$dynamicRef": "#meta"}, "unevaluatedProperties": {"$dynamicRef": "#meta"}}}
            """#),
        (draft2020 + "meta/validation", #"""
            {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://json-schema.org/draft/2020-12/meta/validation",
             "$dynamicAnchor": "meta", "type": ["object", "boolean"],
             "properties": {
               "type": {"anyOf": [{"$ref": "#/$defs/simpleTypes"},
                 {"type": "array", "items": {"$ref": "#/$defs/simpleTypes"}, "minItems": 1, "uniqueItems": true}]},
               "const": true, "enum": {"type": "array", "items": true},
               "multipleOf": {"type": "number", "exclusiveMinimum": 0},
               "maximum": {"type": "number"}, "exclusiveMaximum": {"type": "number"},
               "minimum": {"type": "number"}, "exclusiveMinimum": {"type": "number"},
               "maxLength": {"$ref": "#/$defs/count"}, "minLength": {"$ref": "#/$defs/count"},
               "pattern": {"type": "string", "format": "regex"},
               "maxItems": {"$ref": "#/$defs/count"}, "minItems": {"$ref": "#/$defs/count"},
               "uniqueItems": {"type": "boolean"},
               "maxContains": {"$ref": "#/$defs/count"}, "minContains": {"$ref": "#/$defs/count"},
               "maxProperties": {"$ref": "#/$defs/count"}, "minProperties": {"$ref": "#/$defs/count"},
               "required": {"$ref": "#/$defs/stringArray"},
               "dependentRequired": {"type": "object", "additionalProperties": {"$ref": "#/$defs/stringArray"}}},
             "$defs": {
               "count": {"type": "integer", "minimum": 0},
               "simpleTypes": {"enum": ["array", "boolean", "integer", "null", "number", "object", "string"]},
               "stringArray": {"type": "array", "items": {"type": "string"}, "uniqueItems": true}}}
            """#),
        (draft2020 + "meta/meta-data", #"""
            {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://json-schema.org/draft/2020-12/meta/meta-data",
             "$dynamicAnchor": "meta", "type": ["object", "boolean"],
             "properties": {"title": {"type": "string"}, "description": {"type": "string"}, "default": true,
               "deprecated": {"type": "boolean"}, "readOnly": {"type": "boolean"}, "writeOnly": {"type": "boolean"},
               "examples": {"type": "array", "items": true}}}
            """#),
        (draft2020 + "meta/format-annotation", #"""
            {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://json-schema.org/draft/2020-12/meta/format-annotation",
             "$dynamicAnchor": "meta", "type": ["object", "boolean"], "properties": {"format": {"type": "string"}}}
            """#),
        (draft2020 + "meta/content", #"""
            {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://json-schema.org/draft/2020-12/meta/content",
             "$dynamicAnchor": "meta", "type": ["object", "boolean"],
             "properties": {"contentEncoding": {"type": "string"}, "contentMediaType": {"type": "string"},
               "contentSchema": {"$dynamicRef": "#meta"}}}
            """#),
    ]

    private static let draft07 = #"""
        {"$schema": "http://json-schema.org/draft-07/schema#", "$id": "http://json-schema.org/draft-07/schema#",
         "type": ["object", "boolean"],
         "definitions": {
           "schemaArray": {"type": "array", "minItems": 1, "items": {"$ref": "#"}},
           "count": {"type": "integer", "minimum": 0},
           "simpleTypes": {"enum": ["array", "boolean", "integer", "null", "number", "object", "string"]},
           "stringArray": {"type": "array", "items": {"type": "string"}, "uniqueItems": true}},
         "properties": {
           "$id": {"type": "string", "format": "uri-reference"}, "$schema": {"type": "string", "format": "uri"},
           "$ref": {"type": "string", "format": "uri-reference"}, "$comment": {"type": "string"},
           "title": {"type": "string"}, "description": {"type": "string"}, "default": true,
           "readOnly": {"type": "boolean"}, "writeOnly": {"type": "boolean"}, "examples": {"type": "array", "items": true},
           "multipleOf": {"type": "number", "exclusiveMinimum": 0},
           "maximum": {"type": "number"}, "exclusiveMaximum": {"type": "number"},
           "minimum": {"type": "number"}, "exclusiveMinimum": {"type": "number"},
           "maxLength": {"$ref": "#/definitions/count"}, "minLength": {"$ref": "#/definitions/count"},
           "pattern": {"type": "string", "format": "regex"},
           "additionalItems": {"$ref": "#"}, "items": {"anyOf": [{"$ref": "#"}, {"$ref": "#/definitions/schemaArray"}]},
           "maxItems": {"$ref": "#/definitions/count"}, "minItems": {"$ref": "#/definitions/count"},
           "uniqueItems": {"type": "boolean"}, "contains": {"$ref": "#"},
           "maxProperties": {"$ref": "#/definitions/count"}, "minProperties": {"$ref": "#/definitions/count"},
           "required": {"$ref": "#/definitions/stringArray"},
           "additionalProperties": {"$ref": "#"},
           "definitions": {"type": "object", "additionalProperties": {"$ref": "#"}},
           "properties": {"type": "object", "additionalProperties": {"$ref": "#"}},
           "patternProperties": {"type": "object", "additionalProperties": {"$ref": "#"}, "propertyNames": {"format": "regex"}},
           "dependencies": {"type": "object", "additionalProperties": {"anyOf": [{"$ref": "#"}, {"$ref": "#/definitions/stringArray"}]}},
           "propertyNames": {"$ref": "#"}, "const": true, "enum": {"type": "array", "items": true},
           "type": {"anyOf": [{"$ref": "#/definitions/simpleTypes"},
             {"type": "array", "items": {"$ref": "#/definitions/simpleTypes"}, "minItems": 1, "uniqueItems": true}]},
           "format": {"type": "string"}, "contentMediaType": {"type": "string"}, "contentEncoding": {"type": "string"},
           "if": {"$ref": "#"}, "then": {"$ref": "#"}, "else": {"$ref": "#"},
           "allOf": {"$ref": "#/definitions/schemaArray"}, "anyOf": {"$ref": "#/definitions/schemaArray"},
           "oneOf": {"$ref": "#/definitions/schemaArray"}, "not": {"$ref": "#"}}}
        """#
}
