import CVipsSupport
import TimelineContent
import TimelineModel
import TimelineSystem
import TimelineTemplates

/// A decoded image held in memory by libvips. It lives inside one task and is freed as soon
/// as that task is done with it, so memory stays bounded by the number of cores.
package final class DecodedImage {
    package struct Failure: Error {
        package let message: String

        /// libvips' error text for the call that just failed, tidied to one line.
        static func fromVips(_ fallback: String) -> Failure {
            guard let raw = timeline_vips_take_error() else { return Failure(message: fallback) }
            defer { CMemory.free(raw) }
            let lines = String(cString: raw).split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            let text = lines.filter { !$0.isEmpty }.joined(separator: "; ")
            return Failure(message: text.isEmpty ? fallback : text)
        }
    }

    package struct Header {
        let width: Int
        let height: Int
        let orientation: Int

        /// The size once the EXIF orientation is applied: orientations 5–8 turn it a quarter.
        var uprightSize: PixelSize {
            (5...8).contains(orientation) ? PixelSize(width: height, height: width) : PixelSize(width: width, height: height)
        }
    }

    private let handle: OpaquePointer

    private init(_ handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        timeline_image_free(handle)
    }

    package static func start() throws(Failure) {
        guard timeline_vips_start() == 0 else { throw .fromVips("libvips could not start") }
    }

    static func probe(_ path: String) throws(Failure) -> Header {
        var header = timeline_image_header()
        guard timeline_image_probe(path, &header) == 0 else { throw .fromVips("not an image libvips can read") }
        return Header(width: Int(header.width), height: Int(header.height), orientation: Int(header.orientation))
    }

    /// The header, and the metadata strings named by `names` as libvips writes them (nil for
    /// each field the image lacks). Reads no pixels, and no field but those named.
    static func probe(_ path: String, strings names: [String]) throws(Failure) -> (header: Header, strings: [String?]) {
        var header = timeline_image_header()
        var values = [UnsafeMutablePointer<CChar>?](repeating: nil, count: names.count)
        let status = CMemory.withCStrings(names) { copies in
            copies.withUnsafeBufferPointer { namePointers in
                values.withUnsafeMutableBufferPointer { valuePointers in
                    timeline_image_probe_strings(path, &header, namePointers.baseAddress, Int32(names.count), valuePointers.baseAddress)
                }
            }
        }
        defer { for value in values { CMemory.free(value) } }
        guard status == 0 else { throw .fromVips("not an image libvips can read") }
        let strings = values.map { $0.map { String(cString: $0) } }
        return (Header(width: Int(header.width), height: Int(header.height), orientation: Int(header.orientation)), strings)
    }

    /// Decodes upright, in sRGB, at most `maxWidth` wide.
    package static func load(_ path: String, maxWidth: Int) throws(Failure) -> DecodedImage {
        guard let handle = timeline_image_load(path, Int32(clamping: maxWidth)) else { throw .fromVips("cannot decode the image") }
        return DecodedImage(handle)
    }

    package var size: PixelSize {
        PixelSize(width: Int(timeline_image_width(handle)), height: Int(timeline_image_height(handle)))
    }

    func resized(toWidth width: Int) throws(Failure) -> DecodedImage {
        guard let resized = timeline_image_resize(handle, Int32(clamping: width)) else { throw .fromVips("cannot resize the image") }
        return DecodedImage(resized)
    }

    func square(side: Int) throws(Failure) -> DecodedImage {
        guard let square = timeline_image_square(handle, Int32(clamping: side)) else { throw .fromVips("cannot crop the image") }
        return DecodedImage(square)
    }

    /// `#rrggbb`.
    func meanColor() throws(Failure) -> String {
        var rgb: (UInt8, UInt8, UInt8) = (0, 0, 0)
        let status = withUnsafeMutableBytes(of: &rgb) { buffer in
            timeline_image_mean_rgb(handle, buffer.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        guard status == 0 else { throw .fromVips("cannot measure the image's colour") }
        return "#"
            + [rgb.0, rgb.1, rgb.2].map { byte in
                let digits = String(byte, radix: 16)
                return digits.count == 1 ? "0" + digits : digits
            }.joined()
    }

    package func encoded(as format: ImageFormat, quality: Int, keepCameraData: Bool) throws(Failure) -> [UInt8] {
        var bytes: UnsafeMutablePointer<UInt8>?
        var length = 0
        let codecFormat = format == .jpeg ? TIMELINE_FORMAT_JPEG : TIMELINE_FORMAT_WEBP
        guard timeline_image_encode(handle, codecFormat, Int32(quality), keepCameraData ? 1 : 0, &bytes, &length) == 0, let bytes
        else { throw .fromVips("cannot encode \(format.rawValue.uppercased())") }
        defer { timeline_buffer_free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }
}
