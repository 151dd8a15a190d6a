import TimelineContent
import TimelineModel
import TimelineTemplates

/// Walks the attributes of a page's start tags, in order, the way an HTML tokenizer sees them:
/// text, comments, declarations, end tags and the contents of `script` and `style` are passed
/// over, so a `"` or `<` in a caption or a script is never taken for markup.
package struct HTMLAttributeScanner {
    package struct Attribute {
        package let name: Range<Int>
        /// The value without its quotes; nil for an attribute without a value.
        package let value: Range<Int>?
    }

    private let html: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// Inside a start tag, after its name.
    private var inTag = false
    /// The tag being read, when its contents are raw text (`script`, `style`).
    private var rawTextTag: StaticString?

    /// Reads `html`, which must outlive the scanner.
    init(_ html: UnsafeBufferPointer<UInt8>) {
        self.html = html
    }

    mutating func nextAttribute() -> Attribute? {
        while index < html.count {
            if inTag {
                if let attribute = readAttribute() { return attribute }
            } else {
                enterNextTag()
            }
        }
        return nil
    }

    /// Moves to just after the name of the next start tag.
    private mutating func enterNextTag() {
        if let tag = rawTextTag {
            rawTextTag = nil
            index = endOfRawText(closing: tag)
        }
        while index < html.count {
            guard let open = html[index...].firstIndex(of: UInt8(ascii: "<")) else {
                index = html.count
                return
            }
            index = open + 1
            if starts(with: "!--", at: index) {
                index = find("-->", from: index + 3).map { $0 + 3 } ?? html.count
            } else if index < html.count, html[index] == UInt8(ascii: "!") || html[index] == UInt8(ascii: "?") || html[index] == UInt8(ascii: "/") {
                index = html[index...].firstIndex(of: UInt8(ascii: ">")).map { $0 + 1 } ?? html.count
            } else if index < html.count, isLetter(html[index]) {
                let nameStart = index
                while index < html.count, !Self.isSpace(html[index]), html[index] != UInt8(ascii: ">"), html[index] != UInt8(ascii: "/") { index += 1 }
                for tag: StaticString in ["script", "style"] where isName(tag, at: nameStart, length: index - nameStart) { rawTextTag = tag }
                inTag = true
                return
            }
        }
    }

    /// Reads one attribute of the current tag, or its end (nil).
    private mutating func readAttribute() -> Attribute? {
        while index < html.count, Self.isSpace(html[index]) || html[index] == UInt8(ascii: "/") { index += 1 }
        guard index < html.count, html[index] != UInt8(ascii: ">") else {
            index += 1
            inTag = false
            return nil
        }
        let nameStart = index
        index += 1
        while index < html.count, !Self.isSpace(html[index]), html[index] != UInt8(ascii: "="), html[index] != UInt8(ascii: ">"),
            html[index] != UInt8(ascii: "/")
        {
            index += 1
        }
        let name = nameStart..<index
        skipSpaces()
        guard index < html.count, html[index] == UInt8(ascii: "=") else { return Attribute(name: name, value: nil) }
        index += 1
        skipSpaces()
        guard index < html.count else { return Attribute(name: name, value: nil) }
        let quote = html[index]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            let start = index + 1
            let end = html[start...].firstIndex(of: quote) ?? html.count
            index = min(end + 1, html.count)
            return Attribute(name: name, value: start..<end)
        }
        let start = index
        while index < html.count, !Self.isSpace(html[index]), html[index] != UInt8(ascii: ">") { index += 1 }
        return Attribute(name: name, value: start..<index)
    }

    /// Where the raw text of a `script` or `style` ends: at its end tag, in any case.
    private func endOfRawText(closing tag: StaticString) -> Int {
        var position = index
        while let open = find("</", from: position) {
            if isName(tag, at: open + 2, length: tag.utf8CodeUnitCount) { return open }
            position = open + 2
        }
        return html.count
    }

    /// Whether the `length` bytes at `position` are `lowercaseName` in any case.
    private func isName(_ lowercaseName: StaticString, at position: Int, length: Int) -> Bool {
        guard length == lowercaseName.utf8CodeUnitCount, position + length <= html.count else { return false }
        for offset in 0..<length where Self.lowercased(html[position + offset]) != lowercaseName.utf8Start[offset] { return false }
        return true
    }

    private mutating func skipSpaces() {
        while index < html.count, Self.isSpace(html[index]) { index += 1 }
    }

    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }

    /// HTML's ASCII whitespace.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    private func starts(with text: StaticString, at position: Int) -> Bool {
        let pattern = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        return position + pattern.count <= html.count && html[position..<position + pattern.count].elementsEqual(pattern)
    }

    private func find(_ text: StaticString, from position: Int) -> Int? {
        var position = position
        let first = text.utf8Start.pointee
        while position < html.count, let candidate = html[position...].firstIndex(of: first) {
            if starts(with: text, at: candidate) { return candidate }
            position = candidate + 1
        }
        return nil
    }
}

private func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
}
