import TimelineSystem

/// Text made safe for HTML: used by the feeds (the entry HTML) and by the preview (its error
/// panel).
public enum HTMLEscaping {
    /// Text made safe inside an HTML element or a quoted attribute.
    public static func escape(_ text: String) -> String {
        guard text.containsUTF8Byte(flagging: mayNeedEscaping, where: needsEscaping) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }

    private static func mayNeedEscaping(_ word: UInt64) -> Bool {
        ByteWord.contains(UInt8(ascii: "&"), in: word) || ByteWord.contains(UInt8(ascii: "<"), in: word) || ByteWord.contains(UInt8(ascii: ">"), in: word)
            || ByteWord.contains(UInt8(ascii: "\""), in: word) || ByteWord.contains(UInt8(ascii: "'"), in: word)
    }
}
