/// HTML escaping over UTF-8 bytes, by a table: the five characters that matter in element
/// content and quoted attributes, `& < > " '`, become entities; every other byte is copied.
public enum HTMLEscape {
    /// Per byte, 0 when it is copied, else the index + 1 of its entity in `entities`.
    private static let table: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        table[Int(UInt8(ascii: "&"))] = 1
        table[Int(UInt8(ascii: "<"))] = 2
        table[Int(UInt8(ascii: ">"))] = 3
        table[Int(UInt8(ascii: "\""))] = 4
        table[Int(UInt8(ascii: "'"))] = 5
        return table
    }()

    private static let entities: [[UInt8]] = ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"].map { Array($0.utf8) }

    /// `text` escaped, as the engine writes a `{{value}}`.
    public static func escaped(_ text: String) -> [UInt8] {
        var output: [UInt8] = []
        append(text, to: &output)
        return output
    }

    static func append(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            let table = Self.table
            var runStart = 0
            for index in 0..<bytes.count {
                let kind = table[Int(bytes[index])]
                guard kind != 0 else { continue }
                if runStart < index { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
                output.append(contentsOf: entities[Int(kind) - 1])
                runStart = index + 1
            }
            if runStart < bytes.count { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...])) }
        }
    }

    static func appendRaw(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { output.append(contentsOf: $0) }
    }
}
