import Foundation
import TimelineModel

/// Finds hashtags (`#café`) and mentions (`@hansolo`) in a run of caption text. A hashtag is
/// `#` and then letters, marks, digits or `_` with at least one letter, at a word boundary
/// (`a#b`, `&#39` and a URL's `page#part` are no tag). A mention is `@` and a username
/// (ASCII letters, digits, `_`, `-`, `.`; a final `.` or `-` is punctuation), not after a
/// letter, digit or `.`, `-`, `+`, `_` (so `han@example.org` is an e-mail address, not a
/// mention). Which runs of text are scanned (not code, not links, not HTML) is up to the
/// caller, which walks the Markdown.
package enum CaptionScanner {
    package enum Piece: Equatable {
        case text(Substring)
        case hashtag(Substring)
        case mention(Substring)
    }

    /// The text split into plain runs, hashtags (without `#`) and mentions (without `@`).
    /// `previous`: the character before the text, when it continues other text.
    package static func pieces(of text: Substring, after previousText: Character? = nil) -> [Piece] {
        var pieces: [Piece] = []
        var plainStart = text.startIndex
        var index = text.startIndex
        // From one `#` or `@` byte to the next, not character by character: most text has none,
        // and walking it by `Character` cost a tenth of loading a post.
        while let sign = text.utf8[index...].firstIndex(where: { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "@") }) {
            // A sign counts where it is a character of its own: not after a prepended mark (the
            // index the character holding it starts at is another), not with a combining mark.
            let character = text[sign]
            guard character == "#" || character == "@", text.index(before: text.index(after: sign)) == sign,
                let found = reference(in: text, at: sign, after: sign == text.startIndex ? previousText : text[text.index(before: sign)])
            else {
                index = text.utf8.index(after: sign)
                continue
            }
            if plainStart < sign { pieces.append(.text(text[plainStart..<sign])) }
            pieces.append(character == "#" ? .hashtag(found) : .mention(found))
            index = found.endIndex
            plainStart = index
        }
        if plainStart < text.endIndex { pieces.append(.text(text[plainStart...])) }
        return pieces
    }

    /// The tag or username after the `#` or `@` at `index`, when there is one there.
    private static func reference(in text: Substring, at index: Substring.Index, after previous: Character?) -> Substring? {
        let sign = text[index]
        let start = text.index(after: index)
        var end = start
        if sign == "#" {
            guard previous.map({ !isTagCharacter($0) && $0 != "&" && $0 != "#" }) ?? true else { return nil }
            while end < text.endIndex, isTagCharacter(text[end]) { end = text.index(after: end) }
            let tag = text[start..<end]
            return tag.contains(where: \.isLetter) ? tag : nil
        }
        guard previous.map({ !isUsernameCharacter($0) && $0 != "+" && $0 != "@" }) ?? true else { return nil }
        while end < text.endIndex, isUsernameCharacter(text[end]) { end = text.index(after: end) }
        var name = text[start..<end]
        while let last = name.last, last == "." || last == "-" { name = name.dropLast() }
        // An address's domain (`@example.org`) is followed by a dot and more name: not a mention
        // when the name runs on into another `@`.
        if name.endIndex < text.endIndex, text[name.endIndex] == "@" { return nil }
        return name.isEmpty || name.first == "." ? nil : name
    }

    static func isTagCharacter(_ character: Character) -> Bool {
        character == "_"
            || character.unicodeScalars.allSatisfy { scalar in
                scalar.properties.isAlphabetic || scalar.properties.generalCategory == .decimalNumber
                    || scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .spacingMark
            }
    }

    static func isUsernameCharacter(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return false }
        return (ascii >= 0x30 && ascii <= 0x39) || (ascii >= 0x41 && ascii <= 0x5A) || (ascii >= 0x61 && ascii <= 0x7A) || ascii == 0x5F
            || ascii == 0x2D || ascii == 0x2E
    }

    /// The key a tag is known by: NFC, then lower-cased (`#Coffee` and `#coffee` are one tag).
    static func tagKey(_ spelling: some StringProtocol) -> String {
        String(spelling).precomposedStringWithCanonicalMapping.lowercased()
    }
}
