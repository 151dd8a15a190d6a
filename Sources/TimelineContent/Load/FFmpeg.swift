import TimelineModel
import TimelineSystem

/// Debian's `ffprobe` and `ffmpeg` commands, run as child processes under limits (see
/// docs/architecture.md, "Video through the FFmpeg commands"), and the options every run over a
/// content file starts with: a video is content, and content may be hostile.
package enum FFmpeg {
    package enum Tool: String, Sendable {
        case ffprobe
        case ffmpeg
    }

    /// The tool's path on the `PATH`, looked up once per run of the program.
    package static func path(of tool: Tool) -> String? {
        tool == .ffprobe ? installedProbe : installedFFmpeg
    }

    private static let installedProbe = ChildProcess.find(Tool.ffprobe.rawValue)
    private static let installedFFmpeg = ChildProcess.find(Tool.ffmpeg.rawValue)

    package static func missing(_ tool: Tool) -> String {
        "videos need FFmpeg's '\(tool.rawValue)' command, which is not on the PATH: install Debian's ffmpeg package (apt-get install ffmpeg; on macOS, brew install ffmpeg)"
    }

    /// The options before `-i` for reading `path`, a content file of `format`: only the file
    /// protocol (no network, no other URL scheme, so nothing the file names is fetched), the
    /// container's own demuxer forced (never a playlist, concat script, HLS or DASH manifest,
    /// whatever the bytes say), MOV's external data references off, then the file itself with
    /// an explicit `file:` so that its name cannot be read as another protocol or an option.
    package static func input(_ path: String, format: VideoFormat) -> [String] {
        var options = ["-protocol_whitelist", "file", "-f", format.demuxer]
        if format.demuxer == "mov" { options += ["-enable_drefs", "0"] }
        return options + ["-i", "file:" + path]
    }

    /// A probe must answer within this (it reads the whole file once, decoding nothing).
    package static let probeLimits = ChildProcess.Limits(timeoutSeconds: 120, memoryBytes: 1 << 30)

    /// FFmpeg's own bound, on every system, before anything else: the largest block it may
    /// allocate at once (`-max_alloc`, a generic option of `ffprobe` and `ffmpeg`), a quarter of
    /// the run's memory limit, so that a crafted size (a frame of 16000 × 16000, a sample of a
    /// gigabyte) fails inside FFmpeg as a read error instead of taking the memory. The child's
    /// memory limit (`ChildProcess`) bounds the sum.
    package static func allocationLimit(_ limits: ChildProcess.Limits) -> [String] {
        ["-max_alloc", String(max(limits.memoryBytes / 4, 1 << 20))]
    }

    /// `ffmpeg`'s arguments for one job under `limits`: FFmpeg's own allocation bound first,
    /// then `input` and `output`.
    package static func jobArguments(_ input: [String], _ output: [String], limits: ChildProcess.Limits) -> [String] {
        allocationLimit(limits) + ["-nostdin", "-v", "error", "-y"] + input + output
    }

    /// The options that make `ffmpeg` report how far it is as `key=value` lines on standard
    /// output, one block at least every half second and one at its end.
    package static let progressOptions = ["-progress", "pipe:1", "-nostats"]

    /// The last `out_time_us=` of FFmpeg's progress lines in `bytes`: how much of the video, in
    /// microseconds, it has written (the furthest end of its output streams).
    package static func lastProgressMicroseconds(_ bytes: [UInt8]) -> Int? {
        String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).reversed().lazy
            .compactMap { line in line.hasPrefix("out_time_us=") ? Int(line.dropFirst("out_time_us=".count)) : nil }.first
    }

    /// Why a run killed for its memory ended, for messages.
    package static func overMemory(_ limits: ChildProcess.Limits) -> String {
        "it took more than \(limits.memoryBytes >> 20) MiB of memory"
    }

    /// The first line FFmpeg wrote at error level, for messages, with the file's absolute
    /// path replaced by the path a person reads.
    package static func firstMessage(_ messages: [UInt8], file: SitePath) -> String? {
        guard var line = String(decoding: messages, as: UTF8.self).split(whereSeparator: \.isNewline).first(where: { !$0.allSatisfy(\.isWhitespace) })
        else { return nil }
        // `[mov,mp4,m4a,3gp,3g2,mj2 @ 0x55a4c31d9540] `: the demuxer and its address, which
        // differs from run to run.
        if line.hasPrefix("["), let end = line.firstIndex(of: "]"), line[..<end].contains(" @ 0x") {
            line = line[line.index(after: end)...].drop { $0 == " " }
        }
        return String(line).replacing("file:" + file.absolute, with: file.shown).replacing(file.absolute, with: file.shown)
    }
}
