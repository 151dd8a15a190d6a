import TimelineContent
import TimelineModel

/// A JSON document in the one layout every content file uses: two-space indentation, one
/// member or element a line, `"key": value`, `[]` for an empty list and a final newline. Keys
/// stay in the order given, so a file written twice from the same records is byte-identical
/// and an added record is an added line or block in a diff.
package enum PrettyJSON: Sendable {
    case string(String)
    /// A number, `true`, `false` or `null`, written as it is.
    case literal(String)
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
        case .literal(let text):
            bytes += Array(text.utf8)
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

extension PrettyJSON {
    /// `extra` values as JSON: kept as they were read, mappings in their order.
    init(_ extra: ExtraValue) {
        switch extra {
        case .null: self = .literal("null")
        case .bool(let flag): self = .literal(flag ? "true" : "false")
        case .number(let literal): self = .literal(literal)
        case .text(let text): self = .string(text)
        case .list(let items): self = .array(items.map(PrettyJSON.init))
        case .object(let members): self = .object(members.map { ($0.key, PrettyJSON($0.value)) })
        }
    }
}
