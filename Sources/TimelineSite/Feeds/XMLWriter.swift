import TimelineSystem
import TimelineTemplates

/// Writes one XML document into memory: the XML declaration, then elements indented by two
/// spaces, every text and attribute value escaped, so nothing taken from content can open or
/// close an element. Characters that XML 1.0 cannot carry at all, not even as references
/// (control characters other than tab, newline and carriage return; U+FFFE; U+FFFF), are
/// removed first.
///
/// The bytes are those libxml2's xmlTextWriter writes with the same settings (`XMLWriterTests`
/// writes random documents through both and compares them), at a small part of its cost: see
/// docs/architecture.md for why the feeds are not written through libxml2.
///
/// A value: the document is built in place through `inout`, with no reference to share.
package struct XMLWriter {
    package typealias Attributes = [(name: String, value: String)]

    private var bytes: [UInt8] = []
    /// The names of the open elements, the innermost last.
    private var open: [String] = []
    /// Whether the innermost open element's start tag still waits for its `>`: it has neither
    /// text nor children yet, and ends as `<name …/>` if none come.
    private var startTagOpen = false
    /// Whether an end tag goes on a line of its own: after a child element, not after text.
    private var endTagOnItsOwnLine = false

    private init() {}

    /// The bytes of a document (UTF-8, with an XML declaration, indented by two spaces) whose
    /// root element `body` writes.
    package static func document(_ body: (inout XMLWriter) -> Void) -> [UInt8] {
        var xml = XMLWriter()
        xml.bytes.reserveCapacity(4_096)
        xml.appendRaw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        body(&xml)
        return xml.bytes
    }

    /// Opens an element; `end()` closes it.
    private mutating func start(_ name: String, _ attributes: Attributes = []) {
        closeStartTag(lineBreak: true)
        appendIndent(depth: open.count)
        open.append(name)
        bytes.append(UInt8(ascii: "<"))
        appendRaw(name)
        startTagOpen = true
        for attribute in attributes {
            bytes.append(UInt8(ascii: " "))
            appendRaw(attribute.name)
            bytes.append(UInt8(ascii: "="))
            bytes.append(UInt8(ascii: "\""))
            Self.attributeEscaping.append(Self.legal(attribute.value), to: &bytes)
            bytes.append(UInt8(ascii: "\""))
        }
    }

    private mutating func end() {
        guard let name = open.popLast() else { return }
        if startTagOpen {
            startTagOpen = false
            bytes.append(UInt8(ascii: "/"))
            bytes.append(UInt8(ascii: ">"))
        } else {
            if endTagOnItsOwnLine { appendIndent(depth: open.count) }
            bytes.append(UInt8(ascii: "<"))
            bytes.append(UInt8(ascii: "/"))
            appendRaw(name)
            bytes.append(UInt8(ascii: ">"))
        }
        endTagOnItsOwnLine = true
        bytes.append(UInt8(ascii: "\n"))
    }

    /// An element holding only text (or nothing: `<link …/>`).
    package mutating func element(_ name: String, _ attributes: Attributes = [], text: String? = nil) {
        start(name, attributes)
        if let text {
            closeStartTag(lineBreak: false)
            endTagOnItsOwnLine = false
            Self.textEscaping.append(Self.legal(text), to: &bytes)
        }
        end()
    }

    /// An element whose children `body` writes.
    package mutating func element(_ name: String, _ attributes: Attributes = [], children body: (inout XMLWriter) -> Void) {
        start(name, attributes)
        body(&self)
        end()
    }

    /// Ends the innermost element's start tag with `>`, before its first text or child (on a
    /// line of its own when `lineBreak`).
    private mutating func closeStartTag(lineBreak: Bool) {
        guard startTagOpen else { return }
        startTagOpen = false
        bytes.append(UInt8(ascii: ">"))
        if lineBreak { bytes.append(UInt8(ascii: "\n")) }
    }

    private mutating func appendIndent(depth: Int) {
        for _ in 0..<(2 * depth) { bytes.append(UInt8(ascii: " ")) }
    }

    private mutating func appendRaw(_ text: String) {
        text.withUTF8Bytes { bytes.append(contentsOf: $0) }
    }

    /// In text, as libxml2's `xmlEncodeSpecialChars`: `< > & "` and carriage return.
    private static let textEscaping = ByteEscaping(["<": "&lt;", ">": "&gt;", "&": "&amp;", "\"": "&quot;", "\r": "&#13;"])
    /// In a double-quoted attribute value, as libxml2's `xmlBufAttrSerializeTxtContent`: also
    /// newline and tab, which a parser would otherwise read as spaces.
    private static let attributeEscaping = ByteEscaping([
        "<": "&lt;", ">": "&gt;", "&": "&amp;", "\"": "&quot;", "\r": "&#13;", "\n": "&#10;", "\t": "&#9;",
    ])

    /// `text` without the characters XML 1.0 forbids; the same string when it has none.
    static func legal(_ text: String) -> String {
        guard mayHoldIllegal(text), !text.unicodeScalars.allSatisfy(isLegal) else { return text }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: text.unicodeScalars.lazy.filter(isLegal))
        return String(kept)
    }

    /// False when no byte of the text can start a forbidden character: no control byte other
    /// than tab, newline and carriage return, and no 0xEF (the lead byte of U+FFFE and U+FFFF).
    private static func mayHoldIllegal(_ text: String) -> Bool {
        text.containsUTF8Byte(
            flagging: { ByteWord.contains(0xEF, in: $0) || ByteWord.containsByte(below: 0x20, in: $0) },
            where: { byte in byte == 0xEF || (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) })
    }

    /// XML 1.0's `Char`: tab, newline, carriage return, U+0020–U+D7FF, U+E000–U+FFFD and
    /// beyond U+FFFF (Swift strings hold no lone surrogates).
    static func isLegal(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: true
        case 0x20...0xFFFD: true
        case 0x10000...: true
        default: false
        }
    }
}
