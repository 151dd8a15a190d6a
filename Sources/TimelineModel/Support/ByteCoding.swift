import TimelineSystem

/// A compact binary encoding for the build's own state files (the manifest, the input
/// snapshot): unsigned LEB128 numbers, length-prefixed strings and fixed 64-bit words.
package struct ByteWriter {
    @usableFromInline
    package internal(set) var bytes: [UInt8] = []
    /// Where the bytes go when the buffer fills up; nil keeps them all in `bytes`.
    private let file: StreamedFile?

    package init() {
        file = nil
    }

    package init(streamingTo file: StreamedFile) {
        self.file = file
    }

    /// Hands a full buffer to the file, if any. Encoders call it between entries.
    package mutating func flushIfFull() {
        guard let file, bytes.count >= StreamedFile.bufferSize else { return }
        file.append(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    @inlinable
    package mutating func number(_ value: UInt64) {
        var remaining = value
        while remaining >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: remaining) | 0x80)
            remaining >>= 7
        }
        bytes.append(UInt8(remaining))
    }

    /// How many bytes `number` writes for `value`.
    package static func numberLength(_ value: Int) -> Int {
        var remaining = UInt64(bitPattern: Int64(value))
        var length = 1
        while remaining >= 0x80 {
            remaining >>= 7
            length += 1
        }
        return length
    }

    package mutating func number(_ value: Int) {
        number(UInt64(bitPattern: Int64(value)))
    }

    @inlinable
    package mutating func word(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    package mutating func digest(_ value: Digest) {
        word(value.high)
        word(value.low)
    }

    /// Fixed width, so a list of them decodes without branching on lengths.
    package mutating func status(_ value: FileSystem.Status) {
        word(UInt64(value.size))
        word(UInt64(bitPattern: value.modifiedNanoseconds))
        word(UInt64(bitPattern: value.changedNanoseconds))
        word(value.inode)
        word(value.isDirectory ? 1 : 0)
    }

    package mutating func string(_ value: String) {
        number(value.utf8.count)
        bytes.append(contentsOf: value.utf8)
    }

    package mutating func raw(_ value: some Collection<UInt8>) {
        bytes.append(contentsOf: value)
    }

    /// A large block goes to the file as it is, without passing through the buffer.
    package mutating func raw(_ value: [UInt8]) {
        guard let file, value.count >= StreamedFile.bufferSize else { return bytes.append(contentsOf: value) }
        file.append(bytes)
        bytes.removeAll(keepingCapacity: true)
        file.append(value)
    }
}

/// Reads what `ByteWriter` wrote; any truncation or overflow is `Malformed`, never a crash.
package struct ByteReader {
    package struct Malformed: Error {
        package init() {}
    }

    @usableFromInline
    let bytes: [UInt8]
    @usableFromInline
    package internal(set) var offset = 0

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// A reader of `bytes` from `offset` on: one record of many, without copying them.
    package init(_ bytes: [UInt8], from offset: Int) {
        self.bytes = bytes
        self.offset = min(max(0, offset), bytes.count)
    }

    package var isAtEnd: Bool { offset == bytes.count }

    @inlinable
    package mutating func number() throws(Malformed) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.count, shift < 64 else { throw Malformed() }
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    @inlinable
    package mutating func count(limit: Int = Int(Int32.max)) throws(Malformed) -> Int {
        let value = try number()
        guard value <= UInt64(limit) else { throw Malformed() }
        return Int(value)
    }

    package mutating func signed() throws(Malformed) -> Int64 {
        Int64(bitPattern: try number())
    }

    @inlinable
    package mutating func word() throws(Malformed) -> UInt64 {
        guard bytes.count - offset >= 8 else { throw Malformed() }
        var value: UInt64 = 0
        for index in (0..<8).reversed() { value = value << 8 | UInt64(bytes[offset + index]) }
        offset += 8
        return value
    }

    package mutating func digest() throws(Malformed) -> Digest {
        let high = try word()
        return Digest(high: high, low: try word())
    }

    package mutating func status() throws(Malformed) -> FileSystem.Status {
        let size = try word()
        let modified = try word()
        let changed = try word()
        let inode = try word()
        let kind = try word()
        guard size <= UInt64(Int.max) else { throw Malformed() }
        return FileSystem.Status(
            size: Int(size), modifiedNanoseconds: Int64(bitPattern: modified), changedNanoseconds: Int64(bitPattern: changed), inode: inode,
            isDirectory: kind == 1)
    }

    package mutating func slice(_ count: Int) throws(Malformed) -> ArraySlice<UInt8> {
        guard count >= 0, bytes.count - offset >= count else { throw Malformed() }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    package mutating func string() throws(Malformed) -> String {
        String(decoding: try slice(try count()), as: UTF8.self)
    }
}
