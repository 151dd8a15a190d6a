import TimelineModel

/// A JSON document in the one layout every content file uses: two-space indentation, one
/// member or element a line, `"key": value`, `[]` for an empty list and a final newline. Keys
/// stay in the order given, so a file written twice from the same records is byte-identical
/// and an added record is an added line or block in a diff.
package enum PrettyJSON: Sendable {
    case string(String)
    case array([PrettyJSON])
    /// Members in the order they are written; a nil value leaves its member out.
    case object([(key: String, value: PrettyJSON?)])

    /// The document as the bytes of a file.
    var fileBytes: [UInt8] {
        var bytes: [UInt8] = []
        append(to: &bytes, indent: 0)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    private func append(to bytes: inout [UInt8], indent: Int) {
        switch self {
        case .string(let text):
            JSONText.appendQuoted(text, to: &bytes)
        case .array(let elements):
            appendContainer(open: "[", close: "]", count: elements.count, to: &bytes, indent: indent) { index, bytes in
                elements[index].append(to: &bytes, indent: indent + 2)
            }
        case .object(let members):
            let present = members.compactMap { member in member.value.map { (member.key, $0) } }
            appendContainer(open: "{", close: "}", count: present.count, to: &bytes, indent: indent) { index, bytes in
                JSONText.appendQuoted(present[index].0, to: &bytes)
                bytes += Array(": ".utf8)
                present[index].1.append(to: &bytes, indent: indent + 2)
            }
        }
    }

    private func appendContainer(
        open: Unicode.Scalar, close: Unicode.Scalar, count: Int, to bytes: inout [UInt8], indent: Int,
        element: (Int, inout [UInt8]) -> Void
    ) {
        bytes.append(UInt8(ascii: open))
        if count > 0 {
            for index in 0..<count {
                bytes += Array((index == 0 ? "\n" : ",\n").utf8)
                bytes += [UInt8](repeating: UInt8(ascii: " "), count: indent + 2)
                element(index, &bytes)
            }
            bytes.append(UInt8(ascii: "\n"))
            bytes += [UInt8](repeating: UInt8(ascii: " "), count: indent)
        }
        bytes.append(UInt8(ascii: close))
    }
}
