/// A piece of a template's source as the lexer reads it: text within one line, a line's end,
/// or a tag with its content trimmed.
struct TemplateToken: Sendable {
    enum Kind: Sendable, Equatable {
        case text
        case newline
        /// `{{name}}` (escaped) or `{{{name}}}` / `{{& name}}`.
        case variable(escaped: Bool)
        case section
        case invertedSection
        case close
        case comment
        case partial
        case parent
        case block
        case setDelimiters

        /// Tags that may stand alone on a line, which is then removed from the output.
        var canStandAlone: Bool {
            switch self {
            case .text, .newline, .variable: false
            default: true
            }
        }
    }

    let kind: Kind
    /// The text, or the tag's content without the sigil and surrounding whitespace.
    let bytes: [UInt8]
    let location: TemplateLocation
    /// For a partial, parent or block tag on a standalone line: the whitespace before it.
    var standaloneIndentation: [UInt8]? = nil
    /// For a block tag that is not standalone: the whitespace before it when nothing else is.
    var inlineIndentation: [UInt8] = []

    var isWhitespaceText: Bool {
        kind == .text && bytes.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }
}
