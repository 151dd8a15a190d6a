import Foundation
import Testing

@testable import TimelineContent

/// libgit2 is started only for a content folder with a `.git` at or above it.
@Suite("Git work tree search")
struct GitWorkTreeSearchTests {
    @Test("a .git folder or file at or above the folder is found; a tree without one is not")
    func gitEntry() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-git-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let nested = root + "/checkout/site/Content"
        let outside = root + "/elsewhere/Content"
        try FileManager.default.createDirectory(atPath: nested, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        // Nothing above the temporary folder is a work tree, unless the machine's temporary folder is in one.
        let aboveRoot = GitWorkTree.hasGitEntry(atOrAbove: root)
        #expect(GitWorkTree.hasGitEntry(atOrAbove: nested) == aboveRoot)
        // A linked work tree's `.git` is a file naming the repository.
        try Data("gitdir: /nowhere\n".utf8).write(to: URL(fileURLWithPath: root + "/checkout/.git"))
        #expect(GitWorkTree.hasGitEntry(atOrAbove: nested))
        #expect(GitWorkTree.hasGitEntry(atOrAbove: root + "/checkout"))
        #expect(GitWorkTree.hasGitEntry(atOrAbove: outside) == aboveRoot)
        try FileManager.default.createDirectory(atPath: outside + "/.git", withIntermediateDirectories: true)
        #expect(GitWorkTree.hasGitEntry(atOrAbove: outside))
        #expect(GitWorkTree(holding: root + "/elsewhere") == nil)
    }
}
