import CLibXML2
import TimelineContent
import TimelineModel
import TimelineSystem
import TimelineTemplates

/// Writes one XML document into memory through libxml2's xmlTextWriter, which escapes every
/// text and attribute value, so nothing taken from content can open or close an element.
/// Characters that XML 1.0 cannot carry at all, not even as references (control characters
/// other than tab, newline and carriage return; U+FFFE; U+FFFF), are removed first.
///
/// One writer makes one document and is used by one task; `document(_:)` owns its lifetime.
package final class XMLWriter {
    package struct Failure: Error, Sendable, CustomStringConvertible {
        let operation: String
        package var description: String { "libxml2 could not \(operation)" }
    }

    package typealias Attributes = [(name: String, value: String)]

    private let writer: OpaquePointer
    private let buffer: xmlBufferPtr

    private init(writer: OpaquePointer, buffer: xmlBufferPtr) {
        self.writer = writer
        self.buffer = buffer
    }

    deinit {
        xmlFreeTextWriter(writer)
        xmlBufferFree(buffer)
    }

    /// The bytes of a document (UTF-8, with an XML declaration, indented by two spaces) whose
    /// root element `body` writes.
    package static func document(_ body: (XMLWriter) throws(Failure) -> Void) throws(Failure) -> [UInt8] {
        guard let buffer = xmlBufferCreate() else { throw Failure(operation: "allocate a buffer") }
        guard let writer = xmlNewTextWriterMemory(buffer, 0) else {
            xmlBufferFree(buffer)
            throw Failure(operation: "create a writer")
        }
        let xml = XMLWriter(writer: writer, buffer: buffer)
        try xml.check(xmlTextWriterSetIndent(writer, 1), "set the indentation")
        try xml.check(xmlTextWriterSetIndentString(writer, "  "), "set the indentation")
        try xml.check(xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil), "start a document")
        try body(xml)
        try xml.check(xmlTextWriterEndDocument(writer), "end the document")
        try xml.check(xmlTextWriterFlush(writer), "flush the document")
        guard let content = xmlBufferContent(buffer) else { throw Failure(operation: "read the document") }
        return Array(UnsafeBufferPointer(start: content, count: Int(xmlBufferLength(buffer))))
    }

    /// Opens an element; `end()` closes it.
    package func start(_ name: String, _ attributes: Attributes = []) throws(Failure) {
        try check(Self.withXMLChars(name) { xmlTextWriterStartElement(writer, $0) }, "start element <\(name)>")
        for attribute in attributes {
            let status = Self.withXMLChars(attribute.name) { name in
                Self.withXMLChars(Self.legal(attribute.value)) { xmlTextWriterWriteAttribute(writer, name, $0) }
            }
            try check(status, "write attribute \(attribute.name)")
        }
    }

    package func end() throws(Failure) {
        try check(xmlTextWriterEndElement(writer), "end an element")
    }

    /// An element holding only text (or nothing: `<link …/>`).
    package func element(_ name: String, _ attributes: Attributes = [], text: String? = nil) throws(Failure) {
        try start(name, attributes)
        if let text {
            try check(Self.withXMLChars(Self.legal(text)) { xmlTextWriterWriteString(writer, $0) }, "write the text of <\(name)>")
        }
        try end()
    }

    /// An element whose children `body` writes.
    package func element(_ name: String, _ attributes: Attributes = [], children body: () throws(Failure) -> Void) throws(Failure) {
        try start(name, attributes)
        try body()
        try end()
    }

    /// The text as libxml2's characters, in place for a native string: the implicit conversion
    /// of a `String` argument to `const xmlChar *` copied it into a new array each time.
    private static func withXMLChars(_ text: String, _ body: (UnsafePointer<xmlChar>) -> Int32) -> Int32 {
        text.withCString { characters in
            characters.withMemoryRebound(to: xmlChar.self, capacity: text.utf8.count + 1, body)
        }
    }

    private func check(_ status: Int32, _ operation: @autoclosure () -> String) throws(Failure) {
        if status < 0 { throw Failure(operation: operation()) }
    }

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
