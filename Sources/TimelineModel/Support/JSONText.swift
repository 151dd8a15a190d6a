/// Writes small JSON documents straight into bytes, for the search index files: strings are
/// escaped as RFC 8259 requires (quote, backslash and control characters), so any text from
/// content is safe inside them.
package struct JSONText {
    package private(set) var bytes: [UInt8] = []
    private var needsComma: [Bool] = []

    package init() {}

    package mutating func beginObject() { open(UInt8(ascii: "{")) }
    package mutating func endObject() { close(UInt8(ascii: "}")) }
    package mutating func beginArray() { open(UInt8(ascii: "[")) }
    package mutating func endArray() { close(UInt8(ascii: "]")) }

    private mutating func open(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        needsComma.append(false)
    }

    private mutating func close(_ bracket: UInt8) {
        bytes.append(bracket)
        needsComma.removeLast()
    }

    package mutating func key(_ name: String) {
        separate()
        Self.appendQuoted(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        needsComma[needsComma.count - 1] = false
    }

    package mutating func string(_ value: String) {
        separate()
        Self.appendQuoted(value, to: &bytes)
    }
    package mutating func number(_ value: Int) {
        separate()
        bytes += Array(String(value).utf8)
    }

    /// A member whose value is a string, left out when nil.
    package mutating func field(_ name: String, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    package mutating func field(_ name: String, _ value: Int) {
        key(name)
        number(value)
    }

    /// Seconds and the like, with three decimals.
    package mutating func field(_ name: String, _ value: Double) {
        key(name)
        separate()
        let thousandths = (value * 1000).rounded()
        bytes += Array((thousandths.isFinite ? String(Double(Int(thousandths)) / 1000) : "null").utf8)
    }

    package mutating func field(_ name: String, _ value: Bool) {
        key(name)
        separate()
        bytes += Array((value ? "true" : "false").utf8)
    }

    private mutating func separate() {
        guard let last = needsComma.last else { return }
        if last { bytes.append(UInt8(ascii: ",")) }
        needsComma[needsComma.count - 1] = true
    }

    private static let hex = Array("0123456789abcdef".utf8)

    package static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0..<0x20: bytes += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
