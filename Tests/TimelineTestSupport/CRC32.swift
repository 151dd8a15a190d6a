import CLibZ

/// The CRC-32 of zip entries and PNG chunks (the reflected polynomial 0xEDB88320), for tests
/// that craft such files byte by byte: zlib's, fast enough for the corpus's 64 MiB entries.
package enum CRC32 {
    package static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { UInt32(truncatingIfNeeded: crc32(0, $0.baseAddress, uInt($0.count))) }
    }
}
