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
        try TestClips.subtitled(at: folder + "/subtitled.mp4")
        let format = try #require(VideoFormat.extensions["mp4"])
        let result = VideoProbe.probe(
            SitePath(absolute: folder + "/subtitled.mp4", shown: "subtitled.mp4"), format: format, namedAt: SourceLocation(path: "post.md"))
        switch result {
        case .success(let details): #expect(details.codedSize == PixelSize(width: 160, height: 120))
        case .failure(let problem): Issue.record("refused: \(problem.code) \(problem.message)")
        }
    }
}
