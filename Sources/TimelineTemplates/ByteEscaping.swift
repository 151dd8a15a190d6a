/// Escaping over UTF-8 bytes by a table: each byte of a set is replaced by its reference
/// (`&lt;`, `&#13;`, …), every other byte is copied, in runs. HTML escaping (`HTMLEscape`) and
/// the feeds' XML (`XMLWriter`, which escapes as libxml2 did) are two such sets.
package struct ByteEscaping: Sendable {
    /// Per byte, 0 when it is copied, else the index + 1 of its reference in `references`.
    private let table: [UInt8]
    private let references: [[UInt8]]

    /// Each ASCII byte of `replaced` becomes its reference.
    package init(_ replaced: KeyValuePairs<Unicode.Scalar, String>) {
        var table = [UInt8](repeating: 0, count: 256)
        var references: [[UInt8]] = []
        for (character, reference) in replaced where character.isASCII {
            references.append(Array(reference.utf8))
            table[Int(character.value)] = UInt8(references.count)
        }
        self.table = table
        self.references = references
    }

    package func append(_ text: String, to output: inout [UInt8]) {
        text.withUTF8Bytes { append(bytes: $0, to: &output) }
    }

    private func append(bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        // Read through a pointer: indexing the table array in the loop reloaded and checked
        // it for every byte, which made page escaping cost twice what it does.
        table.withUnsafeBufferPointer { table in
            var runStart = 0
            for index in 0..<bytes.count {
                let kind = table[Int(bytes[index])]
                guard kind != 0 else { continue }
                if runStart < index { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
                output.append(contentsOf: references[Int(kind) - 1])
                runStart = index + 1
            }
            if runStart < bytes.count { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...])) }
        }
    }
}
