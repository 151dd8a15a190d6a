import Foundation
import Testing
import TimelineModel
import TimelineSystem
import TimelineTestSupport

@testable import TimelineContent

/// `VideoProbe` on clips FFmpeg makes here.
@Suite("Video probe")
struct VideoProbeTests {
    @Test("a whole MP4 with a subtitle track is a video: only video streams are checked for frames cut off")
    func subtitleTrack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-probe-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestClips.make(at: folder + "/clip.mp4", width: 160, height: 120, seconds: 2, audio: false)
        try Data("1\n00:00:00,000 --> 00:00:01,000\nHello\n\n2\n00:00:01,000 --> 00:00:02,000\nWorld\n".utf8)
            .write(to: URL(fileURLWithPath: folder + "/subtitles.srt"))
        // mov_text stores a subtitle track whose stated sample count is one more than ffprobe reads.
        _ = try TestImages.run(
            "ffmpeg",
            [
                "-nostdin", "-v", "error", "-y", "-i", folder + "/clip.mp4", "-i", folder + "/subtitles.srt", "-map", "0", "-map", "1", "-c", "copy", "-c:s",
                "mov_text", folder + "/subtitled.mp4",
            ])
        let format = try #require(VideoFormat.extensions["mp4"])
        let result = VideoProbe.probe(
            SitePath(absolute: folder + "/subtitled.mp4", shown: "subtitled.mp4"), format: format, namedAt: SourceLocation(path: "post.md"))
        switch result {
        case .success(let details): #expect(details.codedSize == PixelSize(width: 160, height: 120))
        case .failure(let problem): Issue.record("refused: \(problem.code) \(problem.message)")
        }
    }
}
