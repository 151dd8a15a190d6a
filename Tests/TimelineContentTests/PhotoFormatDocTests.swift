import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineContent

/// The photo formats the docs list are those of the one list in code
/// (`ImageHeader.Format.fileExtensions`), which help and error messages are made from.
@Suite("Photo format docs")
struct PhotoFormatDocTests {
    /// The constant's extensions, and others a list of photo formats might wrongly name.
    static let listed = ImageHeader.Format.fileExtensions.map(\.key)
    static let recognized = Set(listed + ["gif", "tif", "tiff", "bmp", "jxl"])

    /// Each run of photo extensions the text lists (`.jpg`, `.jpeg` or `.png`; `.jpg`/`.png`),
    /// as the extensions in their order. A file name such as `rocket.jpg` is no run.
    static func extensionRuns(in text: String) -> [[String]] {
        var runs: [[String]] = []
        var current: [String] = []
        for word in text.replacingOccurrences(of: "`", with: "").split(whereSeparator: \.isWhitespace) {
            let trimmed = String(word.drop { $0 == "(" }.reversed().drop { "),;:.".contains($0) }.reversed())
            let pieces = trimmed.split(separator: "/")
            let extensions = pieces.compactMap { piece -> String? in
                guard piece.hasPrefix("."), recognized.contains(String(piece.dropFirst())) else { return nil }
                return String(piece.dropFirst())
            }
            if !extensions.isEmpty, extensions.count == pieces.count {
                current += extensions
            } else if word != "or" && !current.isEmpty {
                runs.append(current)
                current = []
            }
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }

    @Test("docs/content-format.md and docs/images.md list exactly the photo formats of the constant", arguments: ["content-format.md", "images.md"])
    func docsListTheFormats(file: String) throws {
        let text = try String(contentsOfFile: RepositoryPaths.root + "/docs/" + file, encoding: .utf8)
        let runs = Self.extensionRuns(in: text)
        #expect(!runs.isEmpty, "docs/\(file) lists no photo formats")
        for run in runs {
            #expect(run == Self.listed, "docs/\(file) lists \(run.map { "." + $0 }), not \(ImageHeader.Format.extensionList)")
        }
        #expect(text.contains(ImageHeader.Format.nameList), "docs/\(file) should name the formats: \(ImageHeader.Format.nameList)")
    }

    @Test("lists of extensions are found in prose, file names are not")
    func extensionRunsInProse() {
        #expect(ImageHeader.Format.nameList == "JPEG, PNG, WebP, HEIF or AVIF")
        #expect(Self.extensionRuns(in: "a `.jpg`/`.png` file, or `rocket.jpg` (.webp, .gif or .avif).") == [["jpg", "png"], ["webp", "gif", "avif"]])
    }
}
