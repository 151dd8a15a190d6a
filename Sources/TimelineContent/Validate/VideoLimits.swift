import TimelineModel

/// The `videos` limits of site.json, checked at linking against what the probe found (so a
/// limit changed in site.json applies to every video, probed before or not): each video over
/// one is an error where the front matter names it.
package enum VideoLimits {
    package static func check(_ post: Post, settings: VideoSettings, diagnostics: inout DiagnosticList) {
        for photo in post.photos {
            guard let video = photo.video, let problem = problem(video, byteCount: photo.asset.byteCount, settings: settings) else { continue }
            diagnostics.append(.error(.videoTooLarge, stage: .validate, at: video.namedAt, "video '\(photo.asset.fileName)' \(problem)"))
        }
    }

    /// What the video exceeds, or nil.
    static func problem(_ video: VideoDetails, byteCount: Int, settings: VideoSettings) -> String? {
        if video.durationMilliseconds > settings.maxDurationSeconds * 1000 {
            return "lasts \(seconds(video.durationMilliseconds)), more than the limit of \(settings.maxDurationSeconds) s (videos.maxDuration in site.json)"
        }
        let size = video.codedSize
        if size.width * size.height > settings.maxPixels {
            return
                "is \(size.width)×\(size.height) pixels a frame, more than the limit of \(settings.maxPixels) (videos.maxPixels in site.json)"
        }
        if byteCount > settings.maxBytes {
            return "is \(byteCount) bytes, more than the limit of \(settings.maxBytes) (videos.maxBytes in site.json)"
        }
        return nil
    }

    private static func seconds(_ milliseconds: Int) -> String {
        "\(milliseconds / 1000).\(milliseconds % 1000 / 100) s"
    }
}
