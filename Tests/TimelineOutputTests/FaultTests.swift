import Foundation
import Testing
import TimelineSystem
import TimelineTestSupport

@testable import TimelineBuild
@testable import TimelineModel

/// Real file system faults under a build: the output folder or the cache folder on a full
/// tmpfs, or made read-only by a read-only bind mount. Every failing build must name the path
/// and the system's reason, exit with status 1, leave `Output/` byte for byte as it was, and
/// leave a build state from which the next build, once the fault is gone, gives exactly what a
/// clean build gives. Mounting needs root: these tests are skipped, saying why, without it.
@Suite(
    "Faults: full and read-only file systems", .serialized,
    .enabled(
        if: ScratchMount.unavailableReason == nil,
        "needs root, and a system that lets it mount a tmpfs and read-only bind mounts (run the tests as root, as CI does)"))
struct FaultTests {
    /// Room for the small fixture's site (about 1 MiB) many times over: the filler takes the rest.
    static let volumeBytes = 32 << 20

    @Test("a full file system under Output/: the build fails naming the path and 'No space left', Output/ is kept")
    func fullOutputFileSystem() async throws {
        let fixture = try SiteFixture.small()
        let (volume, options, before, filler) = try await Self.fullVolume(fixture, holding: \.output, named: "Output")
        defer { volume.unmount() }
        await Self.expectFailure(of: options, saying: ["No space left on device", volume.path], keeping: before)

        // The program is another tool, so its build is a clean one, staged on the full volume.
        let failure = try Self.runTimeline(fixture, output: options.output)
        #expect(failure.status == 1)
        #expect(failure.standardError.contains("No space left on device"), "\(failure.standardError)")
        #expect(failure.standardError.contains(volume.path), "the error names no path on the full file system: \(failure.standardError)")
        #expect(try OutputTree(options.output) == before, "a build that ran out of space changed Output/")
        #expect(try Self.leftovers(in: volume.path, besides: ["Output", "filler"]).isEmpty)

        try filler.remove()
        try await Self.expectNextBuildEqualsClean(fixture, options: options, mode: .incremental)
    }

    @Test("a read-only Output/: the build fails naming the path and 'Read-only file system', Output/ is kept")
    func readOnlyOutput() async throws {
        let fixture = try SiteFixture.small()
        let (readOnly, before) = try await Self.readOnlyFolder(fixture, fixture.output)
        defer { readOnly.unmount() }
        // An incremental build (this process built the manifest) stops before its journal.
        await Self.expectFailure(of: fixture.options(), saying: ["Read-only file system", fixture.output], keeping: before)

        // The program is another tool, so its build is a clean one: its swap meets the mount point.
        let failure = try Self.runTimeline(fixture, output: fixture.output)
        #expect(failure.status == 1)
        #expect(failure.standardError.contains(fixture.output), "the error names no path in Output/: \(failure.standardError)")
        #expect(failure.standardError.contains("a mount point cannot be replaced"), "\(failure.standardError)")
        #expect(try OutputTree(fixture.output) == before, "a clean build into a read-only Output/ changed it")
        #expect(try Self.leftovers(in: fixture.root, besides: ["Content", "Templates", "Output", ".timeline-cache"]).isEmpty)

        readOnly.unmount()
        // The program's clean build dropped the manifest before its swap failed.
        try await Self.expectNextBuildEqualsClean(fixture, options: fixture.options(), mode: .clean)
    }

    @Test("a full file system under the cache folder: the build fails naming the path, Output/ and the cache are kept")
    func fullCacheFileSystem() async throws {
        let fixture = try SiteFixture.small()
        let (volume, options, before, filler) = try await Self.fullVolume(fixture, holding: \.cache, named: "cache")
        defer { volume.unmount() }
        await Self.expectFailure(of: options, saying: ["No space left on device", volume.path], keeping: before)

        try filler.remove()
        try await Self.expectNextBuildEqualsClean(fixture, options: options, mode: .incremental)
    }

    @Test("a read-only cache folder: the build fails naming the path, Output/ is kept, and the next build works")
    func readOnlyCache() async throws {
        let fixture = try SiteFixture.small()
        let (readOnly, before) = try await Self.readOnlyFolder(fixture, fixture.root + "/.timeline-cache")
        defer { readOnly.unmount() }
        await Self.expectFailure(of: fixture.options(), saying: ["Read-only file system", readOnly.path], keeping: before)

        readOnly.unmount()
        try await Self.expectNextBuildEqualsClean(fixture, options: fixture.options(), mode: .incremental)
    }

    /// Puts one folder of the build (`\.output` or `\.cache`) on a small tmpfs, builds, then takes
    /// every free byte of the tmpfs and edits the content, so that the next build runs out of
    /// space. Returns the mount (for the caller to unmount), the options, the output as built and
    /// the filler holding the space.
    static func fullVolume(
        _ fixture: SiteFixture, holding folder: WritableKeyPath<BuildOptions, String>, named name: String
    ) async throws -> (ScratchMount, BuildOptions, OutputTree, DiskFiller) {
        let volume = try ScratchMount.tmpfs(at: fixture.root + "/volume", bytes: volumeBytes)
        do {
            var options = fixture.options()
            options[keyPath: folder] = volume.path + "/" + name
            _ = try await SiteBuilder.build(options)
            let before = try OutputTree(options.absolute(options.output))
            let filler = try DiskFiller.fill(volume.path)
            try editContent(fixture)
            return (volume, options, before, filler)
        } catch {
            volume.unmount()
            throw error
        }
    }

    /// Builds, makes `folder` read-only and edits the content, so that the next build must write
    /// there. Returns the mount (for the caller to unmount) and the output as built.
    static func readOnlyFolder(_ fixture: SiteFixture, _ folder: String) async throws -> (ScratchMount, OutputTree) {
        _ = try await fixture.build()
        let before = try OutputTree(fixture.output)
        let readOnly = try ScratchMount.readOnly(folder)
        do {
            try editContent(fixture)
        } catch {
            readOnly.unmount()
            throw error
        }
        return (readOnly, before)
    }

    /// An edit that changes pages, adds a folder and deletes files: a new post, a changed caption.
    static func editContent(_ fixture: SiteFixture) throws {
        try fixture.post("-K3d5SS4ZpLjcbBJ5UIt", by: "bob", caption: "A third post, written while the disk was full")
        try fixture.write("Content/posts/-K25Fj8qrMAtxXG3QCSn/post.md", "---\nusername: alice\nalt: A rocket\n---\nAn edited caption")
    }

    /// `timeline build` run as a program, for its exit status and standard error.
    static func runTimeline(_ fixture: SiteFixture, output: String) throws -> Subprocess.Result {
        try Subprocess.runBlocking(
            RepositoryPaths.timelineExecutable, ["build", fixture.root, "--output", output], in: fixture.root, environment: ["CI": "true"])
    }

    /// A build with `options` fails with an error whose message holds every one of `phrases`,
    /// and leaves the output folder as `before`.
    static func expectFailure(
        of options: BuildOptions, saying phrases: [String], keeping before: OutputTree, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async {
        var diagnostics: [Diagnostic] = []
        do {
            _ = try await SiteBuilder.build(options)
        } catch {
            diagnostics = error.diagnostics
        }
        #expect(diagnostics.contains { diagnostic in phrases.allSatisfy { diagnostic.message.contains($0) } }, "\(diagnostics)", sourceLocation: sourceLocation)
        #expect((try? OutputTree(options.absolute(options.output))) == before, "the failed build changed Output/", sourceLocation: sourceLocation)
    }

    /// Once the fault is gone, the next build (of the kind `mode`) gives what a clean build gives.
    static func expectNextBuildEqualsClean(
        _ fixture: SiteFixture, options: BuildOptions, mode: BuildReport.Files.Mode, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws {
        let report = try await SiteBuilder.build(options)
        #expect(report.files.mode == mode, sourceLocation: sourceLocation)
        let clean = try await cleanBuild(fixture)
        #expect(try OutputTree(options.absolute(options.output)) == clean, "the next build differs from a clean build", sourceLocation: sourceLocation)
    }

    /// The site a clean build of the fixture's content gives, built beside it with its own cache.
    static func cleanBuild(_ fixture: SiteFixture) async throws -> OutputTree {
        var options = BuildOptions(siteRoot: fixture.root, output: fixture.root + "/CleanOutput", cache: fixture.root + "/.clean-cache")
        options.clean = true
        _ = try await SiteBuilder.build(options)
        defer { try? FileManager.default.removeItem(atPath: options.output) }
        return try OutputTree(options.output)
    }

    /// Names in `folder` other than `expected`: staging, pending or old-site folders a failed
    /// build left behind.
    static func leftovers(in folder: String, besides expected: Set<String>) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { !expected.contains($0) }
    }
}

/// A whole output folder: every folder, and every file with its bytes.
struct OutputTree: Equatable, CustomStringConvertible {
    let folders: Set<String>
    let files: [String: Data]

    init(_ root: String) throws {
        folders = try SiteFixture.folders(root)
        files = try SiteFixture.snapshot(root)
    }

    var description: String { "\(files.count) files in \(folders.count) folders" }
}
