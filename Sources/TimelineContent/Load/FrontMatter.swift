import TimelineModel
import TimelineSystem

/// Splits a Markdown record (`post.md`, an album) into its YAML front matter and its Markdown body, and turns the YAML into
/// positioned values (`YAMLComposer`: libyaml gives every node its line and column).
package struct FrontMatter {
    package let fields: ContentValue
    package let body: String
    /// The YAML between the two `---` lines (line ends made `\n`), which starts on line 2.
    package let yaml: String
    /// The line of the file the body starts on.
    package var bodyLine: Int {
        3 + yaml.utf8.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }

    package enum Problem: Error {
        case missing(String)
        case malformed(line: Int, column: Int, String)
    }

    /// `firstKey` is the key the message for a file without front matter gives as an example.
    package static func split(_ file: SourceFile, firstKey: String = "username") throws(Problem) -> FrontMatter {
        var text = String(decoding: file.bytes, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        if text.containsUTF8Byte(UInt8(ascii: "\r")) { text = text.replacingOccurrences(of: "\r\n", with: "\n") }
        guard text.hasPrefix("---\n") || text == "---" else {
            let name = Path.fileName(of: file.path)
            throw .missing("\(name) must start with a front matter block: a line '---', YAML such as '\(firstKey): …', and another '---'")
        }
        let afterOpening = text.index(text.startIndex, offsetBy: 4, limitedBy: text.endIndex) ?? text.endIndex
        var yamlEnd: String.Index?
        var bodyStart = text.endIndex
        var lineStart = afterOpening
        while lineStart < text.endIndex {
            // By byte: a line feed always ends a character of its own (CR LF is gone by now).
            let lineEnd = text.utf8[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? text.endIndex
            let line = text[lineStart..<lineEnd]
            if line == "---" || line == "..." {
                yamlEnd = lineStart
                bodyStart = lineEnd < text.endIndex ? text.index(after: lineEnd) : text.endIndex
                break
            }
            lineStart = lineEnd < text.endIndex ? text.index(after: lineEnd) : text.endIndex
        }
        guard let yamlEnd else {
            throw .missing("the front matter block is not closed: add a line '---' after the YAML")
        }
        let yaml = String(text[afterOpening..<yamlEnd])
        let fields: ContentValue
        do {
            fields =
                try YAMLComposer.compose(yaml, lineOffset: lineOffset)
                ?? ContentValue(kind: .object([]), position: .lineColumn(line: 1 + lineOffset, column: 1))
        } catch {
            throw .malformed(line: error.line, column: error.column, error.message)
        }
        return FrontMatter(fields: fields, body: String(text[bodyStart...]), yaml: yaml)
    }

    /// Lines in the YAML count from the line after the opening `---`.
    package static let lineOffset = 1
}
