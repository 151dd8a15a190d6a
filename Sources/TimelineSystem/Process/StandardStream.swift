import CSystemSupport
import SystemPackage

/// Standard output and standard error, written without buffering so that a line shows at once
/// through a pipe too.
package enum StandardStream: Sendable {
    case output
    case error

    private var descriptor: FileDescriptor { self == .output ? .standardOutput : .standardError }

    package func write(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            _ = try? descriptor.writeAll(UnsafeRawBufferPointer(buffer))
        }
    }

    /// Whether the stream is a terminal (isatty(3)).
    package var isTerminal: Bool { timeline_is_terminal(descriptor.rawValue) == 1 }
}
