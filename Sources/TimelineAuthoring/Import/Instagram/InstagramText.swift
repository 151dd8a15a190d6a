/// Instagram's repair for text: its export writes each UTF-8 byte of a string as its own
/// `\u00XX` escape, so "café" arrives as `caf\u00c3\u00a9` and a JSON parser gives "cafÃ©".
enum InstagramText {
    /// The text the escapes meant: when every scalar is at most U+00FF and, taken as bytes,
    /// they are valid UTF-8, those bytes decoded; otherwise (text that was written correctly,
    /// or Latin-1 text that is not UTF-8 in disguise) the string as it is.
    static func repaired(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.unicodeScalars.count)
        var sawHighByte = false
        for scalar in text.unicodeScalars {
            guard scalar.value <= 0xFF else { return text }
            if scalar.value >= 0x80 { sawHighByte = true }
            bytes.append(UInt8(scalar.value))
        }
        guard sawHighByte, let decoded = String(validating: bytes, as: UTF8.self) else { return text }
        return decoded
    }
}
