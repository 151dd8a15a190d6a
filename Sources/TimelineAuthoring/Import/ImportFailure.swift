import TimelineContent
import TimelineModel
import TimelineSystem

/// Why an import stopped: the export cannot be read or is not JSON (then nothing was
/// written), or the content folder cannot be written (then the records imported before stay,
/// each one whole).
public struct ImportFailure: Error, Sendable, CustomStringConvertible {
    public let location: SourceLocation
    public let message: String

    public init(at location: SourceLocation, _ message: String) {
        self.location = location
        self.message = message
    }

    /// `path:line:column: error: message`.
    public var description: String { "\(location): error: \(message)" }

    /// A syntax error in the export, at the line and column of its byte offset.
    package static func syntax(_ error: JSONStreamReader.SyntaxError, in file: SitePath) -> ImportFailure {
        let (line, column) = lineAndColumn(ofOffset: error.offset, inFile: file.absolute)
        return ImportFailure(at: SourceLocation(path: file.shown, line: line, column: column), "malformed JSON: \(error.message)")
    }

    package static func writing(_ error: AuthoringError) -> ImportFailure {
        ImportFailure(at: error.location ?? SourceLocation(path: "."), error.message)
    }

    /// Counts lines up to `offset` by reading the file again: only a failing import pays it.
    /// Columns count Unicode scalars, as editors do.
    static func lineAndColumn(ofOffset offset: Int, inFile path: String) -> (line: Int, column: Int) {
        guard let file = try? ReadableFile(path) else { return (1, offset + 1) }
        var line = 1
        var column = 1
        var position = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while position < offset {
            let wanted = min(chunk.count, offset - position)
            let count = (try? file.read(into: &chunk, count: wanted, at: position)) ?? 0
            guard count > 0 else { break }
            for byte in chunk[0..<count] {
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if byte & 0b1100_0000 != 0b1000_0000 {
                    column += 1
                }
            }
            position += count
        }
        return (line, column)
    }
}
