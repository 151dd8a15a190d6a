/// A template parsed: text, tags and the sections, parents and blocks they open, with the
/// standalone lines taken out and each remaining line's start marked for indentation.
indirect enum TemplateNode: Sendable {
    case text([UInt8])
    /// The start of a template line: where the indentation of a standalone partial or block goes.
    case lineStart
    case variable(TemplateName, escaped: Bool, TemplateLocation)
    case section(TemplateName, inverted: Bool, body: [TemplateNode], TemplateLocation)
    /// `indentation` is nil when the tag is not alone on its line.
    case partial(String, indentation: [UInt8]?, TemplateLocation)
    case parent(String, indentation: [UInt8]?, blocks: [BlockDefinition], TemplateLocation)
    case block(BlockDefinition)
}

/// A `{{$name}}…{{/name}}` block: a place a child template may fill.
struct BlockDefinition: Sendable {
    let name: String
    let body: [TemplateNode]
    /// The indentation of the block's lines: where it is defined it is taken off an override's
    /// lines, where it is expanded it is put on them.
    let indentation: [UInt8]
    let location: TemplateLocation
}

/// A name as written in a tag: `.` (the current value) or dotted parts.
struct TemplateName: Sendable, Hashable {
    let text: String
    /// Empty for `.`.
    let parts: [String]

    init(_ text: String) {
        self.text = text
        parts = text == "." ? [] : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    var isImplicit: Bool { parts.isEmpty }
}
