/// A list of a site's records by index (its posts, each post's images): either held in memory,
/// as a build that read them holds them, or read one at a time from a state file
/// (`StoredRecords`), so that an edit build decodes only the records the pages it makes show.
/// A record put in place of another (an edited post) is kept beside the stored ones.
///
/// Its reads are inlinable, so that they are specialized for the record type where they are
/// used: unspecialized, each `site.posts[index]` looked up generic metadata and copied a whole
/// post through its value witness.
public struct RecordList<Element: Sendable>: RandomAccessCollection, Sendable {
    @usableFromInline
    enum Storage: Sendable {
        case loaded([Element])
        case stored(
            count: Int, read: @Sendable (Int) -> Element?, leading: @Sendable (Int) -> ArraySlice<UInt8>,
            run: @Sendable (Range<Int>) -> ArraySlice<UInt8>?)
    }

    @usableFromInline
    var storage: Storage
    /// Records put in place of stored ones, or inserted among them, by index.
    @usableFromInline
    var replaced: [Int: Element] = [:]
    /// Once a record was inserted or removed: per index, the place of its record among the
    /// kept ones (`inserted` for one held in `replaced`); nil while every index is its own.
    @usableFromInline
    var storedPositions: [Int]?
    private static var inserted: Int { -1 }

    public init(_ elements: [Element]) {
        storage = .loaded(elements)
    }

    /// `count` records, each made by `read` when it is asked for; `leading` gives the first bytes
    /// of a kept record (none when the list holds none), and `run` the kept records of a range
    /// of positions as `StoredRecords` wrote them (nil when they cannot be read again).
    /// `read` must make every one: the bytes are those of a sealed state file that this very
    /// build of the tool wrote (`SiteIndex`), held open since its seal was checked, so a record
    /// that does not decode is a bug or a failing disk.
    package init(
        count: Int, read: @escaping @Sendable (Int) -> Element?, leading: @escaping @Sendable (Int) -> ArraySlice<UInt8>,
        run: @escaping @Sendable (Range<Int>) -> ArraySlice<UInt8>?
    ) {
        storage = .stored(count: count, read: read, leading: leading, run: run)
    }

    @inlinable
    public var startIndex: Int { 0 }

    @inlinable
    public var endIndex: Int {
        switch storage {
        case .loaded(let elements): elements.count
        case .stored(let count, _, _, _): storedPositions?.count ?? count
        }
    }

    @inlinable
    public subscript(position: Int) -> Element {
        switch storage {
        case .loaded(let elements): elements[position]
        case .stored(_, let read, _, _):
            if let element = replaced[position] {
                element
            } else if let element = read(storedPosition(position)) {
                element
            } else {
                // The bytes are a sealed file this build of the tool wrote (see `init`).
                preconditionFailure("a record of a sealed state file does not decode")
            }
        }
    }

    /// Whether the records are read one at a time rather than held.
    @inlinable
    package var isStored: Bool {
        if case .stored = storage { return true }
        return false
    }

    /// The records from `position` on that are kept as they were and in their kept order, at
    /// most `limit` of them, as `StoredRecords` wrote them (each one's length, then its bytes),
    /// and how many they are; nil when the record at `position` is not kept as it was. A list
    /// written again copies such a run at once.
    /// Its bytes are nil when they cannot be read again (the file they are read from failed).
    package func storedRun(from position: Int, limit: Int) -> (bytes: ArraySlice<UInt8>?, count: Int)? {
        guard case .stored(_, _, _, let run) = storage, replaced[position] == nil else { return nil }
        let first = storedPosition(position)
        var count = 1
        while count < limit, position + count < endIndex, replaced[position + count] == nil, storedPosition(position + count) == first + count {
            count += 1
        }
        return (run(first..<first + count), count)
    }

    /// Where the record at `position`, neither replaced nor inserted, lies among the kept ones.
    @inlinable
    func storedPosition(_ position: Int) -> Int {
        storedPositions?[position] ?? position
    }

    /// The record's first field (`field` of it), read alone from the record's leading bytes
    /// when the record is stored and not replaced: a post's ID without its caption, comments
    /// and likes. A field longer than the leading bytes is read with the whole record.
    package func leadingField<Value: StateCodable>(at position: Int, _ field: (Element) -> Value) -> Value {
        if case .stored(_, _, let leading, _) = storage, replaced[position] == nil {
            let bytes = leading(storedPosition(position))
            var coder = StateCoder(reading: Array(bytes))
            if !bytes.isEmpty, let value = try? Value.code(nil, with: &coder) { return value }
        }
        return field(self[position])
    }

    package mutating func replace(at position: Int, with element: Element) {
        switch storage {
        case .loaded(var elements):
            // Let go of the stored array first, so that it changes in place.
            storage = .loaded([])
            elements[position] = element
            storage = .loaded(elements)
        case .stored:
            replaced[position] = element
        }
    }

    /// Puts `element` at `position`; the records from there on move one index up.
    package mutating func insert(_ element: Element, at position: Int) {
        switch storage {
        case .loaded(var elements):
            storage = .loaded([])
            elements.insert(element, at: position)
            storage = .loaded(elements)
        case .stored(let count, _, _, _):
            var moved: [Int: Element] = [:]
            for (index, kept) in replaced { moved[index >= position ? index + 1 : index] = kept }
            moved[position] = element
            replaced = moved
            var positions = storedPositions ?? Array(0..<count)
            positions.insert(Self.inserted, at: position)
            storedPositions = positions
        }
    }

    /// Removes the record at `position`; the records after it move one index down.
    package mutating func remove(at position: Int) {
        switch storage {
        case .loaded(var elements):
            storage = .loaded([])
            elements.remove(at: position)
            storage = .loaded(elements)
        case .stored(let count, _, _, _):
            var moved: [Int: Element] = [:]
            for (index, kept) in replaced where index != position { moved[index > position ? index - 1 : index] = kept }
            replaced = moved
            var positions = storedPositions ?? Array(0..<count)
            positions.remove(at: position)
            storedPositions = positions
        }
    }
}
