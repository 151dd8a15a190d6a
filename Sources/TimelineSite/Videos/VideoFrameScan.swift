import TimelineContent
import TimelineModel
import TimelineSystem

/// Every frame of a video's first video stream as FFmpeg decodes it, up to the duration limit
/// and a second: the largest. The headers state one size, and a crafted stream switches to
/// larger frames after its first key frame (new parameter sets mid-stream), which a copy would
/// publish and a transcode would decode; so `videos.maxPixels` is kept on what is decoded,
/// before the web video is made.
enum VideoFrameScan {
    /// A problem with its code, or nil when every frame is within `limits`.
    static func check(_ source: SitePath, format: VideoFormat, limits: VideoSettings, run: ChildProcess.Limits) -> VideoTranscoder.Failure? {
        guard let ffprobe = FFmpeg.path(of: .ffprobe) else { return VideoTranscoder.Failure(code: .videoProcessingFailed, message: FFmpeg.missing(.ffprobe)) }
        guard let outcome = ChildProcess.run(ffprobe, arguments: arguments(source.absolute, format: format, limits: limits, run: run), limits: run) else {
            return VideoTranscoder.Failure(code: .videoProcessingFailed, message: "cannot start ffprobe: error \(SystemError.last)")
        }
        if outcome.timedOut { return VideoTranscoder.Failure(code: .brokenVideo, message: "FFmpeg did not decode it within \(run.timeoutSeconds) seconds") }
        if outcome.exceededMemory { return VideoTranscoder.Failure(code: .brokenVideo, message: "FFmpeg could not decode it: \(FFmpeg.overMemory(run))") }
        let messages = String(decoding: outcome.messages, as: UTF8.self)
        // The decoder's own bound (`-max_pixels`) refused a frame far over the limit.
        if messages.contains("max pixel count") {
            return VideoTranscoder.Failure(
                code: .videoTooLarge, message: "a frame FFmpeg decodes is larger than \(limits.maxPixels) pixels (videos.maxPixels in site.json)")
        }
        guard outcome.status == 0 else {
            let reason = FFmpeg.firstMessage(outcome.messages, file: source) ?? "exit status \(outcome.status)"
            return VideoTranscoder.Failure(code: .brokenVideo, message: "FFmpeg could not decode it: \(reason)")
        }
        guard let largest = largestFrame(outcome.output), largest.width * largest.height > limits.maxPixels else { return nil }
        return VideoTranscoder.Failure(
            code: .videoTooLarge,
            message:
                "a frame FFmpeg decodes is \(largest.width)×\(largest.height) pixels, more than the limit of \(limits.maxPixels) (videos.maxPixels in site.json)"
        )
    }

    /// `ffprobe`'s arguments: frames of the first video stream decoded and listed with their
    /// size, up to the duration limit and a second. The decoder itself refuses a frame of more
    /// than about twice the limit (`-max_pixels` counts the width rounded up for alignment), so
    /// that a crafted 16000 × 16000 frame is never allocated.
    static func arguments(_ path: String, format: VideoFormat, limits: VideoSettings, run: ChildProcess.Limits) -> [String] {
        FFmpeg.allocationLimit(run) + ["-v", "error", "-max_pixels", String(decoderBound(limits))] + FFmpeg.input(path, format: format) + [
            "-select_streams", "v:0", "-read_intervals", "%+\(limits.maxDurationSeconds + 1)", "-show_entries", "frame=width,height", "-of", "compact",
        ]
    }

    static func decoderBound(_ limits: VideoSettings) -> Int {
        min(Int(Int32.max), 2 * limits.maxPixels + (1 << 20))
    }

    /// The frame of most pixels in `ffprobe`'s compact listing (`frame|width=32|height=32`).
    static func largestFrame(_ output: [UInt8]) -> PixelSize? {
        var largest: PixelSize?
        for line in String(decoding: output, as: UTF8.self).split(whereSeparator: \.isNewline) where line.hasPrefix("frame|") {
            var width = 0
            var height = 0
            for field in line.split(separator: "|") {
                if field.hasPrefix("width=") { width = Int(field.dropFirst("width=".count)) ?? 0 }
                if field.hasPrefix("height=") { height = Int(field.dropFirst("height=".count)) ?? 0 }
            }
            if width * height > (largest.map { $0.width * $0.height } ?? -1) { largest = PixelSize(width: width, height: height) }
        }
        return largest
    }
}
