import CLibZ
import TimelineContent
import TimelineSystem

/// A zip archive read by this reader itself, over zlib, and trusted for nothing: the central
/// directory is read record by record within the file, and an entry's bytes are read only
/// from its own data, as many as the central directory says it holds, and inflated into at
/// most as many bytes as it declares. So every read ends, whatever the archive holds: a
/// deflate stream that never ends (stored blocks running on past the entry's data) is an
/// error once the entry's data is used up, not a wait for bytes that never come.
final class ZipArchiveFile {
    /// What the central directory says of one entry.
    struct Record {
        let name: [UInt8]
        let flags: UInt16
        let method: UInt16
        let checksum: UInt32
        let compressedSize: UInt64
        let uncompressedSize: UInt64
        let localHeaderOffset: UInt64
        /// The host system that made the entry (3 for Unix) and its external attributes,
        /// whose upper half is a Unix file mode there.
        let madeBy: UInt8
        let externalAttributes: UInt32

        var isEncrypted: Bool { flags & 1 != 0 }
        var isDirectory: Bool {
            name.last == UInt8(ascii: "/") || (isUnix && (externalAttributes >> 16) & 0o170000 == 0o040000)
        }
        var isSymbolicLink: Bool { isUnix && (externalAttributes >> 16) & 0o170000 == 0o120000 }
        private var isUnix: Bool { madeBy == 3 || madeBy == 19 }

        /// The name as UTF-8, or, when it is not valid UTF-8, each byte as its Latin-1 character.
        var path: String {
            String(validating: name, as: UTF8.self) ?? String(String.UnicodeScalarView(name.map { Unicode.Scalar($0) }))
        }
    }

    enum Failure: Error {
        case notAZipArchive(String)
    }

    private let file: ReadableFile
    private let size: UInt64

    init(path: String) throws(Failure) {
        do {
            file = try ReadableFile(path)
            size = UInt64(try file.size())
        } catch {
            throw .notAZipArchive(error.description)
        }
    }

    // MARK: The central directory

    /// The central directory's records, at most `limit` of them; whether there were more.
    func records(limit: Int) throws(Failure) -> (records: [Record], more: Bool) {
        let (start, end, count) = try centralDirectory()
        var records: [Record] = []
        var offset = start
        while offset < end, UInt64(records.count) < count {
            guard records.count < limit else { return (records, true) }
            let fixed = try bytes(at: offset, count: 46, within: end, what: "a central directory record")
            guard fixed.uint32(0) == 0x0201_4b50 else { throw .notAZipArchive("a central directory record has no signature") }
            let nameLength = UInt64(fixed.uint16(28))
            let extraLength = UInt64(fixed.uint16(30))
            let commentLength = UInt64(fixed.uint16(32))
            let variable = try bytes(at: offset + 46, count: Int(nameLength + extraLength), within: end, what: "a central directory record")
            var compressedSize = UInt64(fixed.uint32(20))
            var uncompressedSize = UInt64(fixed.uint32(24))
            var localHeaderOffset = UInt64(fixed.uint32(42))
            // Zip64: the sizes and offset that do not fit 32 bits are in the extra field 0x0001,
            // in this order, each only when its 32-bit field is all ones.
            var extra = Int(nameLength)
            while extra + 4 <= variable.count {
                let id = variable.uint16(extra)
                let length = Int(variable.uint16(extra + 2))
                let dataStart = extra + 4
                guard dataStart + length <= variable.count else { break }
                if id == 0x0001 {
                    var field = dataStart
                    func next(_ value: inout UInt64) {
                        guard value == 0xFFFF_FFFF, field + 8 <= dataStart + length else { return }
                        value = variable.uint64(field)
                        field += 8
                    }
                    next(&uncompressedSize)
                    next(&compressedSize)
                    next(&localHeaderOffset)
                }
                extra = dataStart + length
            }
            records.append(
                Record(
                    name: Array(variable[0..<Int(nameLength)]), flags: fixed.uint16(8), method: fixed.uint16(10), checksum: fixed.uint32(16),
                    compressedSize: compressedSize, uncompressedSize: uncompressedSize, localHeaderOffset: localHeaderOffset,
                    madeBy: fixed[5], externalAttributes: fixed.uint32(38)))
            offset += 46 + nameLength + extraLength + commentLength
        }
        return (records, false)
    }

    /// Where the central directory starts and ends, and how many records it holds, from the
    /// end of central directory record (and its Zip64 form when the archive has one).
    private func centralDirectory() throws(Failure) -> (start: UInt64, end: UInt64, count: UInt64) {
        let tailLength = Int(min(size, 22 + 0xFFFF))
        let tail = try bytes(at: size - UInt64(tailLength), count: tailLength, within: size, what: "the end of the archive")
        var found: Int?
        var index = tailLength - 22
        while index >= 0 {
            if tail.uint32(index) == 0x0605_4b50 {
                found = index
                break
            }
            index -= 1
        }
        guard let found else { throw .notAZipArchive("it has no end of central directory record") }
        let recordOffset = size - UInt64(tailLength) + UInt64(found)
        var count = UInt64(tail.uint16(found + 10))
        var length = UInt64(tail.uint32(found + 12))
        var start = UInt64(tail.uint32(found + 16))
        var limit = recordOffset
        if count == 0xFFFF || length == 0xFFFF_FFFF || start == 0xFFFF_FFFF, recordOffset >= 20 {
            let locator = try bytes(at: recordOffset - 20, count: 20, within: size, what: "the Zip64 locator")
            if locator.uint32(0) == 0x0706_4b50 {
                let zip64Offset = locator.uint64(8)
                let zip64 = try bytes(at: zip64Offset, count: 56, within: recordOffset, what: "the Zip64 end of central directory record")
                guard zip64.uint32(0) == 0x0606_4b50 else { throw .notAZipArchive("its Zip64 end of central directory record has no signature") }
                count = zip64.uint64(32)
                length = zip64.uint64(40)
                start = zip64.uint64(48)
                limit = zip64Offset
            }
        }
        guard start <= limit, length <= limit - start else { throw .notAZipArchive("its central directory lies outside the archive") }
        return (start, start + length, count)
    }

    /// `count` bytes at `offset`, which must all lie before `end`.
    private func bytes(at offset: UInt64, count: Int, within end: UInt64, what: String) throws(Failure) -> [UInt8] {
        guard offset <= end, UInt64(count) <= end - offset else { throw .notAZipArchive("\(what) runs past where it must end") }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(count)
        var chunk = [UInt8](repeating: 0, count: count)
        while buffer.count < count {
            let got: Int
            do {
                got = try file.read(into: &chunk, count: count - buffer.count, at: Int(offset) + buffer.count)
            } catch {
                throw .notAZipArchive(error.description)
            }
            guard got > 0 else { throw .notAZipArchive("the file ends inside \(what)") }
            buffer += chunk[0..<got]
        }
        return buffer
    }

    // MARK: An entry's bytes

    /// The most bytes read from the archive or handed on at a time.
    static let chunkSize = 1 << 18

    /// The entry's bytes a chunk at a time into `consume`: read from its data only (its
    /// compressed size), never more than it declares, then checked against its size and
    /// checksum.
    func stream(_ record: Record, _ consume: (ArraySlice<UInt8>) throws(InstagramEntryError) -> Void) throws(InstagramEntryError) {
        guard !record.isEncrypted else { throw .unreadable("the entry is encrypted") }
        let header: [UInt8]
        do {
            header = try bytes(at: record.localHeaderOffset, count: 30, within: size, what: "the entry's local header")
        } catch {
            switch error {
            case .notAZipArchive(let reason): throw .unreadable(reason)
            }
        }
        guard header.uint32(0) == 0x0403_4b50 else { throw .unreadable("the entry's local header has no signature") }
        let dataStart = record.localHeaderOffset + 30 + UInt64(header.uint16(26)) + UInt64(header.uint16(28))
        guard dataStart <= size, record.compressedSize <= size - dataStart else {
            throw .unreadable("the entry's data runs past the end of the archive")
        }
        var produced: UInt64 = 0
        var checksum = crc32(0, nil, 0)
        let declared = record.uncompressedSize
        func deliver(_ chunk: ArraySlice<UInt8>) throws(InstagramEntryError) {
            produced += UInt64(chunk.count)
            guard produced <= declared else { throw .unreadable("the entry holds more than the \(declared) bytes it declares") }
            checksum = chunk.withUnsafeBufferPointer { crc32(checksum, $0.baseAddress, uInt($0.count)) }
            try consume(chunk)
        }
        switch record.method {
        case 0: try copyStored(from: dataStart, count: record.compressedSize, deliver)
        case 8: try inflate(from: dataStart, count: record.compressedSize, deliver)
        default: throw .unreadable("the entry uses compression method \(record.method), which this reader does not know")
        }
        guard produced == declared else { throw .unreadable("the entry holds \(produced) bytes but declares \(declared)") }
        guard UInt32(truncatingIfNeeded: checksum) == record.checksum else { throw .unreadable("the entry's checksum does not match its bytes") }
    }

    /// Reads the entry's data, `count` bytes from `start`, a chunk at a time.
    private func readData(from start: UInt64, count: UInt64, _ body: (ArraySlice<UInt8>) throws(InstagramEntryError) -> Void) throws(InstagramEntryError) {
        var offset = start
        let end = start + count
        var buffer = [UInt8](repeating: 0, count: Self.chunkSize)
        while offset < end {
            let wanted = Int(min(UInt64(Self.chunkSize), end - offset))
            let got: Int
            do {
                got = try file.read(into: &buffer, count: wanted, at: Int(offset))
            } catch {
                throw .unreadable(error.description)
            }
            guard got > 0 else { throw .unreadable("the archive ends inside the entry's data") }
            try body(buffer[0..<got])
            offset += UInt64(got)
        }
    }

    private func copyStored(
        from start: UInt64, count: UInt64, _ deliver: (ArraySlice<UInt8>) throws(InstagramEntryError) -> Void
    ) throws(InstagramEntryError) {
        try readData(from: start, count: count, deliver)
    }

    /// Inflates the raw deflate stream of the entry's data. Each call of zlib's `inflate`
    /// either takes input, gives output, ends the stream or fails; the input is the entry's
    /// data and the output at most what the entry declares (checked by `deliver`), so the
    /// loop ends.
    private func inflate(
        from start: UInt64, count: UInt64, _ deliver: (ArraySlice<UInt8>) throws(InstagramEntryError) -> Void
    ) throws(InstagramEntryError) {
        var stream = z_stream()
        guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .unreadable("zlib cannot start inflating")
        }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Self.chunkSize)
        var ended = false
        try readData(from: start, count: count) { input throws(InstagramEntryError) in
            guard !ended else { throw .unreadable("the entry's data goes on after its deflate stream ends") }
            var remaining = input
            while !remaining.isEmpty, !ended {
                let (status, taken, made) = remaining.withUnsafeBufferPointer { source in
                    output.withUnsafeMutableBufferPointer { destination in
                        stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                        stream.avail_in = uInt(source.count)
                        stream.next_out = destination.baseAddress
                        stream.avail_out = uInt(destination.count)
                        let status = CLibZ.inflate(&stream, Z_NO_FLUSH)
                        return (status, source.count - Int(stream.avail_in), destination.count - Int(stream.avail_out))
                    }
                }
                if made > 0 { try deliver(output[0..<made]) }
                remaining = remaining.dropFirst(taken)
                switch status {
                case Z_STREAM_END: ended = true
                case Z_OK: guard taken > 0 || made > 0 else { throw .unreadable("the entry's deflate stream makes no progress") }
                default: throw .unreadable("the entry's deflate stream is damaged (zlib \(status))")
                }
            }
        }
        // All the input is in; what zlib still holds is written out, within the same bounds.
        while !ended {
            let (status, made) = output.withUnsafeMutableBufferPointer { destination in
                stream.next_in = nil
                stream.avail_in = 0
                stream.next_out = destination.baseAddress
                stream.avail_out = uInt(destination.count)
                let status = CLibZ.inflate(&stream, Z_NO_FLUSH)
                return (status, destination.count - Int(stream.avail_out))
            }
            if made > 0 { try deliver(output[0..<made]) }
            switch status {
            case Z_STREAM_END: ended = true
            case Z_OK where made > 0: continue
            default: throw .unreadable("the entry's deflate stream does not end within its \(count) bytes of data")
            }
        }
    }
}

extension [UInt8] {
    fileprivate func uint16(_ offset: Int) -> UInt16 {
        UInt16(self[offset]) | UInt16(self[offset + 1]) << 8
    }

    fileprivate func uint32(_ offset: Int) -> UInt32 {
        UInt32(uint16(offset)) | UInt32(uint16(offset + 2)) << 16
    }

    fileprivate func uint64(_ offset: Int) -> UInt64 {
        UInt64(uint32(offset)) | UInt64(uint32(offset + 4)) << 32
    }
}
