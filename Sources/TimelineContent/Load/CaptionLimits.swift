import TimelineModel

/// What one caption may hold, as Instagram allows: every hashtag makes a tag page that shows
/// the post with its caption, so a caption's cost in pages and bytes must stay bounded for the
/// site to grow in step with its content. A caption over a limit is refused where it is written
/// (`timeline check`, every build's load, the authoring commands, the imports).
package enum CaptionLimits {
    /// Unicode scalars of the caption as written (Markdown included), leading and trailing
    /// white space not counted.
    package static let maximumCharacters = 2_200
    /// Different hashtags (`#Coffee` and `#coffee` are one).
    package static let maximumHashtags = 30
    /// Different mentioned usernames.
    package static let maximumMentions = 20
    /// Bytes of UTF-8 of a hashtag once lower-cased: the name of its folder (`tags/<tag>/`),
    /// well within the 255 bytes a file name may have.
    package static let maximumHashtagBytes = 200

    /// One limit a caption goes over, with its place in the caption (line and column from 1,
    /// the column in Unicode scalars).
    package struct Problem: Sendable, Equatable {
        package let code: DiagnosticCode
        package let line: Int
        package let column: Int
        package let message: String
    }

    /// The first limit `caption` goes over, or nil.
    package static func problem(in caption: String) -> Problem? {
        if let place = scalarPlace(in: caption, after: maximumCharacters) {
            return Problem(
                code: .captionTooLong, line: place.line, column: place.column,
                message: "the caption is longer than \(maximumCharacters) characters; shorten it")
        }
        // Each hashtag or mention the Markdown holds needs a `#` or `@` of its own, or a
        // character reference (`&#35;`): without enough of them, no parse is needed.
        let (signs, longestRun) = caption.utf8.withContiguousStorageIfAvailable(signsAndLongestRun) ?? signsAndLongestRun(caption.utf8)
        // Lower-casing makes a hashtag at most three times longer in UTF-8.
        guard
            signs.hash + signs.ampersand > maximumHashtags || signs.at + signs.ampersand > maximumMentions
                || longestRun * 3 > maximumHashtagBytes
        else { return nil }
        let references = Markdown.references(caption)
        var keys: [String] = []
        for spelling in references.hashtags {
            let key = CaptionScanner.tagKey(spelling)
            if key.utf8.count > maximumHashtagBytes {
                let place = referencePlace(in: caption, sign: "#") { CaptionScanner.tagKey($0) == key }
                return Problem(
                    code: .hashtagTooLong, line: place.line, column: place.column,
                    message: "the hashtag '#\(spelling.prefix(40))…' is longer than \(maximumHashtagBytes) bytes of UTF-8; shorten it")
            }
            guard !keys.contains(key) else { continue }
            keys.append(key)
            if keys.count > maximumHashtags {
                let place = referencePlace(in: caption, sign: "#") { CaptionScanner.tagKey($0) == key }
                return Problem(
                    code: .tooManyHashtags, line: place.line, column: place.column,
                    message: "the caption has more than \(maximumHashtags) different hashtags; '#\(spelling)' is one too many")
            }
        }
        var names: [String] = []
        for name in references.mentions {
            let folded = Username.caseFolded(name)
            guard !names.contains(folded) else { continue }
            names.append(folded)
            if names.count > maximumMentions {
                let place = referencePlace(in: caption, sign: "@") { Username.caseFolded(String($0)) == folded }
                return Problem(
                    code: .tooManyMentions, line: place.line, column: place.column,
                    message: "the caption mentions more than \(maximumMentions) different users; '@\(name)' is one too many")
            }
        }
        return nil
    }

    /// How many `#`, `@` and `&` the bytes hold, and their longest run without white space.
    private static func signsAndLongestRun(_ bytes: some Sequence<UInt8>) -> (signs: (hash: Int, at: Int, ampersand: Int), longestRun: Int) {
        var signs = (hash: 0, at: 0, ampersand: 0)
        var run = 0
        var longestRun = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "#"): signs.hash += 1
            case UInt8(ascii: "@"): signs.at += 1
            case UInt8(ascii: "&"): signs.ampersand += 1
            default: break
            }
            run = byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D ? 0 : run + 1
            longestRun = max(longestRun, run)
        }
        return (signs, longestRun)
    }

    /// The line and column of the scalar after the first `count` counted ones, when the caption
    /// has more than `count` (leading and trailing white space not counted).
    private static func scalarPlace(in caption: String, after count: Int) -> (line: Int, column: Int)? {
        // A caption has no more scalars than bytes of UTF-8: most are not walked at all.
        guard caption.utf8.count > count else { return nil }
        let scalars = caption.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return nil }
        var line = 1
        var column = 1
        var counted = 0
        var index = scalars.startIndex
        while index <= last {
            let scalar = scalars[index]
            if index >= first {
                counted += 1
                if counted > count { return (line, column) }
            }
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index = scalars.index(after: index)
        }
        return nil
    }

    /// The line and column of the `#` or `@` of the first hashtag or mention of the caption's
    /// text that `matches`; the caption's start when none is found that way (one written with a
    /// character reference).
    private static func referencePlace(in caption: String, sign: Character, matches: (Substring) -> Bool) -> (line: Int, column: Int) {
        for (number, line) in caption.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            for piece in CaptionScanner.pieces(of: line) {
                switch piece {
                case .hashtag(let found) where sign == "#" && matches(found), .mention(let found) where sign == "@" && matches(found):
                    let column = line.unicodeScalars.distance(from: line.startIndex, to: found.startIndex)
                    return (number + 1, column)
                default: continue
                }
            }
        }
        return (1, 1)
    }
}
