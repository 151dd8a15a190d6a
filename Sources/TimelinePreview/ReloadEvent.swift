/// What the preview tells open pages, as Server-Sent Events.
public enum ReloadEvent: Sendable, Hashable {
    /// Sent first on every connection: the site's current generation.
    case hello(generation: Int)
    /// A rebuild succeeded: reload the page.
    case reload(generation: Int)
    /// A rebuild succeeded and only stylesheets changed: swap them in.
    case stylesheets(generation: Int)
    /// A rebuild failed: reload to show the errors over the last good page.
    case failed(generation: Int)
    /// Keeps idle connections open and finds those the browser has closed.
    case ping

    public var name: String {
        switch self {
        case .hello: "hello"
        case .reload: "reload"
        case .stylesheets: "stylesheets"
        case .failed: "failed"
        case .ping: "ping"
        }
    }

    /// The event in the `text/event-stream` format.
    public var serialized: String {
        switch self {
        case .hello(let generation), .reload(let generation), .stylesheets(let generation), .failed(let generation):
            "event: \(name)\ndata: \(generation)\n\n"
        case .ping:
            ": ping\n\n"
        }
    }
}
