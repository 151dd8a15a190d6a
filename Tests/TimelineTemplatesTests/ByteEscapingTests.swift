import Testing

@testable import TimelineTemplates

/// Escaping copies text in runs between the bytes it replaces: the result must be that of
/// replacing each byte in turn, wherever the replaced bytes fall, beside multi-byte characters.
@Suite struct ByteEscapingTests {
    static let replaced: KeyValuePairs<Unicode.Scalar, String> = ["<": "&lt;", ">": "&gt;", "&": "&amp;", "\"": "&quot;", "\r": "&#13;", "\t": "&#9;"]

    /// Each byte replaced in turn, the plain way.
    static func expected(_ text: String) -> [UInt8] {
        var output: [UInt8] = []
        for byte in text.utf8 {
            if let reference = replaced.first(where: { $0.key.value == UInt32(byte) })?.value {
                output += Array(reference.utf8)
            } else {
                output.append(byte)
            }
        }
        return output
    }

    @Test("one or two replaced bytes at every place of text of every length up to three words")
    func everyPlace() {
        let escaping = ByteEscaping(Self.replaced)
        // Bytes just beside the replaced ones in value, and multi-byte characters.
        let filler = Array("a=?%'\u{1}é🙂 z\u{7f}日".unicodeScalars)
        let special: [Unicode.Scalar] = ["<", ">", "&", "\"", "\r", "\t"]
        for length in 0..<25 {
            let base = (0..<length).map { filler[$0 % filler.count] }
            for first in 0..<length {
                for second in first..<length {
                    var scalars = base
                    scalars[first] = special[(first + length) % special.count]
                    if second != first { scalars[second] = special[(second * 5 + length) % special.count] }
                    var text = ""
                    text.unicodeScalars.append(contentsOf: scalars)
                    var output: [UInt8] = [0x2A]
                    escaping.append(text, to: &output)
                    #expect(output == [0x2A] + Self.expected(text), "\(text.debugDescription)")
                }
            }
        }
    }

    @Test("text with no replaced byte is copied whole, at any length")
    func plainText() {
        let escaping = ByteEscaping(Self.replaced)
        for length in 0..<70 {
            let text = String(repeating: "ab=?%", count: 14).prefix(length)
            var output: [UInt8] = []
            escaping.append(String(text), to: &output)
            #expect(output == Array(text.utf8))
        }
    }
}
