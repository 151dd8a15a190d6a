import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineModel

/// The `timeline` executable, run as a user would.
@Suite("Command line")
struct CommandLineTests {
    struct Run {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    func run(_ arguments: [String], in directory: String) throws -> Run {
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = "true"
        let result = try Subprocess.runBlocking(RepositoryPaths.timelineExecutable, arguments, in: directory, environment: environment)
        return Run(status: result.status, standardOutput: result.standardOutput, standardError: result.standardError)
    }

    @Test("build prints one summary line in CI and exits 0")
    func buildSummary() throws {
        let fixture = try SiteFixture.small()
        let result = try run(["build"], in: fixture.root)
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("Built ") == true)
        #expect(lines.first?.contains("(2 users, 2 posts; 2 images") == true)
        #expect(lines.first?.hasSuffix("→ Output/") == true)
        #expect(fixture.exists("index.html"))
    }

    @Test("a mistyped command is refused with the closest command, and a folder of that name is still built")
    func unknownCommand() throws {
        let fixture = try SiteFixture.small()
        let mistyped = try run(["biuld"], in: fixture.root)
        #expect(mistyped.status == 64)
        #expect(mistyped.standardError.contains("unknown command 'biuld'; did you mean 'build'?"), "\(mistyped.standardError)")
        #expect(!mistyped.standardError.contains("Content/"))
        #expect(!fixture.exists("index.html"))
        let unknown = try run(["frobnicate"], in: fixture.root)
        #expect(unknown.status == 64)
        #expect(unknown.standardError.contains("unknown command 'frobnicate', and no folder of that name to build; the commands are: init, build, check"))
        let parent = (fixture.root as NSString).deletingLastPathComponent
        let folder = (fixture.root as NSString).lastPathComponent
        let built = try run([folder], in: parent)
        #expect(built.status == 0, "\(built.standardError)")
        #expect(fixture.exists("index.html"))
    }

    @Test("build --json: one JSON report on standard output; a failed build's errors also on standard error")
    func jsonReport() throws {
        let fixture = try SiteFixture.small()
        let built = try run(["build", "--json"], in: fixture.root)
        #expect(built.status == 0, "\(built.standardError)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(built.standardOutput.utf8)) as? [String: Any])
        #expect(report["status"] as? String == "ok")
        #expect(report["posts"] as? Int == 2)
        #expect(built.standardError.isEmpty, "\(built.standardError)")

        try fixture.write("Content/users/bob.json", "{\n  \"username\": \"bob\",\n  \"bio\": \"unterminated\n}\n")
        let failed = try run(["build", "--json"], in: fixture.root)
        #expect(failed.status == 1)
        let failure = try #require(try JSONSerialization.jsonObject(with: Data(failed.standardOutput.utf8)) as? [String: Any])
        #expect(failure["status"] as? String == "failed")
        let errors = try #require(failure["errors"] as? [[String: Any]])
        #expect(errors.contains { $0["path"] as? String == "Content/users/bob.json" && $0["line"] as? Int == 3 })
        #expect(failed.standardError.contains("Content/users/bob.json:3:"), "\(failed.standardError)")
        #expect(failed.standardError.contains("build failed: 1 error"))
    }

    @Test("a broken file: path:line:column: error: message, exit status 1, Output untouched")
    func brokenContent() throws {
        let fixture = try SiteFixture.small()
        #expect(try run(["build"], in: fixture.root).status == 0)
        let before = try SiteFixture.snapshot(fixture.output)
        try fixture.write("Content/users/bob.json", "{\n  \"username\": \"bob\",\n  \"follows\": [\"alice\"],\n  \"bio\": \"unterminated\n}\n")
        let result = try run(["build"], in: fixture.root)
        #expect(result.status == 1)
        #expect(result.standardError.contains("Content/users/bob.json:4:23: error: malformed JSON: control character in string"), "\(result.standardError)")
        // Records that name bob are not reported as naming an unknown user: bob's file is the problem.
        #expect(!result.standardError.contains("unknown user"))
        #expect(result.standardError.contains("build failed: 1 error"))
        #expect(try SiteFixture.snapshot(fixture.output) == before)
    }

    @Test("check validates without writing, and --strict fails on warnings")
    func checkAndStrict() throws {
        let fixture = try SiteFixture.small()
        try fixture.post("-K4JKCJcHOnPQ8mBtMK6", by: "alice", alt: nil)
        let check = try run(["check"], in: fixture.root)
        #expect(check.status == 0)
        #expect(check.standardError.contains("warning: the photo has no alt text"))
        #expect(check.standardError.contains("or run 'timeline edit post -K4JKCJcHOnPQ8mBtMK6 --alt \"…\"'"))
        #expect(!fixture.exists("index.html"))
        let strict = try run(["check", "--strict"], in: fixture.root)
        #expect(strict.status == 1)
        #expect(strict.standardError.contains("error: the photo has no alt text"))
    }

    @Test("options point at other folders, and --quiet prints nothing on success")
    func options() throws {
        let fixture = try SiteFixture.small()
        try FileManager.default.moveItem(atPath: fixture.root + "/Content", toPath: fixture.root + "/site-content")
        let result = try run(
            ["build", fixture.root, "--content", "site-content", "--output", "public", "--base-url", "https://example.org/sub/", "--quiet"], in: "/")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        let home = try String(contentsOfFile: fixture.root + "/public/index.html", encoding: .utf8)
        #expect(home.contains("href=\"/sub/users/\""))
    }

    @Test("--version and --help")
    func versionAndHelp() throws {
        let version = try run(["--version"], in: "/")
        let lines = version.standardOutput.split(separator: "\n")
        #expect(lines.first?.hasPrefix("timeline \(TimelineVersion.current) (") == true)
        // Each C library with the version the binary found at run time.
        for library in ["libcmark", "libxml2", "libvips", "zlib", "libbrotli", "libgit2"] {
            #expect(lines.last?.range(of: "\(library) [0-9]+\\.[0-9]+", options: .regularExpression) != nil, "\(library) in \(version.standardOutput)")
        }
        for command in [["--help"], ["build", "--help"], ["check", "--help"]] {
            let help = try run(command, in: "/")
            #expect(help.status == 0)
            #expect(help.standardOutput.contains("USAGE"))
        }
        #expect(try run(["build", "--help"], in: "/").standardOutput.contains("--base-url"))
    }
}
