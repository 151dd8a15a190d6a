import TimelineModel

/// Writes a text value for YAML front matter so that the loader reads back exactly that text:
/// plain when nothing in it means something to YAML, else double-quoted with escapes.
package enum YAMLScalar {
    package static func text(_ value: String) -> String {
        isPlainSafe(value) ? value : doubleQuoted(value)
    }

    /// Values the loader takes for "not set" when plain.
    private static let nullWords: Set<String> = ["~", "null", "Null", "NULL"]
    /// Characters that mean something at the start of a plain scalar.
    private static let indicators = Set("-?:,[]{}#&*!|>'\"%@`".unicodeScalars)

    private static func isPlainSafe(_ value: String) -> Bool {
        let scalars = Array(value.unicodeScalars)
        guard let first = scalars.first, let last = scalars.last, !nullWords.contains(value) else { return false }
        if indicators.contains(first) || first == " " || last == " " || value.hasPrefix("...") { return false }
        if value.contains(": ") || value.contains(" #") || last == ":" { return false }
        return scalars.allSatisfy { !needsEscape($0) && $0 != "\t" }
    }

    /// Control characters, and the characters YAML 1.1 takes for line breaks or a byte order mark.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
            || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0xFEFF
    }

    private static func doubleQuoted(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if needsEscape(scalar) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
