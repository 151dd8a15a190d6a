import TimelineSystem

/// The one encoding of the files a build keeps for the next (the record cache, the input
/// snapshot, the manifest and its edits, the journal). Each kept type describes its fields
/// once, in `StateCodable.code`, and the same function writes them (given the value) or reads
/// them back (given nil): adding a field is one line there, and the file's version in
/// `StateFileKind` says that the format changed. Numbers are unsigned LEB128, strings are
/// length-prefixed, digests and statuses fixed 64-bit words; truncation or overflow reads as
/// `Malformed`, never a crash.
package struct StateCoder {
    package typealias Malformed = ByteReader.Malformed

    @usableFromInline
    var writer: ByteWriter?
    @usableFromInline
    var reader: ByteReader?
    /// The path of the last location coded: each comment and like of a file names the same
    /// file, so a location in the file of the one before is written without its path.
    private var previousPath = ""

    /// A coder that writes, into memory or streaming into `file`.
    package init(writingTo file: StreamedFile? = nil) {
        writer = file.map { ByteWriter(streamingTo: $0) } ?? ByteWriter()
    }

    /// A coder that reads `bytes`.
    package init(reading bytes: [UInt8]) {
        reader = ByteReader(bytes)
    }

    /// A coder that reads `bytes` from `offset` on (one record of a `StoredRecords`).
    package init(reading bytes: [UInt8], from offset: Int) {
        reader = ByteReader(bytes, from: offset)
    }

    /// Passes over `count` bytes without reading them.
    package mutating func skip(_ count: Int) throws(Malformed) {
        guard reader != nil else { throw Malformed() }
        _ = try reader!.slice(count)
    }

    /// How many bytes were read so far.
    package var readOffset: Int { reader?.offset ?? 0 }

    package var isReading: Bool { reader != nil }

    /// What was written so far (what has not been handed to the file yet, when streaming).
    package var bytes: [UInt8] { writer?.bytes ?? [] }

    /// Whether every byte was read.
    package var isAtEnd: Bool { reader?.isAtEnd ?? true }

    /// Hands a full buffer to the file; encoders of long lists call it between items.
    package mutating func flushIfFull() {
        writer?.flushIfFull()
    }

    /// Writes `kind`'s header, or reads one and checks it is `kind`'s, in its current version.
    package mutating func header(_ kind: StateFileKind) throws(Malformed) {
        let magic = kind.magic
        guard try raw(reader == nil ? magic : nil, count: magic.count) == magic else { throw Malformed() }
    }

    // MARK: Primitives

    @inlinable
    package mutating func number(_ value: UInt64?) throws(Malformed) -> UInt64 {
        try primitive(value, write: { $0.number($1) }, read: { reader throws(Malformed) in try reader.number() })
    }

    /// A count or size, at most `limit`.
    @inlinable
    package mutating func count(_ value: Int?, limit: Int = Int(Int32.max)) throws(Malformed) -> Int {
        let number = try number(value.map { UInt64(clamping: $0) })
        guard number <= UInt64(limit) else { throw Malformed() }
        return Int(number)
    }

    package mutating func signed(_ value: Int64?) throws(Malformed) -> Int64 {
        Int64(bitPattern: try number(value.map { UInt64(bitPattern: $0) }))
    }

    package mutating func flag(_ value: Bool?) throws(Malformed) -> Bool {
        try count(value.map { $0 ? 1 : 0 }, limit: 1) == 1
    }

    @inlinable
    package mutating func word(_ value: UInt64?) throws(Malformed) -> UInt64 {
        try primitive(value, write: { $0.word($1) }, read: { reader throws(Malformed) in try reader.word() })
    }

    package mutating func digest(_ value: Digest?) throws(Malformed) -> Digest {
        try primitive(value, write: { $0.digest($1) }, read: { reader throws(Malformed) in try reader.digest() })
    }

    package mutating func status(_ value: FileSystem.Status?) throws(Malformed) -> FileSystem.Status {
        try primitive(value, write: { $0.status($1) }, read: { reader throws(Malformed) in try reader.status() })
    }

    package mutating func string(_ value: String?) throws(Malformed) -> String {
        try primitive(value, write: { $0.string($1) }, read: { reader throws(Malformed) in try reader.string() })
    }

    /// Bytes as they are, `count` of them (known to both sides).
    package mutating func raw(_ value: [UInt8]?, count: Int) throws(Malformed) -> [UInt8] {
        try primitive(value, write: { $0.raw($1) }, read: { reader throws(Malformed) in Array(try reader.slice(count)) })
    }

    /// Empties a writing coder for the next record, keeping its buffer: each record is coded
    /// on its own, as if by a new coder.
    package mutating func restartWriting() {
        writer?.bytes.removeAll(keepingCapacity: true)
        previousPath = ""
    }

    /// Writes what `record` (a coder in memory) wrote, preceded by its length.
    package mutating func appendRecord(of record: StateCoder) throws(Malformed) {
        guard let bytes = record.writer?.bytes else { throw Malformed() }
        _ = try count(bytes.count, limit: Int.max)
        writer?.raw(bytes)
    }

    /// Writes bytes already coded (kept records copied as they are); a reader ignores it.
    package mutating func append(_ coded: ArraySlice<UInt8>) {
        writer?.raw(coded)
    }

    /// Writes `value` with `write`, or reads one with `read` when it is nil.
    @inlinable
    mutating func primitive<Value>(
        _ value: Value?, write: (inout ByteWriter, Value) -> Void, read: (inout ByteReader) throws(Malformed) -> Value
    ) throws(Malformed) -> Value {
        if let value {
            if writer != nil { write(&writer!, value) }
            return value
        }
        guard reader != nil else { throw Malformed() }
        return try read(&reader!)
    }

    /// Bytes that share a prefix with `previous` (sorted paths): the length they share, then the
    /// rest.
    package mutating func bytes(_ value: ArraySlice<UInt8>?, sharingPrefixWith previous: ArraySlice<UInt8>) throws(Malformed) -> ArraySlice<UInt8> {
        let shared = try count(value.map { value in zip(previous, value).prefix { $0 == $1 }.count }, limit: previous.count)
        let restCount = try count(value.map { $0.count - shared })
        if let value {
            writer?.raw(value.dropFirst(shared))
            return value
        }
        guard reader != nil else { throw Malformed() }
        var read = Array(previous.prefix(shared))
        read.append(contentsOf: try reader!.slice(restCount))
        return read[...]
    }

    /// A location; its path is written only when it differs from the last location's.
    package mutating func location(_ value: SourceLocation?) throws(Malformed) -> SourceLocation {
        let samePath = try flag(value.map { $0.path == previousPath })
        if !samePath { previousPath = try string(value?.path) }
        let line = try count(value.map { $0.line ?? 0 })
        let column = try count(value.map { $0.column ?? 0 })
        return value ?? SourceLocation(path: previousPath, line: line == 0 ? nil : line, column: column == 0 ? nil : column)
    }

    // MARK: Kept types

    // Inlinable, so that each kept type's coding is specialized where it is used.
    @inlinable
    package mutating func value<Value: StateCodable>(_ value: Value?) throws(Malformed) -> Value {
        try Value.code(value, with: &self)
    }

    /// An optional field: `value` is nil when reading, `.some(nil)` when writing an absent one.
    @inlinable
    package mutating func optional<Value: StateCodable>(_ value: Value??) throws(Malformed) -> Value? {
        let present = try flag(value.map { $0 != nil })
        guard present else { return nil }
        return try Value.code(value.flatMap { $0 }, with: &self)
    }

    /// A list of optional values, each present or not.
    @inlinable
    package mutating func optionals<Value: StateCodable>(_ value: [Value?]?) throws(Malformed) -> [Value?] {
        let count = try count(value?.count)
        if let value {
            for item in value { _ = try optional(.some(item)) }
            return value
        }
        var items: [Value?] = []
        items.reserveCapacity(Swift.min(count, 1 << 16))
        for _ in 0..<count { items.append(try optional(nil as Value??)) }
        return items
    }

    @inlinable
    package mutating func list<Value: StateCodable>(_ value: [Value]?, limit: Int = Int(Int32.max)) throws(Malformed) -> [Value] {
        let count = try count(value?.count, limit: limit)
        if let value {
            // By index: the iterator handed out a copy of each item, retained and released.
            for index in value.indices { _ = try Value.code(value[index], with: &self) }
            return value
        }
        var items: [Value] = []
        items.reserveCapacity(Swift.min(count, 1 << 16))
        for _ in 0..<count { items.append(try Value.code(nil, with: &self)) }
        return items
    }
}

/// A value a state file keeps, described once for writing and reading: `code` writes `value`
/// and returns it, or, given nil, reads one.
package protocol StateCodable {
    static func code(_ value: Self?, with coder: inout StateCoder) throws(StateCoder.Malformed) -> Self
}

extension String: StateCodable {
    package static func code(_ value: String?, with coder: inout StateCoder) throws(StateCoder.Malformed) -> String {
        try coder.string(value)
    }
}

extension Digest: StateCodable {
    package static func code(_ value: Digest?, with coder: inout StateCoder) throws(StateCoder.Malformed) -> Digest {
        try coder.digest(value)
    }
}

extension FileSystem.Status: StateCodable {
    package static func code(_ value: FileSystem.Status?, with coder: inout StateCoder) throws(StateCoder.Malformed) -> FileSystem.Status {
        try coder.status(value)
    }
}

extension SourceLocation: StateCodable {
    package static func code(_ value: SourceLocation?, with coder: inout StateCoder) throws(StateCoder.Malformed) -> SourceLocation {
        try coder.location(value)
    }
}

/// The state files, each with the version of its format: what changes when a kept type gains,
/// loses or changes a field.
package enum StateFileKind: String, Sendable {
    case records
    case inputs
    case manifest
    case journal
    case site
    case reads

    var version: Int {
        switch self {
        case .records: 8
        case .inputs: 6
        case .manifest: 2
        case .journal: 3
        case .site: 3
        case .reads: 2
        }
    }

    /// `timeline-state records 5\n`: what the file is, readable at its start.
    package var magic: [UInt8] {
        Array("timeline-state \(rawValue) \(version)\n".utf8)
    }
}

extension StateCoder {
    /// A list of indexes into a list of `limit` items.
    package mutating func indexes(_ value: [Int]?, below limit: Int) throws(Malformed) -> [Int] {
        let count = try count(value?.count)
        if let value {
            for index in value { _ = try self.count(index) }
            flushIfFull()
            return value
        }
        var read: [Int] = []
        read.reserveCapacity(Swift.min(count, 1 << 20))
        for _ in 0..<count {
            let index = try self.count(nil)
            guard index < limit else { throw Malformed() }
            read.append(index)
        }
        return read
    }

    /// `count` lists of indexes into a list of `limit` items (each user's posts, follows, …).
    package mutating func indexLists(_ value: [[Int]]?, count: Int, below limit: Int) throws(Malformed) -> [[Int]] {
        guard try self.count(value?.count) == count else { throw Malformed() }
        var read: [[Int]] = []
        if value == nil { read.reserveCapacity(Swift.min(count, 1 << 20)) }
        for position in 0..<count {
            let list = try indexes(value?[position], below: limit)
            if value == nil { read.append(list) }
        }
        return value ?? read
    }
}
