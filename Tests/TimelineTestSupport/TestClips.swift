import Foundation

/// Makes test videos with FFmpeg's own test pattern (`testsrc`) and reads them back with
/// `ffprobe`: each test makes the clips it needs in its temporary folder.
package enum TestClips {
    package enum Codec: Sendable {
        /// H.264 in 4:2:0, what a browser plays: published by copying the streams.
        case h264
        /// HEVC: transcoded.
        case hevc
        /// VP9 in WebM: transcoded.
        case vp9
    }

    /// A clip of `seconds` of `testsrc` at `width`×`height`, with a 440 Hz tone when `audio`
    /// (AAC, or Opus in WebM), tagged with a title and a GPS location that publishing must drop;
    /// `rotation` sets the display matrix a phone writes for a clip filmed upright.
    package static func make(
        at path: String, width: Int = 320, height: Int = 240, seconds: Double = 2, codec: Codec = .h264, audio: Bool = true, rotation: Int = 0,
        faststart: Bool = false
    ) throws {
        var arguments = ["-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=\(width)x\(height):rate=25:duration=\(seconds)"]
        if audio { arguments += ["-f", "lavfi", "-i", "sine=frequency=440:duration=\(seconds)"] }
        switch codec {
        case .h264: arguments += ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-preset", "ultrafast"]
        case .hevc: arguments += ["-c:v", "libx265", "-pix_fmt", "yuv420p", "-preset", "ultrafast", "-x265-params", "log-level=error"]
        case .vp9: arguments += ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8"]
        }
        if audio { arguments += codec == .vp9 ? ["-c:a", "libopus"] : ["-c:a", "aac"] }
        arguments += ["-metadata", "title=Secret title", "-metadata", "location=+48.8584+002.2945/"]
        if faststart { arguments += ["-movflags", "+faststart"] }
        guard rotation != 0 else {
            try TestImages.run("ffmpeg", arguments + [path])
            return
        }
        // FFmpeg turns a `rotate` tag into the display matrix only when it copies the streams.
        let unrotated = path + ".unrotated." + (path as NSString).pathExtension
        defer { try? FileManager.default.removeItem(atPath: unrotated) }
        try TestImages.run("ffmpeg", arguments + [unrotated])
        try TestImages.run("ffmpeg", ["-nostdin", "-v", "error", "-y", "-i", unrotated, "-c", "copy", "-metadata:s:v", "rotate=\(rotation)", path])
    }

    /// A whole MP4 of 2 s of `testsrc` at 160×120, no sound, with a subtitle track (mov_text)
    /// of two cues: mov_text stores a track whose stated sample count is one more than ffprobe
    /// reads, which a frame check on every stream took for a clip cut short.
    package static func subtitled(at path: String) throws {
        let clip = path + ".plain.mp4"
        let subtitles = path + ".srt"
        defer { for part in [clip, subtitles] { try? FileManager.default.removeItem(atPath: part) } }
        try make(at: clip, width: 160, height: 120, seconds: 2, audio: false)
        try Data("1\n00:00:00,000 --> 00:00:01,000\nHello\n\n2\n00:00:01,000 --> 00:00:02,000\nWorld\n".utf8)
            .write(to: URL(fileURLWithPath: subtitles))
        try TestImages.run(
            "ffmpeg",
            ["-nostdin", "-v", "error", "-y", "-i", clip, "-i", subtitles, "-map", "0", "-map", "1", "-c", "copy", "-c:s", "mov_text", path])
    }

    /// A clip of `seconds` (`testsrc` at 5 frames a second, no sound) whose movie and media
    /// headers (`mvhd`, `mdhd`) say it lasts `statedSeconds`: the samples, and so what FFmpeg
    /// reads and writes, still last `seconds`.
    package static func lyingDuration(at path: String, seconds: Int, statedSeconds: Int) throws {
        try TestImages.run(
            "ffmpeg",
            [
                "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=32x32:rate=5:duration=\(seconds)", "-c:v", "libx264", "-pix_fmt",
                "yuv420p", "-preset", "ultrafast", path,
            ])
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        func rewrite(from start: Int, to end: Int) {
            var box = start
            while box + 8 <= end, word(box) >= 8 {
                let size = word(box)
                let type = String(decoding: bytes[box + 4..<box + 8], as: UTF8.self)
                // Version 0 headers: version and flags, creation and modification times, the
                // timescale, then the duration in units of it.
                if type == "mvhd" || type == "mdhd" {
                    let duration = word(box + 20) * statedSeconds
                    for index in 0..<4 { bytes[box + 24 + index] = UInt8(truncatingIfNeeded: duration >> (24 - 8 * index)) }
                }
                if ["moov", "trak", "mdia"].contains(type) { rewrite(from: box + 8, to: box + size) }
                box += size
            }
        }
        rewrite(from: 0, to: bytes.count)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// An MP4 of H.264 whose frames are `from` pixels a side for a second, then `to` pixels a
    /// side for a second: two raw streams joined, each starting with its own parameter sets
    /// and key frame, so that the headers (and `ffprobe`) state only the first size.
    package static func resolutionSwitch(at path: String, from: Int, to: Int) throws {
        let parts = [from, to].map { path + ".\($0).h264" }
        defer { for part in parts { try? FileManager.default.removeItem(atPath: part) } }
        for (side, part) in zip([from, to], parts) {
            try TestImages.run(
                "ffmpeg",
                [
                    "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=\(side)x\(side):rate=10:duration=1", "-c:v", "libx264", "-pix_fmt",
                    "yuv420p", "-preset", "ultrafast", "-f", "h264", part,
                ])
        }
        let joined = path + ".joined.h264"
        defer { try? FileManager.default.removeItem(atPath: joined) }
        try Data(try parts.flatMap { try Data(contentsOf: URL(fileURLWithPath: $0)) }).write(to: URL(fileURLWithPath: joined))
        try TestImages.run("ffmpeg", ["-nostdin", "-v", "error", "-y", "-r", "10", "-f", "h264", "-i", joined, "-c", "copy", "-f", "mp4", path])
    }

    /// What `ffprobe` says of a file: its streams' codecs and sizes, its tags, and the rotation.
    package struct Probe: Sendable {
        package let videoCodec: String
        package let audioCodec: String?
        package let width: Int
        package let height: Int
        package let formatTags: [String: String]
        package let rotation: Int?
    }

    package static func probe(_ path: String) throws -> Probe {
        let json = try TestImages.run(
            "ffprobe", ["-v", "error", "-show_entries", "format_tags:stream=codec_type,codec_name,width,height:stream_side_data=rotation", "-of", "json", path])
        let root = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] ?? [:]
        let streams = root["streams"] as? [[String: Any]] ?? []
        let video = streams.first { $0["codec_type"] as? String == "video" } ?? [:]
        let audio = streams.first { $0["codec_type"] as? String == "audio" }
        let sideData = video["side_data_list"] as? [[String: Any]] ?? []
        return Probe(
            videoCodec: video["codec_name"] as? String ?? "", audioCodec: audio?["codec_name"] as? String, width: video["width"] as? Int ?? 0,
            height: video["height"] as? Int ?? 0, formatTags: (root["format"] as? [String: Any])?["tags"] as? [String: String] ?? [:],
            rotation: sideData.compactMap { $0["rotation"] as? Int }.first)
    }
}
