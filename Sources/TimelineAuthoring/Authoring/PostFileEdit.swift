import TimelineContent
import TimelineModel

/// A `post.md` with some front matter values and, optionally, its caption replaced, and every
/// other byte as it was: comments, key order, quoting of the other values, line ends. A value is
/// replaced where libyaml found it (`FrontMatterSpans`), an empty one (`alt:`) is filled in after
/// its colon, a key the file lacks is added as a line before the closing `---`, and the caption
/// replaces everything after that line. Values are written by `YAMLScalar`, so the loader reads
/// back exactly the text asked for.
struct PostFileEdit {
    /// The file's lines, split at line feeds; a line keeps its carriage return, if any.
    private let lines: [[Unicode.Scalar]]
    private let spans: FrontMatterSpans
    /// The 1-based line of the closing `---`.
    private let closingLine: Int
    private var edits: [Edit] = []

    /// The text from `start` up to `end` replaced by `text` (inserted, when they are equal).
    private struct Edit {
        let start: FrontMatterSpans.Place
        let end: FrontMatterSpans.Place
        let text: String
    }

    enum Problem: Error {
        /// The key is in the front matter, but not as a plain `key: value` line this edit can
        /// rewrite (an alias, say).
        case notRewritable(String)
    }

    /// `text` is the file; `frontMatter` what the loader read of it.
    init(text: String, frontMatter: FrontMatter) {
        lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
        spans = FrontMatterSpans(yaml: frontMatter.yaml, lineOffset: FrontMatter.lineOffset)
        closingLine = 1 + FrontMatter.lineOffset + frontMatter.yaml.unicodeScalars.filter { $0 == "\n" }.count
    }

    /// Sets `key` to `value`; `isPresent` says whether the loader found the key.
    mutating func set(_ key: String, to value: String, isPresent: Bool) throws(Problem) {
        let text = YAMLScalar.text(value)
        guard let span = spans.spans[key] else {
            guard !isPresent else { throw .notRewritable(key) }
            let start = FrontMatterSpans.Place(line: closingLine, column: 0)
            edits.append(Edit(start: start, end: start, text: "\(key): \(text)\(lineEnd(of: closingLine))\n"))
            return
        }
        guard span.valueStart == span.valueEnd else {
            edits.append(Edit(start: span.valueStart, end: span.valueEnd, text: text))
            return
        }
        // An empty value: libyaml places it at whatever follows, so write it after the colon.
        let line = lines[span.keyEnd.line - 1]
        guard let colon = line[span.keyEnd.column...].firstIndex(of: ":") else { throw .notRewritable(key) }
        let afterColon = FrontMatterSpans.Place(line: span.keyEnd.line, column: colon + 1)
        edits.append(Edit(start: afterColon, end: afterColon, text: " " + text))
    }

    /// Removes the lines of `keys` (each with its whole value) and writes `block` (whole lines)
    /// where the first of them stood, or before the closing `---` when the file has none.
    mutating func replaceEntries(_ keys: [String], with block: String) {
        let ranges = keys.compactMap { spans.entryLines[$0] }.sorted { $0.lowerBound < $1.lowerBound }
        let lineEnd = lineEnd(of: closingLine)
        let text = block.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { String($0) + lineEnd + "\n" }.joined()
        guard let first = ranges.first else {
            let start = FrontMatterSpans.Place(line: closingLine, column: 0)
            edits.append(Edit(start: start, end: start, text: text))
            return
        }
        for (index, range) in ranges.enumerated() {
            edits.append(
                Edit(
                    start: FrontMatterSpans.Place(line: range.lowerBound, column: 0), end: FrontMatterSpans.Place(line: range.upperBound + 1, column: 0),
                    text: index == 0 && range == first ? text : ""))
        }
    }

    /// Replaces everything after the closing `---` with `caption`, ended by a line break.
    mutating func setCaption(_ caption: String) {
        let start = FrontMatterSpans.Place(line: closingLine + 1, column: 0)
        let end = FrontMatterSpans.Place(line: lines.count, column: lines.last?.count ?? 0)
        edits.append(Edit(start: start, end: end, text: PostFile.captionText(caption)))
    }

    /// Where the caption writes `@username` (in any ASCII case): each of its lines scanned by
    /// `CaptionScanner` on its own, so code, links and HTML are not told apart here; a caller
    /// compares the count with what CommonMark finds before trusting these places.
    func mentions(of username: String) -> [(start: FrontMatterSpans.Place, end: FrontMatterSpans.Place)] {
        let folded = Username.caseFolded(username)
        return lines.indices.dropFirst(closingLine).flatMap { index in
            let line = String(String.UnicodeScalarView(lines[index]))
            return CaptionScanner.pieces(of: Substring(line)).compactMap { piece -> (FrontMatterSpans.Place, FrontMatterSpans.Place)? in
                guard case .mention(let name) = piece, Username.caseFolded(String(name)) == folded else { return nil }
                let column = line.unicodeScalars.distance(from: line.startIndex, to: name.startIndex)
                return (.init(line: index + 1, column: column), .init(line: index + 1, column: column + name.unicodeScalars.count))
            }
        }
    }

    /// Replaces the text from `start` up to `end` (found by `mentions(of:)`) with `text`.
    mutating func replace(from start: FrontMatterSpans.Place, to end: FrontMatterSpans.Place, with text: String) {
        edits.append(Edit(start: start, end: end, text: text))
    }

    /// The file with the edits made.
    var bytes: [UInt8] {
        var scalars = String.UnicodeScalarView()
        var position = FrontMatterSpans.Place(line: 1, column: 0)
        // By place; edits at the same place (added lines) in the order they were made.
        let ordered = edits.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
        for edit in ordered {
            append(from: position, to: edit.start, to: &scalars)
            scalars.append(contentsOf: edit.text.unicodeScalars)
            position = edit.end
        }
        append(from: position, to: FrontMatterSpans.Place(line: lines.count, column: lines.last?.count ?? 0), to: &scalars)
        return Array(String(scalars).utf8)
    }

    /// The file's text from one place to another, line breaks included.
    private func append(from start: FrontMatterSpans.Place, to end: FrontMatterSpans.Place, to scalars: inout String.UnicodeScalarView) {
        guard start < end else { return }
        for line in start.line...end.line where lines.indices.contains(line - 1) {
            let text = lines[line - 1]
            let from = line == start.line ? min(start.column, text.count) : 0
            let to = line == end.line ? min(end.column, text.count) : text.count
            scalars.append(contentsOf: text[from..<to])
            if line < end.line { scalars.append("\n") }
        }
    }

    /// `\r` when the line ends with a carriage return (a file written with Windows line ends).
    private func lineEnd(of line: Int) -> String {
        lines.indices.contains(line - 1) && lines[line - 1].last == "\r" ? "\r" : ""
    }
}
