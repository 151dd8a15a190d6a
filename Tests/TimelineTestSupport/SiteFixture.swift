import Foundation
import TimelineAuthoring
import TimelineBuild
import TimelineContent
import TimelineModel

/// A site in a fresh temporary folder: content written by the test, the repository's default
/// theme copied in. Removed when the test ends.
package final class SiteFixture {
    package let root: String
    package var content: String { root + "/Content" }
    package var output: String { root + "/Output" }

    package init(site: String = #"{"title": "Fixture", "baseURL": "https://example.org/", "pageSize": 2, "feedDepth": 2}"#) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: content + "/users", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: content + "/posts", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: RepositoryPaths.templates, toPath: root + "/Templates")
        try write("Content/site.json", site)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    package func write(_ relativePath: String, _ text: String) throws {
        let path = root + "/" + relativePath
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    package func remove(_ relativePath: String) throws {
        try FileManager.default.removeItem(atPath: root + "/" + relativePath)
    }

    package func user(_ username: String, follows: [String] = [], extra: String = "") throws {
        let list = follows.map { "\"\($0)\"" }.joined(separator: ", ")
        try write("Content/users/\(username).json", "{\n  \"username\": \"\(username)\",\(extra)\n  \"follows\": [\(list)]\n}\n")
    }

    /// A post with a real photo (copied from the example content).
    package func post(
        _ id: String, by username: String, caption: String = "", alt: String? = "A rocket", frontMatter: String = "",
        comments: String? = nil, likes: String? = nil, photo: String? = "photo.jpg"
    ) throws {
        let folder = "Content/posts/\(id)"
        let altLine = alt.map { "alt: \($0)\n" } ?? ""
        try write("\(folder)/post.md", "---\nusername: \(username)\n\(altLine)\(frontMatter)---\n\(caption)")
        if let photo {
            try FileManager.default.copyItem(atPath: RepositoryPaths.samplePhoto, toPath: root + "/\(folder)/\(photo)")
        }
        if let comments { try write("\(folder)/comments.json", comments) }
        if let likes { try write("\(folder)/likes.json", likes) }
    }

    /// The authoring commands on the fixture's content, naming it `Content/`.
    package var author: ContentAuthor {
        ContentAuthor(folder: ContentFolder(.folder(content, shownAs: "Content/")))
    }

    package func options(strict: Bool = false, baseURL: String? = nil) -> BuildOptions {
        BuildOptions(siteRoot: root, baseURL: baseURL, strict: strict)
    }

    package func build(strict: Bool = false, baseURL: String? = nil) async throws -> BuildReport {
        try await SiteBuilder.build(options(strict: strict, baseURL: baseURL))
    }

    /// The diagnostics of a build expected to fail.
    package func failingBuild(strict: Bool = false) async -> [Diagnostic] {
        do {
            _ = try await SiteBuilder.build(options(strict: strict))
            return []
        } catch {
            return error.diagnostics
        }
    }

    /// The diagnostics of `timeline check`; none when it passes.
    package func checkDiagnostics() async -> [Diagnostic] {
        do {
            _ = try await SiteBuilder.check(options())
            return []
        } catch {
            return error.diagnostics
        }
    }

    package func read(_ relativeToOutput: String) throws -> String {
        try String(contentsOfFile: output + "/" + relativeToOutput, encoding: .utf8)
    }

    package func exists(_ relativeToOutput: String) -> Bool {
        FileManager.default.fileExists(atPath: output + "/" + relativeToOutput)
    }

    /// Every file under a folder with its bytes, keyed by relative path. The tests compare snapshots of builds made on one
    /// machine (images included), never with bytes made elsewhere: they expect no particular platform's libvips, zlib or
    /// brotli output.
    package static func snapshot(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return files }
        for case let path as String in enumerator {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory)
            if !isDirectory.boolValue {
                files[path] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path))
            }
        }
        return files
    }

    /// Every folder under `root`, relative to it.
    package static func folders(_ root: String) throws -> Set<String> {
        var folders = Set<String>()
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), isDirectory.boolValue { folders.insert(path) }
        }
        return folders
    }
}

/// A standard valid site: two users who follow each other, and two posts.
extension SiteFixture {
    package static func small() throws -> SiteFixture {
        let fixture = try SiteFixture()
        try fixture.user("alice", follows: ["bob"])
        try fixture.user("bob", follows: ["alice"])
        try fixture.post("-K25Fj8qrMAtxXG3QCSn", by: "alice", caption: "First *post*")
        try fixture.post("-K36oDNVDXuaek0DUCoc", by: "bob", caption: "Second post")
        return fixture
    }
}
