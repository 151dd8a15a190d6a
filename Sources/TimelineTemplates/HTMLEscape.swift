/// HTML escaping over UTF-8 bytes, by a table: the five characters that matter in element
/// content and quoted attributes, `& < > " '`, become entities; every other byte is copied.
public enum HTMLEscape {
    private static let escaping = ByteEscaping(["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"])

    /// `text` escaped, as the engine writes a `{{value}}`.
    public static func escaped(_ text: String) -> [UInt8] {
        var output: [UInt8] = []
        append(text, to: &output)
        return output
    }

    static func append(_ text: String, to output: inout [UInt8]) {
        escaping.append(text, to: &output)
    }

    static func appendRaw(_ text: String, to output: inout [UInt8]) {
        text.withUTF8Bytes { output.append(contentsOf: $0) }
    }
}
