import TimelineModel
import TimelineSystem

/// Reads a video file once with `ffprobe` (JSON), demuxing it to its end without decoding:
/// what it holds (container, streams, codecs, size, rotation, duration), and whether it is
/// whole. A file that is no video of its format, or that is cut short or corrupt, is a problem
/// with its own code.
package enum VideoProbe {
    package struct Problem: Error, Sendable {
        package let code: DiagnosticCode
        package let message: String

        package init(code: DiagnosticCode, message: String) {
            self.code = code
            self.message = message
        }
    }

    /// `file` of `format`, named in the front matter at `namedAt`.
    package static func probe(_ file: SitePath, format: VideoFormat, namedAt: SourceLocation) -> Result<VideoDetails, Problem> {
        guard let ffprobe = FFmpeg.path(of: .ffprobe) else { return .failure(Problem(code: .videoProcessingFailed, message: FFmpeg.missing(.ffprobe))) }
        guard let outcome = ChildProcess.run(ffprobe, arguments: arguments(file.absolute, format: format), limits: FFmpeg.probeLimits) else {
            return .failure(Problem(code: .videoProcessingFailed, message: "cannot start ffprobe: error \(SystemError.last)"))
        }
        let reason = FFmpeg.firstMessage(outcome.messages, file: file)
        if outcome.timedOut {
            return .failure(Problem(code: .brokenVideo, message: "ffprobe did not finish reading it within \(FFmpeg.probeLimits.timeoutSeconds) seconds"))
        }
        if outcome.exceededMemory {
            return .failure(Problem(code: .brokenVideo, message: "ffprobe could not read it: \(FFmpeg.overMemory(FFmpeg.probeLimits))"))
        }
        guard outcome.status == 0, let json = try? JSONParser.parse(outcome.output) else {
            return .failure(Problem(code: .brokenVideo, message: "FFmpeg cannot read it as \(format.name) video" + (reason.map { ": \($0)" } ?? "")))
        }
        return details(json, format: format, namedAt: namedAt, warning: reason).flatMap { details in
            readDuration(file, format: format).map { details.lasting(atLeast: $0) }
        }
    }

    /// How long the video lasts as FFmpeg reads it, in milliseconds: its first video and sound
    /// streams copied, undecoded, to nowhere, to the end of the furthest. The headers' duration
    /// (`mvhd`, `mdhd`) is what a file says of itself, and a crafted one says 1 s of ten hours
    /// of frames, which FFmpeg would read and publish whole.
    static func readDuration(_ file: SitePath, format: VideoFormat) -> Result<Int, Problem> {
        guard let ffmpeg = FFmpeg.path(of: .ffmpeg) else { return .failure(Problem(code: .videoProcessingFailed, message: FFmpeg.missing(.ffmpeg))) }
        let output = ["-map", "0:v:0", "-map", "0:a:0?", "-c", "copy", "-f", "null", "-"] + FFmpeg.progressOptions
        let arguments = FFmpeg.jobArguments(FFmpeg.input(file.absolute, format: format), output, limits: FFmpeg.probeLimits)
        guard let outcome = ChildProcess.run(ffmpeg, arguments: arguments, limits: FFmpeg.probeLimits) else {
            return .failure(Problem(code: .videoProcessingFailed, message: "cannot start ffmpeg: error \(SystemError.last)"))
        }
        if outcome.timedOut {
            return .failure(Problem(code: .brokenVideo, message: "ffmpeg did not finish reading it within \(FFmpeg.probeLimits.timeoutSeconds) seconds"))
        }
        guard outcome.succeeded, let microseconds = FFmpeg.lastProgressMicroseconds(outcome.output) else {
            let reason = outcome.exceededMemory ? FFmpeg.overMemory(FFmpeg.probeLimits) : FFmpeg.firstMessage(outcome.messages, file: file)
            return .failure(Problem(code: .brokenVideo, message: "FFmpeg cannot read it to its end" + (reason.map { ": \($0)" } ?? "")))
        }
        return .success(max(0, microseconds) / 1000)
    }

    /// `ffprobe`'s arguments for the file at the absolute `path`.
    package static func arguments(_ path: String, format: VideoFormat) -> [String] {
        FFmpeg.allocationLimit(FFmpeg.probeLimits) + ["-v", "error", "-count_packets"] + FFmpeg.input(path, format: format) + [
            "-show_entries",
            "format=format_name,duration:stream=index,codec_type,codec_name,pix_fmt,width,height,channels,nb_frames,nb_read_packets:stream_side_data=rotation",
            "-of", "json",
        ]
    }

    /// The probe's JSON as details, or why the file is not a whole video.
    static func details(_ json: ContentValue, format: VideoFormat, namedAt: SourceLocation, warning: String?) -> Result<VideoDetails, Problem> {
        let formatName = json["format"]?["format_name"]?.text
        guard formatName == format.probedFormatName else {
            return .failure(Problem(code: .notAVideo, message: "FFmpeg reads it as '\(formatName ?? "nothing")', not as \(format.name) video"))
        }
        let streams = json["streams"]?.items ?? []
        guard let video = streams.first(where: { $0["codec_type"]?.text == "video" }),
            let width = video["width"]?.integer, let height = video["height"]?.integer, width > 0, height > 0,
            let codec = video["codec_name"]?.text
        else {
            return .failure(Problem(code: .notAVideo, message: "it holds no video stream"))
        }
        if let warning {
            return .failure(Problem(code: .brokenVideo, message: "it is cut short or corrupt: \(warning)"))
        }
        // MP4 states each stream's frame count up front: a file cut short reads fewer packets.
        // Only video streams count: a subtitle track (mov_text) may state a sample more than
        // it stores in a whole file.
        for stream in streams where stream["codec_type"]?.text == "video" {
            if let stated = stream["nb_frames"]?.integer, let read = stream["nb_read_packets"]?.integer, read < stated {
                return .failure(Problem(code: .brokenVideo, message: "it is cut short: \(read) of its \(stated) frames are there"))
            }
        }
        guard let seconds = json["format"]?["duration"]?.text.flatMap(Double.init), seconds > 0, seconds.isFinite else {
            return .failure(Problem(code: .brokenVideo, message: "it has no duration"))
        }
        let audio = streams.first { $0["codec_type"]?.text == "audio" }
        let rotation = video["side_data_list"]?.items?.compactMap { $0["rotation"]?.integer }.first ?? 0
        return .success(
            VideoDetails(
                container: format.probedFormatName, durationMilliseconds: Int((seconds * 1000).rounded()), codedSize: PixelSize(width: width, height: height),
                rotation: ((rotation % 360) + 360) % 360, videoCodec: codec, pixelFormat: video["pix_fmt"]?.text ?? "",
                audioCodec: audio?["codec_name"]?.text, audioChannels: audio?["channels"]?.integer ?? 0, namedAt: namedAt))
    }
}

extension ContentValue {
    fileprivate subscript(key: String) -> ContentValue? {
        guard case .object(let members) = kind else { return nil }
        return members.first { $0.key == key }?.value
    }

    fileprivate var text: String? {
        switch kind {
        case .string(let text), .number(let text): text
        default: nil
        }
    }

    fileprivate var integer: Int? { text.flatMap { Int($0) } }

    fileprivate var items: [ContentValue]? {
        guard case .array(let items) = kind else { return nil }
        return items
    }
}

extension VideoDetails {
    /// The same video, lasting `milliseconds` when FFmpeg reads more of it than its headers say.
    fileprivate func lasting(atLeast milliseconds: Int) -> VideoDetails {
        guard milliseconds > durationMilliseconds else { return self }
        return VideoDetails(
            container: container, durationMilliseconds: milliseconds, codedSize: codedSize, rotation: rotation, videoCodec: videoCodec,
            pixelFormat: pixelFormat, audioCodec: audioCodec, audioChannels: audioChannels, namedAt: namedAt)
    }
}
