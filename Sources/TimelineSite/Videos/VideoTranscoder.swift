import Synchronization
import TimelineContent
import TimelineModel
import TimelineSystem

/// Runs `ffmpeg` for one video: the published MP4 from the source, then the poster frame from
/// that MP4 (so the poster is upright and the size of the video), each into a temporary file
/// renamed into the cache when whole. Each run is a child process with a timeout and a memory
/// limit, reading nothing but the one file (`FFmpeg.input`).
struct VideoTranscoder: Sendable {
    let ffmpeg: String
    let cache: VideoCache

    struct Failure: Error, Sendable {
        let code: DiagnosticCode
        let message: String
    }

    /// Address space for one job: x264 at 1080p needs a few hundred MiB, and each of FFmpeg's
    /// threads reserves its own stack and malloc arena.
    static let memoryLimit = 4 << 30

    /// Two minutes, and thirty seconds for each second of video (a 4K HEVC source on two slow cores).
    static func timeout(_ video: VideoDetails) -> Int {
        120 + 30 * (video.durationMilliseconds + 999) / 1000
    }

    /// The poster is the frame one second in, or half-way through a shorter clip, past the
    /// black or blurred first frame many phone clips start with.
    static func posterTime(_ video: VideoDetails) -> String {
        "\(min(1000, video.durationMilliseconds / 2))ms"
    }

    /// Makes the MP4 and poster of `key` unless the cache holds both; `progress` gets the share
    /// of the video done, from 0 to 1, while a transcode runs. `limits` are kept on what FFmpeg
    /// decodes and writes, whatever the source's headers said: every decoded frame within
    /// `maxPixels` (`VideoFrameScan`), and the web video cut at `maxDuration` and a second and
    /// refused when it reaches past `maxDuration`.
    func make(
        _ plan: VideoPlan, key: String, source: SitePath, format: VideoFormat, video: VideoDetails, limits: VideoSettings,
        progress: @escaping @Sendable (Double) -> Void
    ) throws(Failure) -> Bool {
        let videoFile = cache.videoFile(forKey: key)
        let posterFile = cache.posterFile(forKey: key)
        var worked = false
        if cache.byteCount(of: videoFile) == nil {
            if let problem = VideoFrameScan.check(source, format: format, limits: limits, run: jobLimits(video)) { throw problem }
            let arguments = FFmpeg.input(source.absolute, format: format) + FFmpeg.progressOptions
            let output = ["-t", String(limits.maxDurationSeconds + 1)] + plan.arguments(output: videoFile + Self.partSuffix)
            let written = Mutex(0)
            try run(arguments, output, into: videoFile, source: source, video: video) { bytes in
                guard let done = FFmpeg.lastProgressMicroseconds(bytes) else { return }
                written.withLock { $0 = max($0, done) }
                progress(min(1, Double(done) / 1000 / Double(max(1, video.durationMilliseconds))))
            } accept: { () throws(Failure) in
                let microseconds = written.withLock { $0 }
                // Half a second of slack: a sound stream may end a few milliseconds after the
                // video, and a source over the limit reaches the cut, a second past it.
                guard microseconds > limits.maxDurationSeconds * 1_000_000 + 500_000 else { return }
                throw Failure(
                    code: .videoTooLarge,
                    message:
                        "FFmpeg read more than \(limits.maxDurationSeconds) s of it (videos.maxDuration in site.json), whatever its headers say; it was cut at \(microseconds / 1_000_000) s and not published"
                )
            }
            worked = true
        }
        if cache.byteCount(of: posterFile) == nil {
            let arguments =
                FFmpeg.input(videoFile, format: .mp4) + [
                    "-ss", Self.posterTime(video), "-map", "0:v:0", "-frames:v", "1", "-fflags", "+bitexact", "-flags:v", "+bitexact", "-c:v", "png",
                    "-f", "image2", "-update", "1", "file:" + posterFile + Self.partSuffix,
                ]
            try run(arguments, [], into: posterFile, source: source, video: video, onOutput: nil) {}
            worked = true
        }
        return worked
    }

    /// A job's file until it is whole; never taken for the file itself.
    static var partSuffix: String { ".part-\(CurrentProcess.id)" }

    /// The limits of one FFmpeg run over `video`.
    func jobLimits(_ video: VideoDetails) -> ChildProcess.Limits {
        ChildProcess.Limits(timeoutSeconds: Self.timeout(video), memoryBytes: Self.memoryLimit)
    }

    /// Runs one job into `file`'s temporary name, and renames it into place when it succeeded
    /// and `accept` takes what it wrote.
    private func run(
        _ input: [String], _ output: [String], into file: String, source: SitePath, video: VideoDetails, onOutput: (@Sendable ([UInt8]) -> Void)?,
        accept: () throws(Failure) -> Void
    ) throws(Failure) {
        let partial = file + Self.partSuffix
        do {
            try FileSystem.makeDirectories(Path.parent(of: file))
        } catch {
            throw Failure(code: .imageCacheError, message: "cannot make the video cache folder: \(error.description)")
        }
        let limits = jobLimits(video)
        let outcome = ChildProcess.run(ffmpeg, arguments: FFmpeg.jobArguments(input, output, limits: limits), limits: limits, onOutput: onOutput)
        guard let outcome, outcome.succeeded else {
            try? FileSystem.removeFileIfPresent(partial)
            let reason =
                outcome.map {
                    if $0.timedOut { return "it did not finish within \(limits.timeoutSeconds) seconds" }
                    if $0.exceededMemory { return FFmpeg.overMemory(limits) }
                    return FFmpeg.firstMessage($0.messages, file: source) ?? "exit status \($0.status)"
                }
                ?? "cannot start ffmpeg: error \(SystemError.last)"
            throw Failure(code: outcome == nil ? .videoProcessingFailed : .brokenVideo, message: "FFmpeg could not make the web video: \(reason)")
        }
        do throws(Failure) {
            try accept()
        } catch {
            try? FileSystem.removeFileIfPresent(partial)
            throw error
        }
        do {
            try FileSystem.rename(partial, to: file)
        } catch {
            throw Failure(code: .imageCacheError, message: "cannot store the web video in the cache: \(error.description)")
        }
    }
}
