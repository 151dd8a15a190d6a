import TimelineContent
import TimelineModel

/// Decodes Base64 as it stands inside a JSON string, piece by piece, so that an image of any
/// size passes through a fixed buffer. It reads the standard and the URL-safe alphabets,
/// optional `=` padding, and what exporters put between the characters: whitespace, the
/// escapes `\n`, `\r`, `\t` and `\/`, and `\u00XX` escapes of ASCII characters.
package struct Base64Decoder: Sendable {
    package struct Problem: Error, Sendable, Equatable {
        /// How many input bytes came before the problem.
        package let position: Int
        package let message: String
    }

    private enum Escape: Sendable {
        case none
        case started
        case unicode(digits: Int, value: UInt32)
    }

    /// 0–63 for alphabet characters, `skip` for whitespace, `padding` for `=`, `invalid` else.
    private static let skip: UInt8 = 0xFE
    private static let padding: UInt8 = 0xFD
    private static let invalid: UInt8 = 0xFF
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: invalid, count: 256)
        for (value, byte) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(byte)] = UInt8(value)
        }
        table[Int(UInt8(ascii: "-"))] = 62
        table[Int(UInt8(ascii: "_"))] = 63
        for byte in [0x20, 0x09, 0x0A, 0x0D] { table[byte] = skip }
        table[Int(UInt8(ascii: "="))] = padding
        return table
    }()

    private var bits: UInt32 = 0
    private var count = 0
    private var paddingSeen = false
    private var escape = Escape.none
    /// Input bytes consumed so far, for problem positions.
    private(set) var consumed = 0

    /// Decodes `input` and appends the bytes it completes to `output`.
    package mutating func decode(_ input: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) throws(Problem) {
        let values = Self.values
        for byte in input {
            consumed += 1
            var character = byte
            switch escape {
            case .none:
                if byte == UInt8(ascii: "\\") {
                    escape = .started
                    continue
                }
            case .started:
                escape = .none
                switch byte {
                case UInt8(ascii: "/"): character = byte
                case UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"): continue
                case UInt8(ascii: "u"):
                    escape = .unicode(digits: 0, value: 0)
                    continue
                default: throw Problem(position: consumed - 2, message: "the escape '\\\(Character(UnicodeScalar(byte)))' has no place in Base64")
                }
            case .unicode(let digits, let value):
                guard let digit = Self.hexValue(byte) else { throw Problem(position: consumed - 1, message: "invalid \\u escape") }
                if digits < 3 {
                    escape = .unicode(digits: digits + 1, value: value << 4 | digit)
                    continue
                }
                escape = .none
                let scalar = value << 4 | digit
                guard scalar < 0x80 else {
                    throw Problem(position: consumed - 6, message: "the character U+\(String(scalar, radix: 16, uppercase: true)) has no place in Base64")
                }
                character = UInt8(scalar)
            }
            let value = values[Int(character)]
            if value < 64 {
                guard !paddingSeen else { throw Problem(position: consumed - 1, message: "data after the '=' padding") }
                bits = bits << 6 | UInt32(value)
                count += 1
                if count == 4 {
                    output.append(UInt8(truncatingIfNeeded: bits >> 16))
                    output.append(UInt8(truncatingIfNeeded: bits >> 8))
                    output.append(UInt8(truncatingIfNeeded: bits))
                    bits = 0
                    count = 0
                }
            } else if value == Self.padding {
                guard count >= 2 || paddingSeen else { throw Problem(position: consumed - 1, message: "misplaced '=' padding") }
                paddingSeen = true
            } else if value != Self.skip {
                let shown = character >= 0x21 && character < 0x7F ? "'\(Character(UnicodeScalar(character)))'" : "byte 0x\(String(character, radix: 16))"
                throw Problem(position: consumed - 1, message: "\(shown) is not a Base64 character")
            }
        }
    }

    /// Appends the last one or two bytes, when the input did not end on a 4-character group.
    mutating func finish(into output: inout [UInt8]) throws(Problem) {
        if case .none = escape {} else { throw Problem(position: consumed, message: "the text ends inside an escape") }
        switch count {
        case 0:
            return
        case 2:
            output.append(UInt8(truncatingIfNeeded: bits >> 4))
        case 3:
            output.append(UInt8(truncatingIfNeeded: bits >> 10))
            output.append(UInt8(truncatingIfNeeded: bits >> 2))
        default:
            throw Problem(position: consumed, message: "the Base64 text is cut short (a lone character at its end)")
        }
        bits = 0
        count = 0
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
