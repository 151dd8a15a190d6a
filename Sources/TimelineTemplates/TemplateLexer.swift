/// Reads a template's bytes into tokens, following set-delimiter tags as it goes.
struct TemplateLexer {
    private let source: [UInt8]
    private let template: String
    private var open: [UInt8] = Array("{{".utf8)
    private var close: [UInt8] = Array("}}".utf8)
    private var position = 0
    private var line = 1
    private var lineStart = 0

    init(source: [UInt8], template: String) {
        self.source = source
        self.template = template
    }

    /// The tokens, or the first problem: after an unclosed tag nothing more can be read.
    static func tokens(of source: [UInt8], template: String) -> Result<[TemplateToken], TemplateProblem> {
        var lexer = TemplateLexer(source: source, template: template)
        var tokens: [TemplateToken] = []
        do {
            while let token = try lexer.next(into: &tokens) { tokens.append(token) }
            return .success(tokens)
        } catch {
            return .failure(error)
        }
    }

    /// Appends the text up to the next tag (split at line ends) and returns the tag.
    private mutating func next(into tokens: inout [TemplateToken]) throws(TemplateProblem) -> TemplateToken? {
        guard position < source.count else { return nil }
        let tagStart = find(open, from: position) ?? source.count
        appendText(upTo: tagStart, into: &tokens)
        guard tagStart < source.count else { return nil }
        let location = self.location(of: tagStart)
        let contentStart = tagStart + open.count
        let sigil = contentStart < source.count ? source[contentStart] : 0
        let kind: TemplateToken.Kind
        var content: Range<Int>
        var end: Int
        switch sigil {
        case UInt8(ascii: "{"):
            guard let closing = find([UInt8(ascii: "}")] + close, from: contentStart + 1) else { throw unclosed(at: location) }
            kind = .variable(escaped: false)
            content = (contentStart + 1)..<closing
            end = closing + 1 + close.count
        case UInt8(ascii: "="):
            guard let closing = find([UInt8(ascii: "=")] + close, from: contentStart + 1) else { throw unclosed(at: location) }
            kind = .setDelimiters
            content = (contentStart + 1)..<closing
            end = closing + 1 + close.count
        default:
            guard let closing = find(close, from: contentStart) else { throw unclosed(at: location) }
            end = closing + close.count
            content = contentStart..<closing
            switch sigil {
            case UInt8(ascii: "&"): kind = .variable(escaped: false)
            case UInt8(ascii: "#"): kind = .section
            case UInt8(ascii: "^"): kind = .invertedSection
            case UInt8(ascii: "/"): kind = .close
            case UInt8(ascii: "!"): kind = .comment
            case UInt8(ascii: ">"): kind = .partial
            case UInt8(ascii: "<"): kind = .parent
            case UInt8(ascii: "$"): kind = .block
            default: kind = .variable(escaped: true)
            }
            if kind != .variable(escaped: true) { content = (contentStart + 1)..<closing }
        }
        let bytes = Self.trimmed(source[content])
        if kind == .setDelimiters { try setDelimiters(bytes, at: location) }
        if kind != .comment, kind != .setDelimiters, bytes.isEmpty {
            throw TemplateProblem(template: template, at: location, "a tag without a name")
        }
        advanceLines(through: end)
        position = end
        return TemplateToken(kind: kind, bytes: kind == .comment ? [] : Array(bytes), location: location)
    }

    private mutating func setDelimiters(_ content: ArraySlice<UInt8>, at location: TemplateLocation) throws(TemplateProblem) {
        let parts = content.split(whereSeparator: Self.isWhitespace)
        guard parts.count == 2, !parts.contains(where: { $0.contains(UInt8(ascii: "=")) }) else {
            throw TemplateProblem(template: template, at: location, "a set-delimiter tag needs two delimiters without '=', like {{=<% %>=}}")
        }
        open = Array(parts[0])
        close = Array(parts[1])
    }

    private func unclosed(at location: TemplateLocation) -> TemplateProblem {
        TemplateProblem(template: template, at: location, "a tag is not closed with '\(String(decoding: close, as: UTF8.self))'")
    }

    private mutating func appendText(upTo end: Int, into tokens: inout [TemplateToken]) {
        var start = position
        var index = position
        while index < end {
            if source[index] == UInt8(ascii: "\n") {
                let newlineStart = index > start && source[index - 1] == UInt8(ascii: "\r") ? index - 1 : index
                if newlineStart > start {
                    tokens.append(TemplateToken(kind: .text, bytes: Array(source[start..<newlineStart]), location: location(of: start)))
                }
                tokens.append(TemplateToken(kind: .newline, bytes: Array(source[newlineStart...index]), location: location(of: newlineStart)))
                line += 1
                lineStart = index + 1
                start = index + 1
            }
            index += 1
        }
        if end > start {
            tokens.append(TemplateToken(kind: .text, bytes: Array(source[start..<end]), location: location(of: start)))
        }
        position = end
    }

    /// Counts the line ends inside a tag (a comment may span lines).
    private mutating func advanceLines(through end: Int) {
        var index = position
        while index < end {
            if source[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
    }

    private func location(of index: Int) -> TemplateLocation {
        // Columns count characters: UTF-8 continuation bytes do not start one.
        var column = 1
        var cursor = lineStart
        while cursor < index {
            if source[cursor] & 0xC0 != 0x80 { column += 1 }
            cursor += 1
        }
        return TemplateLocation(line: line, column: column)
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, source.count >= needle.count else { return nil }
        var index = start
        let last = source.count - needle.count
        while index <= last {
            if source[index] == first {
                var matched = true
                for offset in 1..<needle.count where source[index + offset] != needle[offset] {
                    matched = false
                    break
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, isWhitespace(first) { slice = slice.dropFirst() }
        while let last = slice.last, isWhitespace(last) { slice = slice.dropLast() }
        return slice
    }
}
