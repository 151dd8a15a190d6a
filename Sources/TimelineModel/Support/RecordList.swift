/// A list of a site's records by index (its posts, each post's images): either held in memory,
/// as a build that read them holds them, or read one at a time from a state file
/// (`StoredRecords`), so that an edit build decodes only the records the pages it makes show.
/// A record put in place of another (an edited post) is kept beside the stored ones.
///
/// Its reads are inlinable, so that they are specialized for the record type where they are
/// used: unspecialized, each `site.posts[index]` looked up generic metadata and copied a whole
/// post through its value witness.
public struct RecordList<Element: Sendable>: RandomAccessCollection, Sendable {
    /// Every record, when the list holds them (`stored` is nil).
    @usableFromInline
    var loaded: [Element]
    /// Where the records are read from when they are not held.
    @usableFromInline
    var stored: Stored?

    @usableFromInline
    struct Stored: Sendable {
        let count: Int
        let read: @Sendable (Int) -> Element?
        let leading: @Sendable (Int) -> ArraySlice<UInt8>
        let run: @Sendable (Range<Int>) -> ArraySlice<UInt8>?
        /// Records put in place of stored ones, or inserted among them, by index.
        var replaced: [Int: Element] = [:]
        /// Once a record was inserted or removed: per index, the place of its record among the
        /// kept ones (`inserted` for one held in `replaced`); nil while every index is its own.
        var storedPositions: [Int]?
        static var inserted: Int { -1 }

        @usableFromInline
        var endIndex: Int { storedPositions?.count ?? count }

        /// Where the record at `position`, neither replaced nor inserted, lies among the kept ones.
        func storedPosition(_ position: Int) -> Int {
            storedPositions?[position] ?? position
        }

        @usableFromInline
        func element(_ position: Int) -> Element {
            if let element = replaced[position] { return element }
            guard let element = read(storedPosition(position)) else {
                // The bytes are a sealed file this build of the tool wrote (see `RecordList.init`).
                preconditionFailure("a record of a sealed state file does not decode")
            }
            return element
        }
    }

    public init(_ elements: [Element]) {
        loaded = elements
        stored = nil
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
        loaded = []
        stored = Stored(count: count, read: read, leading: leading, run: run)
    }

    @inlinable
    public var startIndex: Int { 0 }

    @inlinable
    public var endIndex: Int {
        stored?.endIndex ?? loaded.count
    }

    /// A copy of the record: held ones are a plain array read by an inlined getter, so that the
    /// compiler may copy only the field a caller reads; a hot reader of a few fields of a post
    /// reads them in place (`withRecord`).
    @inlinable
    public subscript(position: Int) -> Element {
        @inline(__always) get {
            if stored == nil { return loaded[position] }
            return storedElement(position)
        }
    }

    /// `body` of the record at `position`, read in place through a pointer rather than copied:
    /// the subscript's getter copies the whole record (a post: its caption, photos, comments
    /// and likes, each retained, which both cores do for the same post at once in a clean
    /// build), and so does lending it as a closure's argument. `body` reads the fields it needs
    /// (`$0.pointee.id`) and must not keep the pointer.
    @inlinable
    public func withRecord<Result>(at position: Int, _ body: (UnsafePointer<Element>) throws -> Result) rethrows -> Result {
        if stored == nil { return try loaded.withUnsafeBufferPointer { try body($0.baseAddress! + position) } }
        return try withUnsafePointer(to: storedElement(position)) { try body($0) }
    }

    /// The record at `position` of a list that is stored (optional chaining reads `stored` in
    /// place; binding it would retain its closures and tables for every record read).
    @usableFromInline
    func storedElement(_ position: Int) -> Element {
        stored?.element(position) ?? loaded[position]
    }

    /// Whether the records are read one at a time rather than held.
    @inlinable
    package var isStored: Bool { stored != nil }

    /// The records from `position` on that are kept as they were and in their kept order, at
    /// most `limit` of them, as `StoredRecords` wrote them (each one's length, then its bytes),
    /// and how many they are; nil when the record at `position` is not kept as it was. A list
    /// written again copies such a run at once.
    /// Its bytes are nil when they cannot be read again (the file they are read from failed).
    package func storedRun(from position: Int, limit: Int) -> (bytes: ArraySlice<UInt8>?, count: Int)? {
        guard let stored, stored.replaced[position] == nil else { return nil }
        let first = stored.storedPosition(position)
        var count = 1
        while count < limit, position + count < endIndex, stored.replaced[position + count] == nil,
            stored.storedPosition(position + count) == first + count
        {
            count += 1
        }
        return (stored.run(first..<first + count), count)
    }

    /// The record's first field (`field` of it), read alone from the record's leading bytes
    /// when the record is stored and not replaced: a post's ID without its caption, comments
    /// and likes. A field longer than the leading bytes is read with the whole record.
    package func leadingField<Value: StateCodable>(at position: Int, _ field: (Element) -> Value) -> Value {
        if let stored, stored.replaced[position] == nil {
            let bytes = stored.leading(stored.storedPosition(position))
            var coder = StateCoder(reading: Array(bytes))
            if !bytes.isEmpty, let value = try? Value.code(nil, with: &coder) { return value }
        }
        return field(self[position])
    }

    package mutating func replace(at position: Int, with element: Element) {
        if stored == nil {
            loaded[position] = element
        } else {
            stored?.replaced[position] = element
        }
    }

    /// Puts `element` at `position`; the records from there on move one index up.
    package mutating func insert(_ element: Element, at position: Int) {
        guard var kept = stored else {
            loaded.insert(element, at: position)
            return
        }
        stored = nil
        var moved: [Int: Element] = [:]
        for (index, record) in kept.replaced { moved[index >= position ? index + 1 : index] = record }
        moved[position] = element
        kept.replaced = moved
        var positions = kept.storedPositions ?? Array(0..<kept.count)
        positions.insert(Stored.inserted, at: position)
        kept.storedPositions = positions
        stored = kept
    }

    /// Removes the record at `position`; the records after it move one index down.
    package mutating func remove(at position: Int) {
        guard var kept = stored else {
            loaded.remove(at: position)
            return
        }
        stored = nil
        var moved: [Int: Element] = [:]
        for (index, record) in kept.replaced where index != position { moved[index > position ? index - 1 : index] = record }
        kept.replaced = moved
        var positions = kept.storedPositions ?? Array(0..<kept.count)
        positions.remove(at: position)
        kept.storedPositions = positions
        stored = kept
    }
}
