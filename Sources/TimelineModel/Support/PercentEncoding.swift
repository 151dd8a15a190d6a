/// URL path segments percent-encoded: every byte of the UTF-8 text but the unreserved
/// characters of RFC 3986 (ASCII letters, digits, `-`, `.`, `_`, `~`) as `%XX`. Used for the
/// links to tag pages (`tags/caf%C3%A9/`) and by the preview's redirects.
public enum PercentEncoding {
    public static func encoded(_ segment: String) -> String {
        var result = ""
        for byte in segment.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "%" + String(decoding: [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]], as: UTF8.self)
            }
        }
        return result
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
