import TimelineModel
import TimelineSystem

/// Where a caption writes its mentions: `post.md` read again (only for a warning, which is
/// rare), its caption lines (after the front matter) scanned with the caption's own rules.
package struct MentionLocation {
    private let path: String
    /// The caption's lines with their line numbers in the file.
    private let lines: [(number: Int, text: Substring)]

    package init?(post file: SitePath) {
        guard let bytes = try? FileSystem.readBytes(file.absolute) else { return nil }
        let all = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        func isFence(_ line: Substring) -> Bool { line == "---" || line == "---\r" }
        var bodyStart = 0
        if let first = all.first, isFence(first), let close = all.dropFirst().firstIndex(where: isFence) { bodyStart = close + 1 }
        path = file.shown
        lines = all.indices.dropFirst(bodyStart).map { ($0 + 1, all[$0]) }
    }

    /// The line and column of the `occurrence`-th (from 1) mention of `name`.
    package func location(of name: String, occurrence: Int) -> SourceLocation? {
        location(occurrence: occurrence) { $0 == name }
    }

    /// The line and column of the first mention of `username` in any case.
    package func first(ofAnyCase username: String) -> SourceLocation? {
        let folded = Username.caseFolded(username)
        return location(occurrence: 1) { Username.caseFolded(String($0)) == folded }
    }

    private func location(occurrence: Int, of matches: (Substring) -> Bool) -> SourceLocation? {
        var seen = 0
        for line in lines {
            for case .mention(let found) in CaptionScanner.pieces(of: line.text) where matches(found) {
                seen += 1
                // The `@` is the character before the name.
                if seen == occurrence {
                    return SourceLocation(path: path, line: line.number, column: line.text.distance(from: line.text.startIndex, to: found.startIndex))
                }
            }
        }
        return nil
    }
}
