import Testing
import TimelineModel
import TimelineTestSupport

@testable import TimelineContent

/// Caption scanning jumps from one `#` or `@` byte to the next, and plain text folds ASCII byte
/// by byte: each must give what walking the text character by character gives, beside
/// combining marks, prepended marks, emoji and CR LF.
@Suite struct CaptionScanningTests {
    /// Every text of up to four of these, each after each possible previous character.
    static let alphabet: [String] = ["#", "@", "a", "_", "3", ".", "-", "&", " ", "\u{301}", "\u{600}", "é", "🙂", "\r\n"]
    static let previous: [Character?] = [nil, "a", " ", "&", "@", "\u{600}"]

    /// The pieces found by visiting each character in turn, asking at each `#` or `@` whether a
    /// tag or mention starts there (the scanner's answer for the text from there on).
    static func walked(_ text: Substring, after previousText: Character?) -> [CaptionScanner.Piece] {
        var pieces: [CaptionScanner.Piece] = []
        var plainStart = text.startIndex
        var previous = previousText
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "#" || character == "@" {
                switch CaptionScanner.pieces(of: text[index...], after: previous).first {
                case .hashtag(let found), .mention(let found):
                    if plainStart < index { pieces.append(.text(text[plainStart..<index])) }
                    pieces.append(character == "#" ? .hashtag(found) : .mention(found))
                    index = found.endIndex
                    plainStart = index
                    previous = text[text.index(before: index)]
                    continue
                default:
                    break
                }
            }
            previous = character
            index = text.index(after: index)
        }
        if plainStart < text.endIndex { pieces.append(.text(text[plainStart...])) }
        return pieces
    }

    @Test("tags and mentions are those a walk character by character finds, in every text of up to four pieces")
    func piecesMatchCharacterWalk() {
        var compared = 0
        for text in texts(of: Self.alphabet, upTo: 4) {
            // Within a longer string too, where the caller passes a run of it.
            for run in [Substring(text), ("x " + text + " y").dropFirst(2).dropLast(2)] {
                for previous in Self.previous {
                    let scanned = CaptionScanner.pieces(of: run, after: previous)
                    #expect(scanned == Self.walked(run, after: previous), "\(String(run).debugDescription) after \(String(describing: previous))")
                    compared += 1
                }
            }
        }
        #expect(compared > 400_000)
    }

    @Test("a sign that a mark combines with, or that follows a prepended mark, starts nothing")
    func combinedSigns() {
        #expect(CaptionScanner.pieces(of: "#\u{301}tag") == [.text("#\u{301}tag")])
        #expect(CaptionScanner.pieces(of: "\u{600}#tag") == [.text("\u{600}#tag")])
        #expect(CaptionScanner.pieces(of: "a #tag and @han.") == [.text("a "), .hashtag("tag"), .text(" and "), .mention("han"), .text(".")])
    }

    @Test("plain text folds whitespace and cuts at a word as the character-by-character formula does")
    func plainTextMatchesCharacterFormula() {
        func formula(_ markdown: String, limit: Int) -> String {
            let folded = Markdown.text(markdown).split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard folded.count > limit else { return folded }
            let cut = folded.prefix(limit)
            return (cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut) + "…"
        }
        let words = ["a", "  ", "\t", "\r\n", "\u{b}", "\u{c}", "\u{1c}", "word", "é", "\u{85}", "\u{a0}", "🙂", "\n\n", "x\u{301}"]
        for text in texts(of: Self.alphabet, upTo: 3).map({ $0.replacingHashes() }) + texts(of: words, upTo: 3) {
            for limit in [0, 1, 2, 3, 5, 8, 200] {
                #expect(Markdown.plainText(text, limit: limit) == formula(text, limit: limit), "\(text.debugDescription) limit \(limit)")
            }
        }
    }

}

extension String {
    /// Without `#`, which Markdown reads as a heading.
    fileprivate func replacingHashes() -> String {
        String(unicodeScalars.map { $0 == "#" ? "h" : Character($0) })
    }
}
