import TimelineModel

/// The one list of video formats a post may hold, beside the photo formats
/// (`ImageHeader.Format`): each file extension with the container its bytes must be, which
/// FFmpeg demuxer alone may read it, and how people name it. The loader's checks, its messages
/// and `timeline new post --help` come from it; docs/content-format.md and docs/video.md list
/// the same.
package enum VideoFormat: String, Sendable, CaseIterable {
    case mp4
    case quickTime
    case webm

    package static let fileExtensions: KeyValuePairs<String, VideoFormat> = ["mp4": .mp4, "mov": .quickTime, "m4v": .mp4, "webm": .webm]

    package static let extensions = [String: VideoFormat](uniqueKeysWithValues: fileExtensions.map { ($0.key, $0.value) })

    /// `.mp4, .mov, .m4v or .webm`
    package static let extensionList = listed(fileExtensions.map { "." + $0.key }, "or")

    package var mediaType: String {
        switch self {
        case .mp4: "video/mp4"
        case .quickTime: "video/quicktime"
        case .webm: "video/webm"
        }
    }

    package var name: String {
        switch self {
        case .mp4: "MP4"
        case .quickTime: "QuickTime"
        case .webm: "WebM"
        }
    }

    /// The FFmpeg demuxer forced for the file (`-f`), so that FFmpeg never guesses a format
    /// from the bytes: a playlist or concat script named `.mp4` is read as MP4 and fails.
    package var demuxer: String {
        switch self {
        case .mp4, .quickTime: "mov"
        case .webm: "matroska"
        }
    }

    /// The format name ffprobe reports for that demuxer; any other is refused.
    package var probedFormatName: String {
        switch self {
        case .mp4, .quickTime: "mov,mp4,m4a,3gp,3g2,mj2"
        case .webm: "matroska,webm"
        }
    }

    /// Whether `bytes`, a file's first bytes, start like this container: an ISO base media
    /// box (`ftyp`, or for old QuickTime files `moov`, `mdat`, `wide`, `free`, `skip`) or the
    /// EBML header of Matroska and WebM.
    package func matches(_ bytes: [UInt8]) -> Bool {
        switch self {
        case .mp4, .quickTime:
            guard bytes.count >= 8 else { return false }
            let type = String(decoding: bytes[4..<8], as: UTF8.self)
            return type == "ftyp" || (self == .quickTime && ["moov", "mdat", "wide", "free", "skip"].contains(type))
        case .webm:
            return bytes.starts(with: [0x1A, 0x45, 0xDF, 0xA3])
        }
    }
}
