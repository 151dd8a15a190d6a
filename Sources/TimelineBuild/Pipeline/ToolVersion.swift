import CLibXML2
import TimelineContent
import TimelineModel
import TimelineOutput
import TimelineSite
import TimelineSystem

/// What `timeline --version` prints: the tool's version, the system it was built for, and the
/// version of each C library it runs with (read from the libraries themselves where they say,
/// so a binary on another machine names the libraries it found there).
package enum ToolVersion {
    package static var text: String {
        """
        timeline \(TimelineVersion.current) (\(SystemName.current), Swift \(swiftVersion))
        libraries: \(libraries.map { "\($0.name) \($0.version)" }.joined(separator: ", "))
        """
    }

    package static var libraries: [(name: String, version: String)] {
        [
            ("libcmark", Markdown.libraryVersion),
            ("libxml2", LIBXML_DOTTED_VERSION),
            ("libvips", ImageLibrary.version),
            ("zlib", GzipCompressor.libraryVersion),
            ("libbrotli", BrotliCompressor.libraryVersion),
            ("libgit2", GitWorkTree.libraryVersion),
        ]
    }

    private static var swiftVersion: String {
        #if swift(>=6.4)
            "6.4 or later"
        #elseif swift(>=6.3)
            "6.3"
        #elseif swift(>=6.2)
            "6.2"
        #elseif swift(>=6.1)
            "6.1"
        #else
            "6.0"
        #endif
    }
}
