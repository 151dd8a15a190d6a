import Foundation
import Testing
import TimelineSystem
import TimelineTestSupport

@testable import TimelineBuild
@testable import TimelineContent
@testable import TimelineModel
@testable import TimelineOutput

/// The property of incremental builds where CI runs them: the site kept in git (or not),
/// checked out afresh before each build (every file with a new inode and new times) with the
/// cache folder and `Output/` restored as a CI cache restores them, edits committed or left in
/// the work tree, and build state that is old, damaged or another site's. After every step the
/// output is byte-identical to a clean build, and a build that could trust its state wrote only
/// the files whose bytes changed.
@Suite("Incremental builds across fresh clones and damaged state")
struct FreshCloneBuildTests {
    static let sequenceCount = IncrementalProperty.sequenceCount
    static let stepsPerSequence = 8

    /// How an edit reaches the next build.
    enum Passage: CaseIterable {
        /// Committed, then a fresh clone at the same path with the state restored.
        case committedIntoFreshClone
        /// A fresh clone of what is committed, the edit left uncommitted in it.
        case uncommittedInFreshClone
        /// Edited in the work tree that built last.
        case inPlace
        /// The whole site folder copied without git's help (new inodes and times, git's index
        /// no longer matching any file).
        case copiedFolder
        /// State written by an older version of the tool.
        case olderState
        /// One state file cut short, as a full disk or a kill might leave it.
        case truncatedState
        /// The state files of another site.
        case foreignState

        var needsGit: Bool { self == .committedIntoFreshClone || self == .uncommittedInFreshClone }
        var damagesState: Bool { self == .olderState || self == .truncatedState || self == .foreignState }
    }

    @Test("random edits through fresh clones, git commits, uncommitted edits and old, damaged or foreign state equal a clean build after every step")
    func randomSequences() async throws {
        let foreign = try await ForeignSite.make()
        var passages: [Passage: Int] = [:]
        var editBuilds = 0
        for seed in 1...UInt64(Self.sequenceCount) {
            let (taken, edits) = try await runSequence(seed: seed, foreign: foreign)
            for (passage, count) in taken { passages[passage, default: 0] += count }
            editBuilds += edits
        }
        #expect(passages.keys.count == Passage.allCases.count, "every passage was taken: \(passages)")
        #expect(editBuilds > 0, "some post edits reached the build as a change set applied to the kept state")
    }

    /// Odd seeds keep the site in git; even seeds do not (their fresh clones are copies). Returns
    /// the passages taken and how many builds were edit builds.
    private func runSequence(seed: UInt64, foreign: ForeignSite) async throws -> ([Passage: Int], Int) {
        var random = SplitMix(seed: seed &* 7919)
        var model = SiteModel.initial()
        model.precompress = seed % 4 == 1
        let usesGit = seed % 2 == 1
        let fixture = try SiteFixture()
        let site = CheckedOutSite(root: fixture.root, usesGit: usesGit)
        var options = fixture.options()
        if seed % 3 == 0 { options.racyWindowNanoseconds = 0 }
        try model.sync(to: fixture.root)
        try await site.start()
        _ = try await SiteBuilder.build(options)
        var taken: [Passage: Int] = [:]
        var editBuilds = 0

        for step in 1...Self.stepsPerSequence {
            var edit = model.randomEdit(using: &random)
            while edit.breaksTheSite { edit = model.randomEdit(using: &random) }
            let choices = Passage.allCases.filter { usesGit || !$0.needsGit }
            // In turn, so that every sequence with git takes every passage, whatever its edits.
            let passage = choices[(step + Int(seed)) % choices.count]
            taken[passage, default: 0] += 1
            let context = "seed \(seed), step \(step) (\(usesGit ? "git" : "no git"), \(passage)): \(edit)"
            edit.apply(to: &model)

            switch passage {
            case .committedIntoFreshClone:
                try model.sync(to: fixture.root)
                try await site.commit()
                try await site.freshClone()
            case .uncommittedInFreshClone:
                try await site.freshClone()
                try model.sync(to: fixture.root)
            case .inPlace:
                try model.sync(to: fixture.root)
            case .copiedFolder:
                try model.sync(to: fixture.root)
                try await site.copyWhole()
            case .olderState, .truncatedState, .foreignState:
                try model.sync(to: fixture.root)
                try damageState(passage, of: options, using: &random, foreign: foreign)
            }

            let before = try OutputFileRecord.scan(fixture.output)
            let report = try await SiteBuilder.build(options)
            if report.files.mode == .edit { editBuilds += 1 }
            try await IncrementalProperty.expectSameAsClean(fixture, report: report, context: context)
            // State that could be trusted: only the files whose bytes changed were touched.
            if !passage.damagesState {
                try IncrementalProperty.expectOnlyChangesWritten(in: fixture.output, before: before, report: report, context: context)
            }
        }
        return (taken, editBuilds)
    }

    /// Makes the state as `passage` says; every case must end in a whole pass or a clean
    /// build, never in output from the wrong state.
    private func damageState(_ passage: Passage, of options: BuildOptions, using random: inout SplitMix, foreign: ForeignSite) throws {
        let state = BuildStateFolder(options: options)
        let files = [state.recordsFile, state.inputsFile, state.manifestFile, state.siteIndexFile]
        switch passage {
        case .olderState:
            // An older format: the same header (`timeline-state records 5`) with a lower version number.
            for file in files {
                guard var bytes = try? FileSystem.readBytes(file), let end = bytes.firstIndex(of: UInt8(ascii: "\n")), end > 0,
                    bytes[end - 1] > UInt8(ascii: "1")
                else { continue }
                bytes[end - 1] -= 1
                try FileSystem.writeFile(file, bytes: bytes)
            }
        case .truncatedState:
            let present = files.filter { FileSystem.kind(of: $0) == .file }
            guard !present.isEmpty else { break }
            let file = present[Int(random.next() % UInt64(present.count))]
            let bytes = try FileSystem.readBytes(file)
            try FileSystem.writeFile(file, bytes: Array(bytes.prefix(bytes.count / 2)))
        case .foreignState:
            for (name, bytes) in foreign.stateFiles { try FileSystem.writeFile(state.folder + "/" + name, bytes: bytes) }
        default:
            break
        }
    }
}

/// Another site's build state, made once: its records, inputs, manifest and site index.
private struct ForeignSite {
    let stateFiles: [(String, [UInt8])]

    static func make() async throws -> ForeignSite {
        var model = SiteModel.initial()
        var random = SplitMix(seed: 424_242)
        for _ in 0..<6 {
            let edit = model.randomEdit(using: &random)
            if !edit.breaksTheSite { edit.apply(to: &model) }
        }
        let fixture = try SiteFixture()
        try model.sync(to: fixture.root)
        _ = try await SiteBuilder.build(fixture.options())
        let state = BuildStateFolder(options: fixture.options())
        let files = try ["records", "inputs", "manifest", "site"].compactMap { name -> (String, [UInt8])? in
            let path = state.folder + "/" + name
            return FileSystem.kind(of: path) == .file ? (name, try FileSystem.readBytes(path)) : nil
        }
        return ForeignSite(stateFiles: files)
    }
}

/// A site folder that is a git work tree (or not), checked out afresh as CI does.
private struct CheckedOutSite {
    let root: String
    let usesGit: Bool
    var origin: String { root + ".origin" }
    /// What CI's cache keeps between runs.
    static let restored = [".timeline-cache", "Output"]

    func start() async throws {
        guard usesGit else { return }
        try FixtureFiles.write(root + "/.gitignore", "/Output/\n/CleanOutput/\n/.timeline-cache/\n/.clean-cache/\n")
        try await git(["init", "-q"], in: root)
        try await commit()
    }

    func commit() async throws {
        try await git(["add", "-A", "."], in: root)
        try await git(["commit", "-q", "--allow-empty", "-m", "edit"], in: root)
    }

    /// The site cloned again at the same path, with the state restored by `tar`.
    func freshClone() async throws {
        let previous = root + ".previous"
        try FileSystem.rename(root, to: previous)
        defer { try? FileManager.default.removeItem(atPath: previous) }
        try await git(["clone", "-q", previous, root], in: nil)
        try await keepEmptyContentFolders()
        try await restoreState(from: previous)
    }

    /// The site folder copied whole (`cp -R` keeps no times or inodes).
    func copyWhole() async throws {
        let previous = root + ".previous"
        try FileSystem.rename(root, to: previous)
        defer { try? FileManager.default.removeItem(atPath: previous) }
        try await run("/bin/cp", ["-R", previous, root])
    }

    /// Git keeps no empty folders; a site always has its `users` and `posts` folders.
    private func keepEmptyContentFolders() async throws {
        for folder in ["Content/users", "Content/posts"] { try FileSystem.makeDirectories(root + "/" + folder) }
    }

    private func restoreState(from previous: String) async throws {
        let present = Self.restored.filter { FileSystem.kind(of: previous + "/" + $0) != .missing }
        guard !present.isEmpty else { return }
        let archive = root + ".state.tar"
        defer { try? FileManager.default.removeItem(atPath: archive) }
        try await run("/usr/bin/env", ["tar", "-C", previous, "-cf", archive] + present)
        try await run("/usr/bin/env", ["tar", "-C", root, "-xf", archive])
    }

    private func git(_ arguments: [String], in directory: String?) async throws {
        let environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": root + ".home", "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.org", "GIT_COMMITTER_NAME": "Test",
            "GIT_COMMITTER_EMAIL": "test@example.org",
        ]
        let result = try await Subprocess.run("/usr/bin/env", ["git"] + arguments, in: directory, environment: environment)
        guard result.status == 0 else { throw CommandFailure(command: "git \(arguments.joined(separator: " "))", output: result.standardError) }
    }

    private func run(_ executable: String, _ arguments: [String]) async throws {
        let result = try await Subprocess.run(executable, arguments)
        guard result.status == 0 else { throw CommandFailure(command: ([executable] + arguments).joined(separator: " "), output: result.standardError) }
    }

    struct CommandFailure: Error, CustomStringConvertible {
        let command: String
        let output: String
        var description: String { "\(command) failed: \(output)" }
    }
}

private enum FixtureFiles {
    static func write(_ path: String, _ text: String) throws {
        try FileSystem.writeFile(path, bytes: Array(text.utf8))
    }
}
