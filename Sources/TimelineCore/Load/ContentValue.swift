/// A value read from a JSON file or from YAML front matter, with the position it stood at,
/// so that any problem with it can be reported at its line and column.
struct ContentValue: Sendable {
    enum Kind: Sendable {
        case null
        case bool(Bool)
        case number(String)
        case string(String)
        case array([ContentValue])
        case object([ContentMember])
    }

    let kind: Kind
    let position: ContentPosition

    var typeName: String {
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

struct ContentMember: Sendable {
    let key: String
    let keyPosition: ContentPosition
    let value: ContentValue
}

/// JSON positions are byte offsets (turned into line and column only when a diagnostic needs
/// them); YAML positions arrive from libyaml as line and column already.
enum ContentPosition: Sendable {
    case offset(Int)
    case lineColumn(line: Int, column: Int)
}
