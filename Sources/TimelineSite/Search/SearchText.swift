import Foundation
import TimelineContent
import TimelineModel
import TimelineTemplates

/// How text becomes search terms, at build time here and in the browser in
/// `Templates/assets/search.js`, which must do exactly the same:
///
/// 1. normalise: compatibility decomposition (NFKD), lower-case, drop combining marks, then
///    fold the few letters that carry their diacritic without decomposing (`ß` → `ss`,
///    `ø` → `o`, final `ς` → `σ`, …), so `Café`, `CAFE` and `café` are one term;
/// 2. split into words: runs of letters and digits (Unicode categories L and N); every Han,
///    Hiragana or Katakana character is a word of its own, since those scripts do not put
///    spaces between words;
/// 3. cut each word to `maximumTermLength` characters (Unicode scalars).
package enum SearchText {
    static let maximumTermLength = 32

    /// Letters that NFKD leaves whole, and what they fold to.
    static let folds: [Unicode.Scalar: String] = [
        "ß": "ss", "ς": "σ", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "æ": "ae", "œ": "oe", "ı": "i", "ħ": "h",
    ]

    static func normalize(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        var result = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCompatibilityMapping.lowercased().unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark:
                continue
            default:
                if let fold = folds[scalar] { result.append(contentsOf: fold.unicodeScalars) } else { result.append(scalar) }
            }
        }
        return String(result)
    }

    /// The words of `text`, normalised, in order, with repeats.
    package static func words(_ text: String) -> [String] {
        let normalized = normalize(text)
        if normalized.utf8.allSatisfy({ $0 < 0x80 }) { return asciiWords(normalized) }
        var words: [String] = []
        var current = String.UnicodeScalarView()
        var length = 0
        func flush() {
            if length > 0 { words.append(String(current)) }
            current = String.UnicodeScalarView()
            length = 0
        }
        for scalar in normalized.unicodeScalars {
            if isIdeograph(scalar) {
                flush()
                words.append(String(scalar))
            } else if isWordCharacter(scalar) {
                if length < maximumTermLength { current.append(scalar) }
                length += 1
            } else {
                flush()
            }
        }
        flush()
        return words
    }

    /// The words of a piece of Markdown as a reader sees them (`Markdown.text`). Text on one
    /// line without a byte through which Markdown could drop a word, add one or join two (an
    /// entity, HTML or an autolink, a link, an escape, emphasis or code, a code fence's info
    /// string, an ordered list's number) has the words it reads as, and is not parsed: parsing
    /// each comment was most of indexing it.
    package static func words(ofMarkdown markdown: String) -> [String] {
        words(mayHoldMarkupThatChangesWords(markdown) ? Markdown.text(markdown) : markdown)
    }

    static func mayHoldMarkupThatChangesWords(_ text: String) -> Bool {
        var afterDigit = false
        for byte in text.utf8 {
            switch byte {
            case 0, UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: "["), UInt8(ascii: "]"),
                UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "~"), UInt8(ascii: "*"), UInt8(ascii: "_"):
                return true
            case UInt8(ascii: "."),
                UInt8(ascii: ")") where afterDigit:
                return true
            default:
                afterDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            }
        }
        return false
    }

    /// The same as `words` for lower-case ASCII, on bytes.
    private static func asciiWords(_ text: String) -> [String] {
        var words: [String] = []
        let bytes = Array(text.utf8)
        var start = 0
        var index = 0
        func flush() {
            if index > start { words.append(String(decoding: bytes[start..<min(index, start + maximumTermLength)], as: UTF8.self)) }
        }
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                index += 1
            default:
                flush()
                index += 1
                start = index
            }
        }
        flush()
        return words
    }

    static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber:
            true
        default:
            false
        }
    }

    /// Han ideographs, Hiragana and Katakana: the same ranges as the browser script.
    static func isIdeograph(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F: true
        default: false
        }
    }

    /// A name as the user search matches it: normalised, then split at separators (Unicode
    /// categories Zs, Zl, Zp) and control characters (Cc), and joined with single spaces.
    /// Matching is by substring, so every other character counts.
    static func normalizeName(_ text: String) -> String {
        var parts: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in normalize(text).unicodeScalars {
            switch scalar.properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control:
                if !current.isEmpty { parts.append(String(current)) }
                current = String.UnicodeScalarView()
            default:
                current.append(scalar)
            }
        }
        if !current.isEmpty { parts.append(String(current)) }
        return parts.joined(separator: " ")
    }
}
