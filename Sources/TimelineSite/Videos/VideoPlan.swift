import TimelineContent
import TimelineModel
import TimelineSystem

/// What to publish for one video: the source's streams copied into a fresh MP4 when they
/// already are what every browser plays (H.264 in 4:2:0, AAC or no sound, upright, small
/// enough), else a transcode to H.264 and AAC at the output size. Either way every metadata
/// field (GPS included), chapter, data and subtitle stream is dropped.
package struct VideoPlan: Sendable, Hashable {
    package enum Mode: String, Sendable, Hashable {
        case copy
        case transcode
    }

    package let mode: Mode
    /// The published size, rotation applied, both sides even.
    package let size: PixelSize
    /// Whether the source has sound to keep.
    let hasAudio: Bool
    /// Channels above stereo are mixed down.
    let downmix: Bool

    /// Bumped whenever the commands change in a way that changes output bytes.
    static let pipelineVersion = "timeline-video-1"
    /// x264's speed and quality: its defaults, fixed here so that the output does not depend
    /// on FFmpeg's.
    static let preset = "medium"
    static let quality = 23
    static let audioBitrate = "128k"
    /// x264's output depends on its thread count, so it is fixed rather than one per core.
    static let encoderThreads = 2

    package static func make(_ video: VideoDetails, settings: VideoSettings) -> VideoPlan {
        let display = video.displaySize
        let size = outputSize(display, shortSideLimit: settings.maxHeight)
        let copyable =
            video.container == VideoFormat.mp4.probedFormatName && video.videoCodec == "h264" && video.pixelFormat == "yuv420p"
            && video.rotation == 0 && (video.audioCodec == nil || video.audioCodec == "aac") && video.audioChannels <= 2 && size == display
        return VideoPlan(mode: copyable ? .copy : .transcode, size: size, hasAudio: video.audioCodec != nil, downmix: video.audioChannels > 2)
    }

    /// The display size scaled so that its shorter side (a landscape clip's height, a portrait
    /// one's width) is at most `shortSideLimit`, never enlarged, each side rounded to even.
    static func outputSize(_ display: PixelSize, shortSideLimit: Int) -> PixelSize {
        let short = min(display.width, display.height)
        guard short > shortSideLimit else { return PixelSize(width: even(display.width), height: even(display.height)) }
        func scaled(_ side: Int) -> Int { even((side * shortSideLimit + short / 2) / short) }
        return PixelSize(width: scaled(display.width), height: scaled(display.height))
    }

    private static func even(_ side: Int) -> Int { max(2, side - side % 2) }

    /// Everything that shapes the published bytes, FFmpeg's own version included.
    func recipe(ffmpegVersion: String) -> String {
        var parts = [Self.pipelineVersion, ffmpegVersion, mode.rawValue, "\(size.width)x\(size.height)"]
        if mode == .transcode {
            parts += [
                "x264 \(Self.preset) crf\(Self.quality) threads\(Self.encoderThreads)",
                hasAudio ? "aac \(Self.audioBitrate)\(downmix ? " stereo" : "")" : "silent",
            ]
        }
        return parts.joined(separator: " ")
    }

    /// The cache key of the video and its poster: the source's content identity and the recipe.
    package func key(source identity: Digest, ffmpegVersion: String) -> String {
        ContentHash.of("\(identity) \(recipe(ffmpegVersion: ffmpegVersion))")
    }

    /// `ffmpeg`'s arguments after the input options, writing the MP4 to `output`.
    func arguments(output: String) -> [String] {
        var arguments = ["-map", "0:v:0"] + (hasAudio ? ["-map", "0:a:0"] : [])
        switch mode {
        case .copy:
            arguments += ["-c", "copy"]
        case .transcode:
            arguments += [
                "-vf", "scale=\(size.width):\(size.height):flags=bicubic,setsar=1,format=yuv420p",
                "-c:v", "libx264", "-preset", Self.preset, "-crf", String(Self.quality), "-profile:v", "high", "-threads", String(Self.encoderThreads),
            ]
            if hasAudio { arguments += ["-c:a", "aac", "-b:a", Self.audioBitrate] + (downmix ? ["-ac", "2"] : []) }
        }
        return arguments + [
            "-dn", "-sn", "-map_metadata", "-1", "-map_chapters", "-1", "-fflags", "+bitexact", "-flags:v", "+bitexact", "-flags:a", "+bitexact",
            "-movflags", "+faststart", "-f", "mp4", "file:" + output,
        ]
    }
}
