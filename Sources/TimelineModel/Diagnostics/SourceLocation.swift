/// Where in the content a diagnostic points: a file relative to the site root, and a line and
/// column (both 1-based) when the file's format lets us know them.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var path: String
    // Stored in 32 bits with 0 for "unknown": every like and comment of a site keeps two
    // locations, so at 200,000 posts this halves what they cost (24 bytes instead of 48).
    private var storedLine: UInt32
    private var storedColumn: UInt32

    public init(path: String, line: Int? = nil, column: Int? = nil) {
        self.path = path
        storedLine = Self.store(line)
        storedColumn = Self.store(column)
    }

    public var line: Int? {
        get { storedLine == 0 ? nil : Int(storedLine) }
        set { storedLine = Self.store(newValue) }
    }

    public var column: Int? {
        get { storedColumn == 0 ? nil : Int(storedColumn) }
        set { storedColumn = Self.store(newValue) }
    }

    /// Lines and columns are 1-based; one past 4 billion is kept as the largest that fits.
    private static func store(_ value: Int?) -> UInt32 {
        guard let value, value > 0 else { return 0 }
        return UInt32(clamping: value)
    }

    public var description: String {
        switch (line, column) {
        case (let line?, let column?): "\(path):\(line):\(column)"
        case (let line?, nil): "\(path):\(line)"
        default: path
        }
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        if lhs.path != rhs.path { return lhs.path.utf8Precedes(rhs.path) }
        if (lhs.line ?? 0) != (rhs.line ?? 0) { return (lhs.line ?? 0) < (rhs.line ?? 0) }
        return (lhs.column ?? 0) < (rhs.column ?? 0)
    }
}
