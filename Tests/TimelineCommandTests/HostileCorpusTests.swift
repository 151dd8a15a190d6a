import Foundation
import Testing
import TimelineTestSupport

/// The hostile-input corpus (`HostileCorpus`): each crafted zip, export folder, content folder
/// and clip run through the `timeline` executable, which must end by itself, within bounded
/// memory and output (`HostileBounds`), with the status and diagnostics the case expects, and
/// leave nothing half-written.
@Suite("Hostile-input corpus")
struct HostileCorpusTests {
    @Test("each case ends within its bounds, as expected, and leaves nothing half-written", arguments: HostileCorpus.cases)
    func hostileCase(_ hostile: HostileCase) async throws {
        let run = try await HostileRun.run(hostile)
        let outcome = try #require(run.outcome, "\(run.arguments) did not start")
        let expected = hostile.expected
        let messages = run.standardError

        // Bounded in time, memory and output.
        #expect(!outcome.timedOut, "killed after \(HostileBounds.seconds) s")
        let peak = try #require(outcome.peakResidentBytes)
        #expect(peak < HostileBounds.peakResidentBytes, "peak resident memory \(peak >> 20) MiB")
        let ceiling = HostileBounds.writtenBytes(forInput: run.inputBytes)
        #expect(run.writtenBytes <= ceiling, "wrote \(run.writtenBytes) bytes for \(run.inputBytes) of input")
        #expect(outcome.messages.count <= HostileBounds.messageBytes, "\(outcome.messages.count) bytes on standard error")
        #expect(HostileRun.rawControls(outcome.messages) == 0 && HostileRun.rawControls(outcome.output) == 0, "\(messages.debugDescription)")

        // The outcome expected.
        #expect(outcome.status == expected.status, "\(messages)")
        if hostile.command == .build {
            #expect(run.reportedCodes == expected.codes.map(\.rawValue), "\(messages)")
        }
        #expect(expected.errorsAt.allSatisfy { place in run.errorPlaces.contains { $0.hasSuffix(place) } }, "\(run.errorPlaces)")
        if hostile.command == .check { #expect(run.errorPlaces.count == expected.errorsAt.count, "\(messages)") }
        #expect(run.skipped.sorted() == expected.skipped.sorted(), "\(messages)")
        for text in expected.escaped { #expect(messages.contains(text), "\(messages)") }

        // Nothing half-written: a refusal changes nothing, an import leaves out whole posts,
        // and no staged file is left behind.
        if outcome.status != 0 && outcome.status != 2 || hostile.command == .check {
            #expect(run.after == run.before, "\(Set(run.after.keys).symmetricDifference(run.before.keys).sorted())")
        }
        if let posts = expected.posts { #expect(run.postFolders == posts) }
        #expect(run.leftovers.isEmpty, "\(run.leftovers)")
    }
}
