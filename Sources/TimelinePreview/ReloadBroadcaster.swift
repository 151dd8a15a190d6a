/// The open event streams, one per page listening. A rebuild's event goes to all of them.
/// Each subscriber gets an `AsyncStream` that ends when the subscriber is removed or the
/// broadcaster is closed (at shutdown).
public actor ReloadBroadcaster {
    private var subscribers: [Int: AsyncStream<ReloadEvent>.Continuation] = [:]
    private var nextID = 0
    private var closed = false

    public init() {}

    public struct Subscription: Sendable {
        public let id: Int
        public let events: AsyncStream<ReloadEvent>
    }

    /// A new stream that starts with `first` (the `hello` event).
    public func subscribe(startingWith first: ReloadEvent) -> Subscription {
        let (events, continuation) = AsyncStream.makeStream(of: ReloadEvent.self, bufferingPolicy: .bufferingNewest(16))
        let id = nextID
        nextID += 1
        continuation.yield(first)
        if closed {
            continuation.finish()
        } else {
            subscribers[id] = continuation
            continuation.onTermination = { [weak self] _ in
                Task { await self?.unsubscribe(id) }
            }
        }
        return Subscription(id: id, events: events)
    }

    public func unsubscribe(_ id: Int) {
        subscribers.removeValue(forKey: id)?.finish()
    }

    public func send(_ event: ReloadEvent) {
        for continuation in subscribers.values {
            continuation.yield(event)
        }
    }

    public var subscriberCount: Int { subscribers.count }

    /// Ends every stream, and every later one at once: the server is shutting down.
    public func close() {
        closed = true
        for continuation in subscribers.values {
            continuation.finish()
        }
        subscribers.removeAll()
    }
}
