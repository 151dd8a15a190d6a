import Foundation
import Testing
import TimelineSystem
import TimelineTestSupport

@testable import TimelineAuthoring
@testable import TimelineContent
@testable import TimelineModel

/// Every seed of the fuzzers (`Fuzz/corpus/<target>/`) and every input a fuzzer once crashed on
/// (`Tests/TimelineAuthoringTests/Fixtures/fuzz-regressions/<target>/`), through the entry point the
/// libFuzzer harness calls: each must come back, as content errors or as content, and the same
/// way twice (a fuzzer's findings are reproducible only if one input does not change the next).
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    struct Input: Sendable, CustomTestStringConvertible {
        let target: LoaderFuzzTarget
        let path: String
        var testDescription: String { "\(target.rawValue): \(path.dropFirst(RepositoryPaths.root.count + 1))" }
    }

    static let folders = [RepositoryPaths.root + "/Fuzz/corpus", RepositoryPaths.root + "/Tests/TimelineAuthoringTests/Fixtures/fuzz-regressions"]

    static let inputs: [Input] = LoaderFuzzTarget.allCases.flatMap { target in
        folders.flatMap { folder in
            let targetFolder = folder + "/" + target.rawValue
            let names = (try? FileManager.default.contentsOfDirectory(atPath: targetFolder)) ?? []
            return names.sorted().map { Input(target: target, path: targetFolder + "/" + $0) }
        }
    }

    /// A workspace of the test's own: the tests run in parallel.
    static func workspace() throws -> FuzzWorkspace {
        try FuzzWorkspace(
            root: FileManager.default.temporaryDirectory.resolvingSymlinksInPath()
                .appendingPathComponent("timeline-fuzz-test-\(UUID().uuidString)").path)
    }

    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test("each input returns, the same way twice", arguments: inputs)
    func input(_ input: Input) async throws {
        let workspace = try Self.workspace()
        defer { try? FileManager.default.removeItem(atPath: workspace.root) }
        let bytes = try Self.bytes(input.path)
        let first = try await input.target.run(bytes, in: workspace)
        let second = try await input.target.run(bytes, in: workspace)
        #expect(first == second)
    }

    @Test("front matter whose aliases expand past the budget is an error at the alias that takes it past")
    func aliasExpansion() async throws {
        let workspace = try Self.workspace()
        defer { try? FileManager.default.removeItem(atPath: workspace.root) }
        let input = Self.folders[1] + "/post/alias-expansion-laughs.md"
        let output = try await LoaderFuzzTarget.post.run(try Self.bytes(input), in: workspace)
        #expect(
            output == [
                "Content/posts/-K25Fj8qrMAtxXG3QCSn/post.md:7:15: error: the front matter's aliases expand to more than 10000 values; write the values out instead"
            ])
        let shallow = "---\nusername: fuzz\nalt: &text A rocket\nimage: photo.jpg\ndate: *text\n---\n"
        #expect(try await LoaderFuzzTarget.post.run(Array(shallow.utf8), in: workspace).contains { $0.contains("date must be an ISO 8601 date") })
    }

    @Test("every target has seeds")
    func everyTargetHasSeeds() {
        let seeded = Set(Self.inputs.filter { $0.path.hasPrefix(Self.folders[0]) }.map(\.target.rawValue))
        #expect(seeded == Set(LoaderFuzzTarget.allCases.map(\.rawValue)))
    }

    @Test("the example site's seeds load without errors, and the sample export imports its posts, once")
    func seedsLoad() async throws {
        let workspace = try Self.workspace()
        defer { try? FileManager.default.removeItem(atPath: workspace.root) }
        for input in Self.inputs where Path.fileName(of: input.path).hasPrefix("example") {
            let output = try await input.target.run(try Self.bytes(input.path), in: workspace)
            #expect(!output.contains { $0.contains(": error: ") }, "\(input.testDescription): \(output)")
        }
        let export = Self.folders[0] + "/firebase-import/sample.json"
        let output = try await LoaderFuzzTarget.firebaseImport.run(try Self.bytes(export), in: workspace)
        #expect(output == ["2 posts added, 2 users added", "0 posts added, 0 users added"])
    }
}
