import TimelineModel
import TimelineSite

/// What a build made, as its report gives it: the counts, the warnings and the statistics of the
/// images and search stages, apart from how this run went (its time, its mode, what it wrote).
/// Kept with the input snapshot, so that a build with nothing to do reports them again: a no-op
/// build in CI shows (and under `--strict` fails on) the same warnings.
struct BuildFacts: Sendable {
    var pageCount: Int
    var fileCount: Int
    var userCount: Int
    var postCount: Int
    var basePath: String
    /// Nil when the site has none: the build then skipped what needs absolute URLs.
    var baseURL: String?
    var warnings: [Diagnostic]
    var images: ImagePipeline.Statistics
    var search: SearchIndex.Statistics

    func encode(into writer: inout ByteWriter) {
        for number in [
            pageCount, fileCount, userCount, postCount, images.images, search.fileCount, search.byteCount, search.termCount, search.chunkCount,
            search.tailCount,
        ] {
            writer.number(number)
        }
        writer.string(basePath)
        writer.number(baseURL == nil ? 0 : 1)
        if let baseURL { writer.string(baseURL) }
        writer.number(warnings.count)
        for warning in warnings {
            writer.string(warning.severity.rawValue)
            writer.string(warning.code.rawValue)
            writer.string(warning.stage.rawValue)
            writer.string(warning.location.path)
            writer.number(warning.location.line ?? 0)
            writer.number(warning.location.column ?? 0)
            writer.string(warning.message)
        }
    }

    static func decode(from reader: inout ByteReader) throws(ByteReader.Malformed) -> BuildFacts {
        var numbers: [Int] = []
        for _ in 0..<10 { numbers.append(try reader.count(limit: Int.max)) }
        let basePath = try reader.string()
        let baseURL = try reader.count(limit: 1) == 1 ? try reader.string() : nil
        var warnings: [Diagnostic] = []
        for _ in 0..<(try reader.count()) {
            guard let severity = Diagnostic.Severity(rawValue: try reader.string()), let code = DiagnosticCode(rawValue: try reader.string()),
                let stage = BuildStage(rawValue: try reader.string())
            else { throw ByteReader.Malformed() }
            let path = try reader.string()
            let line = try reader.count()
            let column = try reader.count()
            let location = SourceLocation(path: path, line: line == 0 ? nil : line, column: column == 0 ? nil : column)
            warnings.append(Diagnostic(severity, code, stage: stage, at: location, try reader.string()))
        }
        var images = ImagePipeline.Statistics()
        images.images = numbers[4]
        let search = SearchIndex.Statistics(fileCount: numbers[5], byteCount: numbers[6], termCount: numbers[7], chunkCount: numbers[8], tailCount: numbers[9])
        return BuildFacts(
            pageCount: numbers[0], fileCount: numbers[1], userCount: numbers[2], postCount: numbers[3], basePath: basePath, baseURL: baseURL,
            warnings: warnings, images: images,
            search: search)
    }
}
