import TimelineModel

/// A content file's bytes and its path relative to the site root, able to turn a byte
/// offset into a line and column for diagnostics.
package struct SourceFile: Sendable {
    package let path: String
    package let bytes: [UInt8]
    /// Offsets where each line starts, so a location costs a binary search, not a scan.
    private let lineStarts: [Int]

    package init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(index + 1)
        }
        lineStarts = starts
    }

    /// The location of a byte offset. Columns count Unicode scalars, as editors do.
    package func location(ofOffset offset: Int) -> SourceLocation {
        let end = min(max(offset, 0), bytes.count)
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= end { low = middle } else { high = middle - 1 }
        }
        let line = low + 1
        let lineStart = lineStarts[low]
        var column = 1
        var cursor = lineStart
        while cursor < end {
            if bytes[cursor] & 0b1100_0000 != 0b1000_0000 { column += 1 }
            cursor += 1
        }
        return SourceLocation(path: path, line: line, column: column)
    }
}

extension SourceFile {
    package func location(of position: ContentPosition) -> SourceLocation {
        switch position {
        case .offset(let offset): location(ofOffset: offset)
        case .lineColumn(let line, let column): SourceLocation(path: path, line: line, column: column)
        }
    }
}
