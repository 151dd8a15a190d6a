import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import TimelineBuild
import TimelineSystem

/// How to run a preview.
public struct PreviewConfiguration: Sendable {
    public var build: BuildOptions
    public var host: String
    /// 0 picks a free port (the tests do).
    public var port: Int
    /// How long the watcher must stay quiet before a burst of saves is rebuilt.
    public var debounce: Duration
    public var watchMode: FileWatcher.Mode
    /// How often idle event streams get a ping.
    public var heartbeat: Duration
    /// Whether SIGINT and SIGTERM stop the server gracefully (the command line); tests stop it
    /// by cancelling its task.
    public var handlesSignals: Bool
    /// The `Host` names requests may carry (`AllowedHosts`): loopback, addresses, and these.
    public var allowedHosts: AllowedHosts

    public init(
        build: BuildOptions, host: String = "127.0.0.1", port: Int = 8000, debounce: Duration = .milliseconds(100),
        watchMode: FileWatcher.Mode = .automatic, heartbeat: Duration = .seconds(15), handlesSignals: Bool = true,
        allowedHosts: AllowedHosts = AllowedHosts()
    ) {
        self.allowedHosts = allowedHosts
        self.build = build
        self.host = host
        self.port = port
        self.debounce = debounce
        self.watchMode = watchMode
        self.heartbeat = heartbeat
        self.handlesSignals = handlesSignals
    }
}

/// Why the preview could not run.
public enum PreviewFailure: Error, Sendable, CustomStringConvertible {
    case addressInUse(host: String, port: Int)
    case cannotListen(host: String, port: Int, reason: String)
    case stopped(reason: String)

    public var description: String {
        switch self {
        case .addressInUse(let host, let port):
            "cannot listen on \(host):\(port): the port is in use (stop the other server, or pick another with --port)"
        case .cannotListen(let host, let port, let reason):
            "cannot listen on \(host):\(port): \(reason)"
        case .stopped(let reason):
            "the preview stopped: \(reason)"
        }
    }
}

/// `timeline serve`: builds the site, serves the output folder over HTTP on Hummingbird,
/// rebuilds when the content or templates change, and tells open pages to reload through
/// Server-Sent Events at `/_timeline/events`.
public struct PreviewServer: Sendable {
    public let configuration: PreviewConfiguration
    public let state = PreviewState()
    public let broadcaster = ReloadBroadcaster()

    public init(configuration: PreviewConfiguration) {
        self.configuration = configuration
    }

    /// Runs until SIGINT or SIGTERM (when `handlesSignals`) or until the task is cancelled.
    public func run(report: @escaping @Sendable (PreviewEvent) -> Void) async throws(PreviewFailure) {
        let options = configuration.build
        let layout = options.layout
        let (listening, listened) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let loop = RebuildLoop(
            options: options, watcher: FileWatcher(roots: [layout.content.absolute, layout.templates.absolute], mode: configuration.watchMode),
            stylesheetFolder: layout.templates.appending("assets").absolute, debounce: configuration.debounce, heartbeat: configuration.heartbeat,
            startSignal: listening, state: state, broadcaster: broadcaster, report: report)
        let responder = PreviewResponder(
            files: StaticFileResponder(folder: ServedFolder(root: layout.output.absolute)), state: state, broadcaster: broadcaster,
            allowedHosts: configuration.allowedHosts)
        // Quiet unless LOG_LEVEL asks for Hummingbird's and the service group's own lines.
        var logger = Logger(label: "timeline.serve")
        logger.logLevel = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .critical
        let host = configuration.host
        let app = Application(
            responder: responder,
            configuration: ApplicationConfiguration(address: .hostname(host, port: configuration.port), serverName: nil),
            services: [loop],
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                let shownHost = host.contains(":") ? "[\(host)]" : host
                report(.listening(url: "http://\(shownHost):\(port)/"))
                listened.yield()
                listened.finish()
            },
            logger: logger)
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [app], gracefulShutdownSignals: configuration.handlesSignals ? [.sigterm, .sigint] : [], logger: logger))
        do {
            try await group.run()
        } catch {
            throw Self.failure(for: error, host: host, port: configuration.port)
        }
    }

    static func failure(for error: any Error, host: String, port: Int) -> PreviewFailure {
        if let error = error as? IOError {
            if error.errnoCode == EADDRINUSE { return .addressInUse(host: host, port: port) }
            return .cannotListen(host: host, port: port, reason: String(describing: error))
        }
        if let error = error as? SocketAddressError {
            return .cannotListen(host: host, port: port, reason: String(describing: error))
        }
        return .stopped(reason: String(describing: error))
    }
}

/// Routes a request: the event stream, or a file of the site.
struct PreviewResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let files: StaticFileResponder
    let state: PreviewState
    let broadcaster: ReloadBroadcaster
    let allowedHosts: AllowedHosts

    func respond(to request: Request, context: Context) async throws -> Response {
        guard allowedHosts.allows(request.head.authority) else {
            return StaticFileResponder.text(
                .forbidden,
                "Forbidden: this preview answers only localhost, 127.0.0.1, [::1] and IP addresses. To open it under another name, start it with --allow-host NAME.\n"
            )
        }
        let target = request.head.path ?? "/"
        let path = target.prefix { $0 != "?" }
        let snapshot = await state.request(path)
        if path == ReloadScript.eventsPath {
            return await events(snapshot)
        }
        return files.respond(to: request, state: snapshot)
    }

    /// A `text/event-stream` that starts with `hello` and carries every later event until the
    /// page goes away or the server shuts down.
    private func events(_ snapshot: PreviewState.Snapshot) async -> Response {
        let subscription = await broadcaster.subscribe(startingWith: .hello(generation: snapshot.generation))
        let broadcaster = self.broadcaster
        let headers: HTTPFields = [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store"]
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                do {
                    try await withGracefulShutdownHandler {
                        try await writer.write(ByteBuffer(string: "retry: 1000\n\n"))
                        for await event in subscription.events {
                            try await writer.write(ByteBuffer(string: event.serialized))
                        }
                    } onGracefulShutdown: {
                        Task { await broadcaster.unsubscribe(subscription.id) }
                    }
                } catch {
                    await broadcaster.unsubscribe(subscription.id)
                    throw error
                }
                await broadcaster.unsubscribe(subscription.id)
                try await writer.finish(nil)
            })
    }
}
