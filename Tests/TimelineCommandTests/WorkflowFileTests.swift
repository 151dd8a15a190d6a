import Foundation
import Testing
import TimelineSystem
import TimelineTestSupport
import Yams

@testable import TimelineAuthoring
@testable import TimelineContent
@testable import TimelineModel

/// The GitHub Actions workflows: the one `timeline init` writes and the ones in docs/ci.md parse
/// as YAML, and every `timeline` command and make target they run exists and works (run here, in
/// a started site, as the workflow would run it); the init workflow's download step installs a
/// release's binary only when its checksum matches; and every workflow, the init one and this
/// repository's (.github/workflows/), pins its actions, gives each job only the token rights it
/// needs and expands no expression into a shell line.
@Suite("Workflow files")
struct WorkflowFileTests {
    /// One step of a job: its name or id, its `run:` and its `env:`.
    struct Step {
        let label: String
        let run: String?
        let environment: [String: String]
    }

    static func yamlBlocks(of document: String) throws -> [String] {
        let text = try String(contentsOfFile: RepositoryPaths.root + "/" + document, encoding: .utf8)
        return text.components(separatedBy: "```yaml\n").dropFirst().compactMap { $0.components(separatedBy: "\n```").first }
    }

    static func jobs(of workflow: String) throws -> [String: [String: Any]] {
        let root = try #require(try Yams.load(yaml: workflow) as? [String: Any])
        let jobs = try #require(root["jobs"] as? [String: Any])
        return jobs.compactMapValues { $0 as? [String: Any] }
    }

    /// Every step of a workflow's jobs.
    static func steps(of workflow: String) throws -> [Step] {
        try jobs(of: workflow).values.flatMap { job in
            (job["steps"] as? [[String: Any]] ?? []).map { step in
                Step(
                    label: step["name"] as? String ?? step["id"] as? String ?? step["uses"] as? String ?? "a step",
                    run: step["run"] as? String,
                    environment: (step["env"] as? [String: Any] ?? [:]).mapValues { "\($0)" })
            }
        }
    }

    /// Every `run:` of a workflow's steps, with its lines.
    static func runLines(of workflow: String) throws -> [String] {
        try steps(of: workflow).compactMap(\.run).flatMap { $0.split(separator: "\n").map(String.init) }
    }

    /// This repository's workflows, by file name.
    static func repositoryWorkflows() throws -> [String: String] {
        let folder = RepositoryPaths.root + "/.github/workflows"
        var workflows: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".yml") {
            workflows[name] = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
        }
        return workflows
    }

    /// Every workflow: the one init writes and this repository's.
    static func allWorkflows() throws -> [String: String] {
        var workflows = try repositoryWorkflows()
        workflows["publish.yml (timeline init)"] = SiteWorkflow.text()
        return workflows
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

    @Test("make lint checks the workflow init writes: scripts/check-workflows.sh reads exactly SiteWorkflow.text() from its source")
    func lintReadsTheInitWorkflow() throws {
        let printed = try Subprocess.runBlocking(RepositoryPaths.root + "/scripts/check-workflows.sh", ["--print-init"])
        #expect(printed.status == 0, "\(printed.standardError)")
        #expect(printed.standardOutput == SiteWorkflow.text())
    }

    @Test("this repository has its CI and release workflows, and the Makefile's lint checks every workflow")
    func repositoryWorkflowsExist() throws {
        let workflows = try Self.repositoryWorkflows()
        #expect(Set(workflows.keys).isSuperset(of: ["ci.yml", "release.yml"]))
        let ci = try Self.runLines(of: try #require(workflows["ci.yml"])).map { $0.trimmingCharacters(in: .whitespaces) }
        for target in ["make lint", "make test", "make layering"] { #expect(ci.contains(target), "ci.yml runs no \(target)") }
        let makefile = try String(contentsOfFile: RepositoryPaths.root + "/Makefile", encoding: .utf8)
        let lint = try #require(makefile.components(separatedBy: "\nlint:").dropFirst().first?.components(separatedBy: "\n\n").first)
        #expect(lint.contains("scripts/check-workflows.sh"))
    }

    @Test("every workflow pins each action to a commit, the same one in every file, with its version beside it")
    func actionsArePinned() throws {
        let pinned = try Regex(#"^\s*(- )?uses: ([A-Za-z0-9_.-]+/[A-Za-z0-9_./-]+)@([0-9a-f]{40}) # (v[0-9]+\.[0-9]+\.[0-9]+)$"#)
        var pins: [String: Set<String>] = [:]
        for (name, text) in try Self.allWorkflows() {
            let uses = text.split(separator: "\n").filter { $0.contains("uses:") }
            #expect(!uses.isEmpty, "\(name) uses no action")
            for line in uses {
                let match = try #require(try pinned.wholeMatch(in: String(line)), "\(name): not pinned to a commit with its version: \(line)")
                let action = String(try #require(match.output[2].substring))
                pins[action, default: []].insert("\(match.output[3].substring ?? "") \(match.output[4].substring ?? "")")
            }
        }
        #expect(pins.keys.contains("actions/checkout"))
        for (action, versions) in pins { #expect(versions.count == 1, "\(action) is pinned to more than one commit: \(versions.sorted())") }
    }

    @Test("every workflow grants no token rights itself, each job only its own, and writes only where it publishes")
    func permissionsPerJob() throws {
        let publishers: [String: Set<String>] = ["publish.yml (timeline init)": ["deploy"], "release.yml": ["publish"]]
        for (name, text) in try Self.allWorkflows() {
            let root = try #require(try Yams.load(yaml: text) as? [String: Any])
            let workflowPermissions = try #require(root["permissions"] as? [String: Any], "\(name) sets no workflow permissions")
            #expect(workflowPermissions.isEmpty, "\(name) grants rights to every job: \(workflowPermissions)")
            for (job, definition) in try Self.jobs(of: text) {
                let permissions = try #require(definition["permissions"] as? [String: Any], "\(name): job \(job) has no permissions")
                let writes = permissions.filter { $0.value as? String == "write" }.map(\.key)
                if publishers[name]?.contains(job) == true {
                    #expect(!writes.isEmpty, "\(name): \(job) publishes without a right to write")
                } else {
                    #expect(writes.isEmpty, "\(name): job \(job) may write \(writes.sorted())")
                }
            }
        }
        let initJobs = try Self.jobs(of: SiteWorkflow.text())
        #expect(initJobs["deploy"]?["permissions"] as? [String: String] == ["pages": "write", "id-token": "write"])
        #expect(initJobs["build"]?["permissions"] as? [String: String] == ["contents": "read", "pages": "read"])
    }

    @Test("every checkout keeps no credentials, and no workflow expands an expression into a shell line")
    func noCredentialsNoInjection() throws {
        for (name, text) in try Self.allWorkflows() {
            for (job, definition) in try Self.jobs(of: text) {
                for step in definition["steps"] as? [[String: Any]] ?? [] {
                    if let uses = step["uses"] as? String, uses.hasPrefix("actions/checkout@") {
                        let with = step["with"] as? [String: Any]
                        #expect(with?["persist-credentials"] as? Bool == false, "\(name): a checkout of job \(job) keeps its credentials")
                    }
                    if let run = step["run"] as? String {
                        #expect(!run.contains("${{"), "\(name): job \(job) expands an expression into a shell line:\n\(run)")
                    }
                }
            }
        }
    }

    @Test("the init workflow installs the Debian packages the release's Linux binaries need, and downloads the archives the release makes")
    func initMatchesTheRelease() throws {
        let release = try #require(try Self.repositoryWorkflows()["release.yml"])
        let root = try #require(try Yams.load(yaml: release) as? [String: Any])
        let runtime = try #require((root["env"] as? [String: Any])?["RUNTIME_PACKAGES"] as? String).split(separator: " ").map(String.init)
        #expect(runtime.contains("libvips42") && runtime.contains("libcmark0.30.2"))
        let install = try #require(try Self.steps(of: SiteWorkflow.text()).first { $0.label == "Install the system libraries" }?.run)
        let installed = Set(install.split(whereSeparator: \.isWhitespace).map(String.init))
        #expect(installed.isSuperset(of: runtime), "the init workflow installs \(installed.sorted()), the release's binary needs \(runtime)")
        #expect(!installed.contains { $0.hasSuffix("-dev") }, "the -dev packages belong to the build from source only")

        // The Linux archives: the release's names and architectures are those the download step asks for.
        let linux = try #require(try Self.jobs(of: release)["linux"])
        let matrix = try #require((linux["strategy"] as? [String: Any])?["matrix"] as? [String: Any])
        let architectures = try #require(matrix["include"] as? [[String: Any]]).compactMap { $0["arch"] as? String }
        #expect(Set(architectures) == ["x86_64", "arm64"])
        let pack = try #require(try Self.steps(of: release).first { $0.label == "Pack" && $0.environment["ARCH"] != nil }?.run)
        #expect(pack.contains(#"version="${TAG#v}""#) && pack.contains(#"name="timeline-$version-linux-$ARCH""#))
        let download = try #require(try Self.steps(of: SiteWorkflow.text()).first { $0.label == "Download the tool" }?.run)
        #expect(download.contains(#"name="timeline-${TIMELINE_VERSION#v}-linux-$arch""#))
        #expect(download.contains("x86_64) arch=x86_64") && download.contains("aarch64 | arm64) arch=arm64"))
    }

    // The download step runs on GitHub's Linux runners (uname, sha256sum, GNU tar).
    /// A release of `version` at `folder`/releases/download/`version`/, as GitHub serves one,
    /// with the archive of this machine's architecture (its checksum `checksum`, or the right
    /// one) or none.
    static func publishRelease(in folder: String, version: String, archive: Bool, checksum: String?) throws -> String {
        #if arch(x86_64)
            let architecture = "x86_64"
        #else
            let architecture = "arm64"
        #endif
        let name = "timeline-\(version.dropFirst())-linux-\(architecture)"
        let release = folder + "/releases/download/" + version
        try FileManager.default.createDirectory(atPath: release + "/" + name, withIntermediateDirectories: true)
        guard archive else { return name }
        try Data("#!/bin/sh\necho released timeline\n".utf8).write(to: URL(fileURLWithPath: release + "/" + name + "/timeline"))
        let tar = try Subprocess.runBlocking("/usr/bin/env", ["tar", "-czf", name + ".tar.gz", name], in: release)
        #expect(tar.status == 0, "\(tar.standardError)")
        let sum = try Subprocess.runBlocking("/usr/bin/env", ["sha256sum", name + ".tar.gz"], in: release)
        #expect(sum.status == 0, "\(sum.standardError)")
        let line = checksum.map { $0 + "  " + name + ".tar.gz\n" } ?? sum.standardOutput
        try Data(line.utf8).write(to: URL(fileURLWithPath: release + "/" + name + ".tar.gz.sha256"))
        return name
    }

    /// Runs the init workflow's download step as Actions would (with sh and bash, `-e`), its
    /// install folder /opt/timeline moved into `folder`: the exit status, the step's outputs and
    /// whether it installed the release's binary.
    static func runDownloadStep(source: String, in folder: String, shell: String) throws -> (status: Int32, outputs: String, installed: Bool, log: String) {
        let step = try #require(try steps(of: SiteWorkflow.text()).first { $0.label == "Download the tool" })
        let script = try #require(step.run).replacingOccurrences(of: "/opt/timeline", with: folder + "/opt/timeline")
        let temporary = folder + "/runner-temp"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let outputs = folder + "/github-output"
        FileManager.default.createFile(atPath: outputs, contents: nil)
        let root = try #require(try Yams.load(yaml: SiteWorkflow.text()) as? [String: Any])
        let version = try #require((root["env"] as? [String: Any])?["TIMELINE_VERSION"] as? String)
        var environment = ProcessInfo.processInfo.environment
        environment["TIMELINE_SOURCE"] = source
        environment["TIMELINE_VERSION"] = version
        environment["RUNNER_TEMP"] = temporary
        environment["GITHUB_OUTPUT"] = outputs
        let result = try Subprocess.runBlocking(shell, ["-e", "-c", script], in: folder, environment: environment)
        let binary = folder + "/opt/timeline/bin/timeline"
        var installed = false
        if FileManager.default.isExecutableFile(atPath: binary) {
            let ran = try Subprocess.runBlocking(binary, [])
            installed = ran.standardOutput == "released timeline\n"
        }
        let written = try String(contentsOfFile: outputs, encoding: .utf8)
        return (result.status, written, installed, result.standardOutput + result.standardError)
    }

    @Test(
        "the init workflow's download step installs the release's binary when its SHA-256 matches, leaves the build to the next step when there is none, and stops on a wrong or missing checksum",
        .enabled(if: SystemName.isLinux, "the step runs on Linux runners: sha256sum and GNU tar"), arguments: ["/bin/sh", "/bin/bash"])
    func downloadStep(shell: String) throws {
        let version = "v" + TimelineVersion.current
        let zeros = String(repeating: "0", count: 64)
        let cases: [(archive: Bool, checksum: String?, succeeds: Bool, downloads: Bool)] = [
            (true, nil, true, true), (false, nil, true, false), (true, zeros, false, false),
        ]
        for (archive, checksum, succeeds, downloads) in cases {
            let folder = try FirstHourTests.EmptyFolder()
            _ = try Self.publishRelease(in: folder.path + "/owner/timeline", version: version, archive: archive, checksum: checksum)
            let ran = try Self.runDownloadStep(source: "file://" + folder.path + "/owner/timeline.git", in: folder.path, shell: shell)
            let label = "archive: \(archive), checksum: \(checksum ?? "right"):\n\(ran.log)"
            #expect((ran.status == 0) == succeeds, "\(label)")
            #expect(ran.installed == downloads, "\(label)")
            #expect(ran.outputs.contains("downloaded=true") == downloads, "\(label)")
        }
        // An archive whose .sha256 the release lacks is not installed either.
        let folder = try FirstHourTests.EmptyFolder()
        let name = try Self.publishRelease(in: folder.path + "/owner/timeline", version: version, archive: true, checksum: nil)
        try FileManager.default.removeItem(atPath: folder.path + "/owner/timeline/releases/download/" + version + "/" + name + ".tar.gz.sha256")
        let ran = try Self.runDownloadStep(source: "file://" + folder.path + "/owner/timeline", in: folder.path, shell: shell)
        #expect(ran.status != 0 && !ran.installed && !ran.outputs.contains("downloaded=true"), "\(ran.log)")
    }

    @Test("each timeline command of the workflows runs in a started site, and make install exists")
    func commandsExist() throws {
        let folder = try FirstHourTests.EmptyFolder()
        let site = try FirstHourTests().startedSite(in: folder)
        var steps = try Self.steps(of: SiteWorkflow.text())
        for block in try Self.yamlBlocks(of: "docs/ci.md") where block.contains("jobs:") { steps += try Self.steps(of: block) }
        let binaryFolder = (RepositoryPaths.timelineExecutable as NSString).deletingLastPathComponent
        let expressions = ["${{ steps.pages.outputs.base_url }}": "https://alice.github.io/photos"]
        var commands: [String] = []
        for step in steps {
            let lines = (step.run ?? "").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            for line in lines where line.hasPrefix("timeline ") {
                commands.append(line)
                var environment = ProcessInfo.processInfo.environment
                environment["PATH"] = binaryFolder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
                environment["CI"] = "true"
                for (key, value) in step.environment {
                    let known = expressions[value]
                    #expect(known != nil || !value.contains("${{"), "an expression the test does not know: \(key): \(value)")
                    environment[key] = known ?? value
                }
                let result = try Subprocess.runBlocking("/bin/sh", ["-c", line], in: site, environment: environment)
                #expect(result.status == 0, "\(line)\n\(result.standardError)")
            }
        }
        #expect(commands.contains { $0.hasPrefix("timeline build") } && commands.contains { $0.hasPrefix("timeline check") })
        let installs = steps.compactMap(\.run).flatMap { $0.split(separator: "\n") }.filter { $0.contains("make ") && $0.contains(" install") }
        #expect(!installs.isEmpty)
        for _ in installs {
            let dryRun = try Subprocess.runBlocking(
                "/usr/bin/make", ["-n", "-C", RepositoryPaths.root, "install", "PREFIX=" + folder.path + "/prefix"], in: folder.path)
            #expect(dryRun.status == 0, "make install: \(dryRun.standardError)")
        }
    }
}
