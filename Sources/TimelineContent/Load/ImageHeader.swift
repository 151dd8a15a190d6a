import TimelineModel

/// Reads an image's format and pixel size from its first bytes, without decoding it. This is
/// how the load stage tells a real photo from a broken or mislabelled file, and how pages get
/// `width` and `height` for every `<img>` (no layout shift).
package struct ImageHeader: Sendable, Equatable {
    package enum Format: String, Sendable {
        case jpeg
        case png
        case webp
        case heif
        case avif

        package var mediaType: String {
            switch self {
            case .jpeg: "image/jpeg"
            case .png: "image/png"
            case .webp: "image/webp"
            case .heif: "image/heic"
            case .avif: "image/avif"
            }
        }

        /// How people name the format: `JPEG`, `WebP`.
        package var name: String {
            switch self {
            case .jpeg: "JPEG"
            case .png: "PNG"
            case .webp: "WebP"
            case .heif: "HEIF"
            case .avif: "AVIF"
            }
        }

        /// The one list of photo formats: each file extension a photo or avatar may have, with
        /// the format its bytes must hold, in the order help and messages list them. The
        /// loader's checks, its messages and `timeline new post --help` come from it;
        /// docs/content-format.md and docs/images.md list the same (a test reads them).
        package static let fileExtensions: KeyValuePairs<String, Format> = [
            "jpg": .jpeg, "jpeg": .jpeg, "png": .png, "webp": .webp, "heic": .heif, "heif": .heif, "avif": .avif,
        ]

        package static let extensions = [String: Format](uniqueKeysWithValues: fileExtensions.map { ($0.key, $0.value) })

        /// `.jpg, .jpeg, .png, .webp, .heic, .heif or .avif`
        package static let extensionList = listed(fileExtensions.map { "." + $0.key }, "or")

        /// `JPEG, PNG, WebP, HEIF or AVIF`
        package static let nameList = listed(
            fileExtensions.reduce(into: [String]()) { names, pair in
                if !names.contains(pair.value.name) { names.append(pair.value.name) }
            }, "or")
    }

    package let format: Format
    package let size: PixelSize

    /// nil when the bytes are not an image of one of the formats whose size could be read.
    package static func read(_ bytes: [UInt8]) -> ImageHeader? {
        if let size = pngSize(bytes) { return ImageHeader(format: .png, size: size) }
        if let size = jpegSize(bytes) { return ImageHeader(format: .jpeg, size: size) }
        if let size = webpSize(bytes) { return ImageHeader(format: .webp, size: size) }
        return isobmffHeader(bytes)
    }

    /// HEIF and AVIF: the brand in `ftyp`, and the largest `ispe` (image spatial extent)
    /// property in `meta/iprp/ipco`, which is the primary image's (the others are thumbnails).
    private static func isobmffHeader(_ bytes: [UInt8]) -> ImageHeader? {
        guard bytes.count >= 16, bytes[4...7].elementsEqual("ftyp".utf8) else { return nil }
        let ftypSize = bigEndian32(bytes, 0)
        guard ftypSize >= 16, ftypSize <= bytes.count else { return nil }
        var brands: [String] = [String(decoding: bytes[8..<12], as: UTF8.self)]
        var offset = 16
        while offset + 4 <= ftypSize {
            brands.append(String(decoding: bytes[offset..<offset + 4], as: UTF8.self))
            offset += 4
        }
        let format: Format
        if brands.contains(where: { $0 == "avif" || $0 == "avis" }) {
            format = .avif
        } else if brands.contains(where: { ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"].contains($0) }) {
            format = .heif
        } else {
            return nil
        }
        var largest: PixelSize?
        func scan(_ start: Int, _ end: Int, depth: Int) {
            var position = start
            while position + 8 <= end, depth < 4 {
                let size = bigEndian32(bytes, position)
                let type = String(decoding: bytes[position + 4..<position + 8], as: UTF8.self)
                guard size >= 8, position + size <= end else { return }
                switch type {
                case "meta": scan(position + 12, position + size, depth: depth + 1)
                case "iprp", "ipco": scan(position + 8, position + size, depth: depth + 1)
                case "ispe" where size >= 20:
                    if let extent = validSize(bigEndian32(bytes, position + 12), bigEndian32(bytes, position + 16)),
                        extent.width * extent.height > (largest.map { $0.width * $0.height } ?? 0)
                    {
                        largest = extent
                    }
                default: break
                }
                position += size
            }
        }
        scan(ftypSize, bytes.count, depth: 0)
        return largest.map { ImageHeader(format: format, size: $0) }
    }

    /// True when `bytes` start like a JPEG whose frame header lies further in.
    static func looksLikeTruncatedJPEG(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF
    }

    private static func bigEndian16(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    private static func bigEndian32(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }

    private static func littleEndian(_ bytes: [UInt8], _ offset: Int, count: Int) -> Int {
        (0..<count).reduce(0) { value, index in value | Int(bytes[offset + index]) << (8 * index) }
    }

    private static func validSize(_ width: Int, _ height: Int) -> PixelSize? {
        guard width > 0, height > 0, width <= 65_535 * 4, height <= 65_535 * 4 else { return nil }
        return PixelSize(width: width, height: height)
    }

    private static func pngSize(_ bytes: [UInt8]) -> PixelSize? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature,
            Array(bytes[12..<16]) == Array("IHDR".utf8)
        else { return nil }
        return validSize(bigEndian32(bytes, 16), bigEndian32(bytes, 20))
    }

    private static func jpegSize(_ bytes: [UInt8]) -> PixelSize? {
        guard looksLikeTruncatedJPEG(bytes) else { return nil }
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF {
                offset += 1
                continue
            }
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) {
                offset += 2
                continue
            }
            let length = bigEndian16(bytes, offset + 2)
            guard length >= 2 else { return nil }
            let isStartOfFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isStartOfFrame {
                guard offset + 9 <= bytes.count else { return nil }
                return validSize(bigEndian16(bytes, offset + 7), bigEndian16(bytes, offset + 5))
            }
            if marker == 0xD9 || marker == 0xDA { return nil }
            offset += 2 + length
        }
        return nil
    }

    private static func webpSize(_ bytes: [UInt8]) -> PixelSize? {
        guard bytes.count >= 30, Array(bytes[0..<4]) == Array("RIFF".utf8), Array(bytes[8..<12]) == Array("WEBP".utf8)
        else { return nil }
        let chunk = String(decoding: bytes[12..<16], as: UTF8.self)
        switch chunk {
        case "VP8 ":
            guard bytes[23] == 0x9D, bytes[24] == 0x01, bytes[25] == 0x2A else { return nil }
            return validSize(littleEndian(bytes, 26, count: 2) & 0x3FFF, littleEndian(bytes, 28, count: 2) & 0x3FFF)
        case "VP8L":
            guard bytes[20] == 0x2F else { return nil }
            let bits = littleEndian(bytes, 21, count: 4)
            return validSize((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            return validSize(littleEndian(bytes, 24, count: 3) + 1, littleEndian(bytes, 27, count: 3) + 1)
        default:
            return nil
        }
    }
}
