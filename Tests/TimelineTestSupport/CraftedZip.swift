import CLibZ

/// Zip archives made byte by byte, as no zip tool writes them: headers that state what the
/// test wants (sizes, checksums, flags), whatever the data is.
package enum CraftedZip {
    /// One entry as the archive states it: its data as stored, and what the headers claim.
    package struct Entry: Sendable {
        package var name: [UInt8]
        package var method: UInt16
        package var data: [UInt8]
        package var uncompressedSize: UInt32?
        package var checksum: UInt32?
        /// nil: the data's length; `.max`: every byte from the data's start to the end of the
        /// archive (its central directory included).
        package var compressedSize: UInt32?
        /// General purpose flags (bit 0: encrypted).
        package var flags: UInt16

        package init(
            name: String, method: UInt16 = 0, data: [UInt8], uncompressedSize: UInt32? = nil, checksum: UInt32? = nil, compressedSize: UInt32? = nil,
            flags: UInt16 = 0
        ) {
            self.init(
                nameBytes: Array(name.utf8), method: method, data: data, uncompressedSize: uncompressedSize, checksum: checksum, compressedSize: compressedSize,
                flags: flags)
        }

        /// An entry whose name is these bytes exactly (a NUL, bytes that are not UTF-8).
        package init(
            nameBytes: [UInt8], method: UInt16 = 0, data: [UInt8], uncompressedSize: UInt32? = nil, checksum: UInt32? = nil, compressedSize: UInt32? = nil,
            flags: UInt16 = 0
        ) {
            self.name = nameBytes
            self.method = method
            self.data = data
            self.uncompressedSize = uncompressedSize
            self.checksum = checksum
            self.compressedSize = compressedSize
            self.flags = flags
        }

        /// `contents` deflated (method 8), its sizes and checksum those of `contents`.
        package static func deflated(_ name: String, _ contents: [UInt8]) -> Entry {
            Entry(
                name: name, method: 8, data: CraftedZip.deflate(contents), uncompressedSize: UInt32(contents.count), checksum: CRC32.checksum(contents))
        }
    }

    /// A zip archive of `entries`: local headers and data, then the central directory.
    package static func archive(_ entries: [Entry]) -> [UInt8] {
        var bytes: [UInt8] = []
        var directory: [UInt8] = []
        var patches: [(local: Int, central: Int)] = []
        for entry in entries {
            let name = entry.name
            let offset = bytes.count
            let checksum = entry.checksum ?? CRC32.checksum(entry.data)
            let compressed = entry.compressedSize ?? UInt32(entry.data.count)
            let uncompressed = entry.uncompressedSize ?? UInt32(entry.data.count)
            bytes += le32(0x0403_4b50) + le16(20) + le16(entry.flags) + le16(entry.method) + le32(0) + le32(checksum)
            let localSizes = bytes.count
            bytes += le32(compressed) + le32(uncompressed) + le16(UInt16(name.count)) + le16(0) + name
            bytes += entry.data
            directory += le32(0x0201_4b50) + le16(0x031E) + le16(20) + le16(entry.flags) + le16(entry.method) + le32(0) + le32(checksum)
            let centralSizes = directory.count
            directory += le32(compressed) + le32(uncompressed) + le16(UInt16(name.count)) + le16(0) + le16(0) + le16(0) + le16(0)
            directory += le32(0o100644 << 16) + le32(UInt32(offset)) + name
            if entry.compressedSize == .max { patches.append((localSizes, centralSizes)) }
        }
        let directoryOffset = bytes.count
        bytes += directory
        bytes += le32(0x0605_4b50) + le16(0) + le16(0) + le16(UInt16(entries.count)) + le16(UInt16(entries.count))
        bytes += le32(UInt32(directory.count)) + le32(UInt32(directoryOffset)) + le16(0)
        // An entry whose data runs to the end of the archive: its size known only now.
        for (local, central) in patches {
            let nameLength = Int(bytes[local + 8]) | Int(bytes[local + 9]) << 8
            let size = le32(UInt32(bytes.count - (local + 12 + nameLength)))
            bytes.replaceSubrange(local..<local + 4, with: size)
            bytes.replaceSubrange(directoryOffset + central..<directoryOffset + central + 4, with: size)
        }
        return bytes
    }

    package static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    package static func le32(_ value: UInt32) -> [UInt8] { le16(UInt16(value & 0xFFFF)) + le16(UInt16(value >> 16)) }

    /// A deflate stream that never ends: a stored block, not the last, that claims 65,535
    /// bytes, so it runs on over whatever follows (here the central directory).
    package static let endlessDeflate: [UInt8] = [0x00, 0xFF, 0xFF, 0x00, 0x00] + Array("the start of a photo".utf8)

    /// `bytes` as a raw deflate stream (zlib's `deflate`, no header), as a zip entry holds it.
    package static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        guard deflateInit2_(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { return [] }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))))
        let written = bytes.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { destination in
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.avail_in = uInt(source.count)
                stream.next_out = destination.baseAddress
                stream.avail_out = uInt(destination.count)
                return CLibZ.deflate(&stream, Z_FINISH) == Z_STREAM_END ? destination.count - Int(stream.avail_out) : 0
            }
        }
        return Array(output.prefix(written))
    }
}
