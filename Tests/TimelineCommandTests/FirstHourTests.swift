import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineSite

/// A new user's first hour, with the `timeline` executable from an empty folder: start a site,
/// add a user and a post, build with the built-in theme, override one file of it, copy another,
/// give the theme values of one's own, add a stylesheet. (`scripts/first-hour.sh` walks the same
/// path with the binary `make install` puts on the PATH.)
@Suite("A new user's first hour")
struct FirstHourTests {
    /// An empty temporary folder, removed when the test ends.
    final class EmptyFolder {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-first-hour-\(UUID().uuidString)").path
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        func read(_ relative: String) throws -> String { try String(contentsOfFile: path + "/" + relative, encoding: .utf8) }
        func write(_ relative: String, _ text: String) throws {
            let file = path + "/" + relative
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        }
        func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path + "/" + relative) }
    }

    let cli = CommandLineTests()

    /// `init`, then a user and a post through the CLI; the site folder.
    func startedSite(in folder: EmptyFolder) throws -> String {
        let started = try cli.run(["init", "photos", "--title", "Rocket photos"], in: folder.path)
        #expect(started.status == 0, "\(started.standardError)")
        let site = folder.path + "/photos"
        #expect(try cli.run(["new", "user", "alice", "--name", "Alice"], in: site).status == 0)
        try FileManager.default.copyItem(atPath: RepositoryPaths.samplePhoto, toPath: folder.path + "/rocket.jpg")
        let post = try cli.run(["new", "post", "--user", "alice", "../rocket.jpg", "--caption", "Launch day!", "--alt", "A rocket lifting off"], in: site)
        #expect(post.status == 0, "\(post.standardError)")
        return site
    }

    @Test("init writes a site and says what to do next; a user, a post and a build with the built-in theme follow")
    func startAndBuild() throws {
        let folder = try EmptyFolder()
        let started = try cli.run(["init", "photos", "--title", "Rocket photos", "--base-url", "https://alice.github.io/photos"], in: folder.path)
        #expect(started.status == 0, "\(started.standardError)")
        for file in ["Content/site.json", "Content/users/.gitkeep", "Content/posts/.gitkeep", ".gitignore", ".github/workflows/publish.yml"] {
            #expect(folder.exists("photos/" + file), "\(file)")
        }
        #expect(!folder.exists("photos/Templates"))
        #expect(try folder.read("photos/Content/site.json").contains(#""baseURL": "https://alice.github.io/photos/""#))
        #expect(try folder.read("photos/.gitignore").contains("/Output/"))
        for next in ["cd photos", "timeline new user", "timeline new post", "timeline serve"] {
            #expect(started.standardOutput.contains(next), "\(started.standardOutput)")
        }
        let again = try cli.run(["init", "photos"], in: folder.path)
        #expect(again.status == 1)
        #expect(again.standardError.contains("photos/Content/site.json: error: this folder is a site already"), "\(again.standardError)")

        let site = folder.path + "/photos"
        #expect(try cli.run(["new", "user", "alice", "--name", "Alice"], in: site).status == 0)
        try FileManager.default.copyItem(atPath: RepositoryPaths.samplePhoto, toPath: folder.path + "/rocket.jpg")
        #expect(try cli.run(["new", "post", "--user", "alice", "../rocket.jpg", "--caption", "Launch day!", "--alt", "A rocket"], in: site).status == 0)
        let build = try cli.run(["build"], in: site)
        #expect(build.status == 0, "\(build.standardError)")
        let home = try folder.read("photos/Output/index.html")
        #expect(home.contains("Launch day!") && home.contains("Rocket photos"))
        let stylesheet = try Data(contentsOf: URL(fileURLWithPath: site + "/Output/assets/style.css"))
        #expect([UInt8](stylesheet) == BuiltInTheme.bytes(of: "assets/style.css"), "the built-in stylesheet is published")
        #expect(folder.exists("photos/Output/atom.xml"), "the base URL given to init makes the feeds")
    }

    @Test("an overridden partial is used while the rest stays built-in; theme copy writes a file once and refuses to overwrite a changed one")
    func overrideAndCopy() throws {
        let folder = try EmptyFolder()
        let site = try startedSite(in: folder)
        let copied = try cli.run(["theme", "copy", "partials/post-card"], in: site)
        #expect(copied.status == 0, "\(copied.standardError)")
        #expect(copied.standardOutput.contains("copied Templates/partials/post-card.mustache"))
        let card = try folder.read("photos/Templates/partials/post-card.mustache")
        #expect(Array(card.utf8) == BuiltInTheme.bytes(of: "partials/post-card.mustache"))
        try folder.write("photos/Templates/partials/post-card.mustache", #"<p class="my-card">{{id}}</p>"# + "\n" + card)

        let refused = try cli.run(["theme", "copy", "partials/post-card.mustache"], in: site)
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("Templates/partials/post-card.mustache: error: the site's file differs"), "\(refused.standardError)")
        #expect(try folder.read("photos/Templates/partials/post-card.mustache").hasPrefix(#"<p class="my-card">"#), "a refused copy changes nothing")
        let unknown = try cli.run(["theme", "copy", "partials/post-crad"], in: site)
        #expect(unknown.status == 1 && unknown.standardError.contains("did you mean 'partials/post-card.mustache'?"), "\(unknown.standardError)")

        let build = try cli.run(["build"], in: site)
        #expect(build.status == 0, "\(build.standardError)")
        let home = try folder.read("photos/Output/index.html")
        #expect(home.contains(#"<p class="my-card">"#), "the site's partial is used")
        #expect(home.contains(#"<link rel="stylesheet" href="/assets/style.css">"#) && home.contains("skip-link"), "the built-in base is used")

        let check = try cli.run(["check"], in: site)
        #expect(check.standardOutput.contains("Templates/ overrides 1 file: partials/post-card.mustache"), "\(check.standardOutput)")
        let list = try cli.run(["theme", "list"], in: site)
        #expect(
            list.standardOutput.contains("partials/post-card.mustache   overridden") && list.standardOutput.contains("base.mustache"), "\(list.standardOutput)")

        #expect(try cli.run(["theme", "copy", "assets/style.css"], in: site).status == 0)
        let again = try cli.run(["theme", "copy", "assets/style.css"], in: site)
        #expect(again.status == 0 && again.standardOutput.contains("is already the built-in file"))
        #expect(try cli.run(["check"], in: site).standardOutput.contains("holds 1 file the same as the built-in"))
    }

    @Test("extra values of site.json, a user and a post reach a template, escaped")
    func extraValues() throws {
        let folder = try EmptyFolder()
        let site = try startedSite(in: folder)
        let postFolder = try #require(FileManager.default.contentsOfDirectory(atPath: site + "/Content/posts").first { !$0.hasPrefix(".") })
        let postFile = "photos/Content/posts/\(postFolder)/post.md"
        try folder.write(
            postFile,
            try folder.read(postFile).replacingOccurrences(
                of: "username: alice\n", with: "username: alice\nextra:\n  location: Cape <Canaveral>\n  rating: 5\n"))
        try folder.write("photos/Content/site.json", #"{"title": "Rocket photos", "extra": {"tagline": "Up & away"}}"#)
        let user = try folder.read("photos/Content/users/alice.json")
        try folder.write("photos/Content/users/alice.json", user.replacingOccurrences(of: #""follows""#, with: #""extra": {"team": "Falcon"}, "follows""#))
        try folder.write(
            "photos/Templates/partials/post-card.mustache",
            #"<p class="extra">{{extra.location}} {{extra.rating}} {{author.extra.team}} {{site.extra.tagline}}</p>"# + "\n")
        let build = try cli.run(["build"], in: site)
        #expect(build.status == 0, "\(build.standardError)")
        #expect(try folder.read("photos/Output/index.html").contains(#"<p class="extra">Cape &lt;Canaveral&gt; 5 Falcon Up &amp; away</p>"#))

        // A command that rewrites the user keeps the theme's values.
        #expect(try cli.run(["edit", "user", "alice", "--bio", "Flies rockets."], in: site).status == 0)
        #expect(try folder.read("photos/Content/users/alice.json").contains(#""team": "Falcon""#))

        try folder.write(postFile, try folder.read(postFile).replacingOccurrences(of: "extra:\n  location", with: "extra:\n  place.name"))
        let refused = try cli.run(["build"], in: site)
        #expect(refused.status == 1 && refused.standardError.contains("cannot be a name in extra"), "\(refused.standardError)")
    }

    @Test("adding assets/brand.css keeps style.css linked, first")
    func addedStylesheet() throws {
        let folder = try EmptyFolder()
        let site = try startedSite(in: folder)
        try folder.write("photos/Templates/assets/brand.css", "body { accent-color: rebeccapurple; }\n")
        let build = try cli.run(["build"], in: site)
        #expect(build.status == 0, "\(build.standardError)")
        let home = try folder.read("photos/Output/index.html")
        let links = home.components(separatedBy: "\n").filter { $0.hasPrefix(#"<link rel="stylesheet""#) }
        #expect(links == [#"<link rel="stylesheet" href="/assets/style.css">"#, #"<link rel="stylesheet" href="/assets/brand.css">"#])
        #expect(folder.exists("photos/Output/assets/style.css") && folder.exists("photos/Output/assets/brand.css"))
    }

    @Test("an empty or half-made folder gets errors that name timeline init")
    func notYetASite() throws {
        let folder = try EmptyFolder()
        let empty = try cli.run(["build"], in: folder.path)
        #expect(empty.status == 1)
        #expect(
            empty.standardError.contains("Content/: error: the content folder does not exist; to start a site here, run 'timeline init'"),
            "\(empty.standardError)")
        #expect(!empty.standardError.contains("Templates/"), "a missing templates folder is the built-in theme")
        try FileManager.default.createDirectory(atPath: folder.path + "/Content", withIntermediateDirectories: true)
        let halfMade = try cli.run(["build"], in: folder.path)
        #expect(halfMade.status == 1)
        for part in ["site.json", "users folder", "posts folder"] {
            #expect(halfMade.standardError.contains(part), "\(halfMade.standardError)")
        }
        #expect(halfMade.standardError.components(separatedBy: "'timeline init'").count == 4, "\(halfMade.standardError)")
        let started = try cli.run(["init"], in: folder.path)
        #expect(started.status == 0, "init completes a half-made folder: \(started.standardError)")
        #expect(try cli.run(["build"], in: folder.path).status == 0)
    }
}
