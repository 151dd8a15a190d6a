import TimelineContent
import TimelineModel
import TimelineOutput
import TimelineSite
import TimelineTemplates

/// `timeline build --json`: one JSON object on standard output for CI, for a build that
/// succeeded and for one that failed. Documented in docs/ci.md.
public enum BuildReportJSON {
    public static func success(_ report: BuildReport) -> String {
        var json = JSONText()
        json.beginObject()
        json.field("status", "ok")
        json.field("output", report.output)
        json.field("baseURL", report.baseURL)
        json.field("mode", report.files.mode.rawValue)
        json.field("pages", report.pageCount)
        json.key("files")
        json.beginObject()
        json.field("written", report.files.written)
        json.field("unchanged", report.files.unchanged)
        json.field("deleted", report.files.deleted)
        json.endObject()
        json.field("users", report.userCount)
        json.field("posts", report.postCount)
        json.key("images")
        json.beginObject()
        json.field("images", report.images.images)
        json.field("decoded", report.images.decoded)
        json.field("encoded", report.images.encoded)
        json.endObject()
        json.key("videos")
        json.beginObject()
        json.field("videos", report.videos.videos)
        json.field("copied", report.videos.copied)
        json.field("transcoded", report.videos.transcoded)
        json.field("made", report.videos.made)
        json.field("cached", report.videos.cached)
        json.endObject()
        json.key("search")
        json.beginObject()
        json.field("files", report.search.fileCount)
        json.field("bytes", report.search.byteCount)
        json.field("terms", report.search.termCount)
        json.endObject()
        diagnostics(report.warnings, into: &json)
        json.field("seconds", report.seconds)
        json.key("timings")
        json.beginObject()
        for stage in BuildStage.allCases {
            if let seconds = report.timings.seconds[stage] { json.field(stage.rawValue, seconds) }
        }
        json.endObject()
        json.key("peakMemoryBytes")
        json.beginObject()
        for stage in BuildStage.allCases {
            if let bytes = report.timings.peakMemoryBytes[stage] { json.field(stage.rawValue, bytes) }
        }
        json.endObject()
        json.endObject()
        return String(decoding: json.bytes, as: UTF8.self)
    }

    public static func failure(_ failure: BuildFailure) -> String {
        var json = JSONText()
        json.beginObject()
        json.field("status", "failed")
        diagnostics(failure.diagnostics, into: &json)
        json.endObject()
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// `errors` and `warnings`, each a list of `{code, stage, path, line, column, message}`.
    private static func diagnostics(_ all: [Diagnostic], into json: inout JSONText) {
        for (name, severity) in [("errors", Diagnostic.Severity.error), ("warnings", .warning)] {
            json.key(name)
            json.beginArray()
            for diagnostic in all where diagnostic.severity == severity {
                json.beginObject()
                json.field("code", diagnostic.code.rawValue)
                json.field("stage", diagnostic.stage.rawValue)
                json.field("path", diagnostic.location.path)
                if let line = diagnostic.location.line { json.field("line", line) }
                if let column = diagnostic.location.column { json.field("column", column) }
                json.field("message", diagnostic.message)
                json.endObject()
            }
            json.endArray()
        }
    }
}
