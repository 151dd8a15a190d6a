import CSystemSupport
import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP connection to a port on 127.0.0.1, for talking to a local server byte for byte (the
/// tests' HTTP probes). Writing to a connection the server closed never raises SIGPIPE (Linux:
/// MSG_NOSIGNAL; Darwin: SO_NOSIGPIPE). Closed when dropped.
package final class LoopbackConnection: Sendable {
    package struct Failure: Error, CustomStringConvertible {
        package let port: Int
        package let code: Int32
        package var description: String { "cannot connect to 127.0.0.1:\(port): \(Errno(rawValue: code))" }
    }

    private let descriptor: Int32

    /// Connects; a read waits at most `receiveTimeout` seconds.
    package init(port: Int, receiveTimeout: Int = 30) throws(Failure) {
        descriptor = timeline_loopback_connect(Int32(port), Int32(receiveTimeout))
        guard descriptor >= 0 else { throw Failure(port: port, code: SystemError.last) }
    }

    deinit {
        shutdown(descriptor, Int32(SHUT_RDWR))
        close(descriptor)
    }

    /// Sends every byte of `text`; false when the connection refused them.
    @discardableResult
    package func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { timeline_socket_send_all(descriptor, $0.baseAddress, $0.count) } == 0
    }

    /// What arrived next, at most `limit` bytes.
    package enum Received {
        case bytes([UInt8])
        /// Nothing arrived within the receive timeout.
        case timedOut
        /// The stream ended, or failed.
        case ended
    }

    package func receive(limit: Int = 65536) -> Received {
        var chunk = [UInt8](repeating: 0, count: limit)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 { return .bytes(Array(chunk[0..<count])) }
            if count < 0 && SystemError.last == EINTR { continue }
            if count < 0 && (SystemError.last == EAGAIN || SystemError.last == EWOULDBLOCK) { return .timedOut }
            return .ended
        }
    }

    /// Ends the connection both ways (a browser going away); the descriptor stays open until
    /// the connection is dropped.
    package func shutDown() {
        shutdown(descriptor, Int32(SHUT_RDWR))
    }
}

/// A socket listening on a free loopback port (so that the port is taken), closed when dropped.
package final class LoopbackListener: Sendable {
    private let descriptor: Int32
    package let port: Int

    package init() throws(FileSystem.Failure) {
        var port: Int32 = 0
        descriptor = timeline_loopback_listen(&port)
        guard descriptor >= 0 else { throw FileSystem.Failure(path: "127.0.0.1", operation: "listen on", code: SystemError.last) }
        self.port = Int(port)
    }

    deinit {
        close(descriptor)
    }

    /// A port nobody listens on: the one the system gives a socket bound to port 0, closed again.
    package static func freePort() -> Int? {
        let port = timeline_loopback_free_port()
        return port > 0 ? Int(port) : nil
    }
}
