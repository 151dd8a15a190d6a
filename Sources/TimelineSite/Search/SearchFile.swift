import TimelineContent
import TimelineModel
import TimelineSystem
import TimelineTemplates

/// One file of the search index, relative to the output root.
package struct SearchFile: Sendable {
    package let path: String
    package let bytes: [UInt8]

    /// Where the search stage puts its files: the staging folder in a build, memory in tests.
    package typealias Sink = @Sendable (SearchFile) throws(FileSystem.Failure) -> Void
}
