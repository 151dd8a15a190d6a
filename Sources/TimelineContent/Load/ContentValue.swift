import TimelineModel

/// A value read from a JSON file or from YAML front matter, with the position it stood at,
/// so that any problem with it can be reported at its line and column.
package struct ContentValue: Sendable {
    package enum Kind: Sendable {
        case null
        case bool(Bool)
        case number(String)
        case string(String)
        case array([ContentValue])
        case object([ContentMember])
    }

    package let kind: Kind
    package let position: ContentPosition

    package var typeName: String {
        switch kind {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

package struct ContentMember: Sendable {
    package let key: String
    package let keyPosition: ContentPosition
    package let value: ContentValue
}

/// JSON positions are byte offsets (turned into line and column only when a diagnostic needs
/// them); YAML positions arrive from libyaml as line and column already.
package enum ContentPosition: Sendable {
    case offset(Int)
    case lineColumn(line: Int, column: Int)
}
