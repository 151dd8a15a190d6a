/// The CRC-32 of zip entries and PNG chunks (the reflected polynomial 0xEDB88320), for tests
/// that craft such files byte by byte.
package enum CRC32 {
    package static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
