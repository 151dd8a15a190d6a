import Foundation
import Testing
import TimelineTestSupport
import Yams

@testable import TimelineContent
@testable import TimelineModel

/// The GitHub Actions workflows a user copies: the one `timeline init` writes and the ones in
/// docs/ci.md parse as YAML, and every `timeline` command and make target they run exists and
/// works (run here, in a started site, as the workflow would run it).
@Suite("Workflow files")
struct WorkflowFileTests {
    static func yamlBlocks(of document: String) throws -> [String] {
        let text = try String(contentsOfFile: RepositoryPaths.root + "/" + document, encoding: .utf8)
        return text.components(separatedBy: "```yaml\n").dropFirst().compactMap { $0.components(separatedBy: "\n```").first }
    }

    /// Every `run:` of a workflow's steps, with its lines.
    static func runLines(of workflow: String) throws -> [String] {
        let root = try #require(try Yams.load(yaml: workflow) as? [String: Any])
        let jobs = try #require(root["jobs"] as? [String: Any])
        var lines: [String] = []
        for job in jobs.values {
            for step in (job as? [String: Any])?["steps"] as? [[String: Any]] ?? [] {
                if let run = step["run"] as? String { lines += run.split(separator: "\n").map(String.init) }
            }
        }
        return lines
    }

    @Test("the workflow init writes parses, pins this version, and is the one docs/ci.md shows")
    func initWorkflow() throws {
        let text = SiteWorkflow.text()
        let root = try #require(try Yams.load(yaml: text) as? [String: Any])
        let environment = try #require(root["env"] as? [String: Any])
        #expect(environment["TIMELINE_VERSION"] as? String == "v" + TimelineVersion.current)
        #expect(environment["TIMELINE_SOURCE"] as? String == TimelineVersion.sourceRepository)
        let blocks = try Self.yamlBlocks(of: "docs/ci.md")
        #expect(blocks.contains(text.trimmingCharacters(in: .newlines)), "docs/ci.md should show the workflow timeline init writes, as it is")
        for block in blocks {
            #expect(throws: Never.self, "a yaml block of docs/ci.md does not parse:\n\(block)") { _ = try Yams.load(yaml: block) }
        }
    }

    @Test("each timeline command of the workflows runs in a started site, and make install exists")
    func commandsExist() throws {
        let folder = try FirstHourTests.EmptyFolder()
        let site = try FirstHourTests().startedSite(in: folder)
        var lines = try Self.runLines(of: SiteWorkflow.text())
        for block in try Self.yamlBlocks(of: "docs/ci.md") where block.contains("jobs:") { lines += try Self.runLines(of: block) }
        let commands = lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("timeline ") }
        #expect(commands.contains { $0.hasPrefix("timeline build") } && commands.contains { $0.hasPrefix("timeline check") })
        let binaryFolder = (RepositoryPaths.timelineExecutable as NSString).deletingLastPathComponent
        for command in commands {
            let line = command.replacingOccurrences(of: "${{ steps.pages.outputs.base_url }}", with: "https://alice.github.io/photos")
            #expect(!line.contains("${{"), "an expression the test does not know: \(line)")
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] = binaryFolder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            environment["CI"] = "true"
            let result = try Subprocess.runBlocking("/bin/sh", ["-c", line], in: site, environment: environment)
            #expect(result.status == 0, "\(line)\n\(result.standardError)")
        }
        let installs = lines.filter { $0.contains("make ") && $0.contains(" install") }
        #expect(!installs.isEmpty)
        for _ in installs {
            let dryRun = try Subprocess.runBlocking(
                "/usr/bin/make", ["-n", "-C", RepositoryPaths.root, "install", "PREFIX=" + folder.path + "/prefix"], in: folder.path)
            #expect(dryRun.status == 0, "make install: \(dryRun.standardError)")
        }
    }
}
