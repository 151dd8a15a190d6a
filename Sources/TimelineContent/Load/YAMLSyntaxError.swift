import CYaml
import TimelineModel

/// libyaml's syntax errors as a person can act on them, placed where the fix goes. Most keep
/// libyaml's words and place; two common mistakes get their own:
///
/// - a quote that is never closed: libyaml reads on to the end of the YAML and reports "found
///   unexpected end of stream" there, lines after the mistake; the error is placed at the
///   opening quote instead (libyaml's context mark) and says so;
/// - a plain value holding `: ` (`alt: A rocket: lifting off`): libyaml's "mapping values are
///   not allowed in this context" stays where it is, with the line written with the value in
///   quotes.
enum YAMLSyntaxError {
    static func failure(of parser: yaml_parser_t, in bytes: UnsafeBufferPointer<UInt8>, lineOffset: Int) -> YAMLComposer.Failure {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown error"
        if parser.error == YAML_READER_ERROR {
            // The reader (control characters, invalid code points) gives a byte offset.
            let location = SourceFile(path: "", bytes: Array(bytes)).location(ofOffset: parser.problem_offset)
            return YAMLComposer.Failure(line: (location.line ?? 1) + lineOffset, column: location.column ?? 1, message: "malformed YAML: \(problem)")
        }
        let context = parser.context.map { String(cString: $0) }
        let lines = Lines(bytes)
        if context == "while scanning a quoted scalar", Self.quoteEnds.contains(problem) {
            let mark = parser.context_mark
            let quote = lines.character(line: Int(mark.line), column: Int(mark.column)) ?? "\""
            return YAMLComposer.Failure(
                line: Int(mark.line) + 1 + lineOffset, column: Int(mark.column) + 1,
                message: "malformed YAML: the quote \(quote) opened here is never closed; end the value with \(quote)")
        }
        let problemLine = Int(parser.problem_mark.line)
        if let opening = Self.runawayQuote(in: lines, before: problemLine, column: Int(parser.problem_mark.column)) {
            return YAMLComposer.Failure(
                line: opening.line + 1 + lineOffset, column: opening.column + 1,
                message:
                    "malformed YAML: the quote \(opening.quote) opened here is not closed on its line, so the value runs on to the \(opening.quote) on line \(problemLine + 1 + lineOffset); end the value with \(opening.quote) on this line"
            )
        }
        var message = "malformed YAML: " + (context.map { "\(problem) (\($0))" } ?? problem)
        if problem == "mapping values are not allowed in this context" {
            message += "; " + quotingAdvice(for: lines.text(of: Int(parser.problem_mark.line)), colonColumn: Int(parser.problem_mark.column))
        }
        return YAMLComposer.Failure(line: Int(parser.problem_mark.line) + 1 + lineOffset, column: Int(parser.problem_mark.column) + 1, message: message)
    }

    /// A quote left open at the end of a value's line, whose value then ran on and was closed
    /// by the next value's opening quote on the line of the error (`alt: "A rocket` then
    /// `date: "2016-01-02"`): libyaml's error comes after that quote, a line or more after the
    /// mistake. The 0-based line and column of the opening quote, when the lines read so.
    private static func runawayQuote(in lines: Lines, before problemLine: Int, column problemColumn: Int) -> (line: Int, column: Int, quote: Character)? {
        guard problemLine > 0, let errorLine = lines.text(of: problemLine) else { return nil }
        let beforeError = errorLine.unicodeScalars.prefix(problemColumn)
        for quote: Unicode.Scalar in ["\"", "'"] where beforeError.contains(quote) {
            // The lines between hold no quote of this kind: the value runs through them.
            for index in stride(from: problemLine - 1, through: 0, by: -1) {
                let scalars = Array((lines.text(of: index) ?? "").unicodeScalars)
                let quotes = scalars.indices.filter { scalars[$0] == quote && (quote == "'" || $0 == 0 || scalars[$0 - 1] != "\\") }
                guard let first = quotes.first else { continue }
                let lead = scalars[..<first].filter { $0 != " " && $0 != "\t" }
                guard quotes.count % 2 == 1, lead.isEmpty || lead.last == ":" || lead == ["-"] else { break }
                return (index, first, Character(quote))
            }
        }
        return nil
    }

    /// What libyaml says when a quoted scalar runs into the end of the YAML (or of a document).
    private static let quoteEnds: Set<String> = ["found unexpected end of stream", "found unexpected document indicator"]

    /// Advice for a `: ` inside a plain value: the line with its value quoted, when the line is
    /// `key: value` (a plain key) with the stray colon in the value.
    static func quotingAdvice(for line: String?, colonColumn: Int) -> String {
        let general = "a value that holds ': ' must be in quotes"
        let scalars = Array((line ?? "").unicodeScalars)
        let keyStart = scalars.firstIndex { $0 != " " } ?? scalars.endIndex
        guard keyStart < scalars.endIndex, !Self.keyIndicators.contains(scalars[keyStart]),
            let separator = scalars.indices.first(where: { $0 > keyStart && scalars[$0] == ":" && $0 + 1 < scalars.count && scalars[$0 + 1] == " " }),
            separator < colonColumn
        else { return general }
        let isBlank: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" }
        let value = scalars[(separator + 2)...].drop(while: isBlank).reversed().drop(while: isBlank).reversed()
        let key = String(String.UnicodeScalarView(scalars[keyStart..<separator]))
        return "\(general): \(key): \(YAMLScalar.text(String(String.UnicodeScalarView(value))))"
    }

    /// Characters that start something other than a plain key.
    private static let keyIndicators = Set("\"'-?[{&*!|>#".unicodeScalars)

    /// The YAML's lines, split at line feeds (libyaml counts its lines and columns so).
    private struct Lines {
        let bytes: UnsafeBufferPointer<UInt8>

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        func text(of index: Int) -> String? {
            let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            guard lines.indices.contains(index) else { return nil }
            return String(decoding: lines[index], as: UTF8.self)
        }

        /// The character at a 0-based line and column (libyaml's columns count characters).
        func character(line: Int, column: Int) -> Character? {
            guard let text = text(of: line) else { return nil }
            let scalars = Array(text.unicodeScalars)
            return scalars.indices.contains(column) ? Character(scalars[column]) : nil
        }
    }
}
