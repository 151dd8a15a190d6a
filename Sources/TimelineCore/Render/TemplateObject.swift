import Mustache

/// The values a template sees. A dictionary lookup per variable (templates read hundreds per
/// page, and Mirror-based lookup would dominate the render time), and `Sendable`, so the
/// contexts can be built once and shared between the render tasks. Nil values are left out,
/// so `{{#bio}}…{{/bio}}` renders nothing when there is no bio.
///
/// Each object carries a `digest` of everything in it, kept up to date as it is built: a
/// page is a function of its template and its context, so the digest of its context is what
/// the build manifest compares to decide whether the page must be rendered again.
public struct TemplateObject: MustacheParent, Sendable {
    public private(set) var fields: [String: any Sendable]
    public private(set) var digest: Digest
    /// Values made only when a template reads them, fingerprinted by what they are made from:
    /// a page that is not rendered again never makes them.
    private var deferred: [String: any DeferredTemplateValue] = [:]

    public init(_ fields: [String: (any Sendable)?]) {
        self.fields = fields.compactMapValues { $0 }
        digest = self.fields.reduce(.zero) { $0 &+ Self.fieldDigest($1.key, $1.value) }
    }

    init(_ fields: [String: (any Sendable)?], deferred: [String: any DeferredTemplateValue]) {
        self.init(fields)
        self.deferred = deferred
        digest = deferred.reduce(digest) { $0 &+ Self.deferredDigest($1.key, $1.value) }
    }

    public func child(named name: String) -> Any? {
        if let value = fields[name] { return TemplateText.wrapping(value) }
        guard !deferred.isEmpty, let value = deferred[name] else { return nil }
        let made: any Sendable = value.make()
        return made
    }

    func merging(deferred other: [String: any DeferredTemplateValue]) -> TemplateObject {
        var copy = self
        for (key, value) in other {
            if let previous = copy.deferred[key] { copy.digest = copy.digest &- Self.deferredDigest(key, previous) }
            copy.deferred[key] = value
            copy.digest = copy.digest &+ Self.deferredDigest(key, value)
        }
        return copy
    }

    private static func deferredDigest(_ key: String, _ value: any DeferredTemplateValue) -> Digest {
        var hasher = StableHasher()
        hasher.combine(key)
        hasher.combine(UInt64(11))
        hasher.combine(value.digest)
        return hasher.finalize()
    }

    public func merging(_ other: [String: (any Sendable)?]) -> TemplateObject {
        var copy = self
        for (key, value) in other {
            if let previous = copy.fields[key] { copy.digest = copy.digest &- Self.fieldDigest(key, previous) }
            copy.fields[key] = value
            if let value { copy.digest = copy.digest &+ Self.fieldDigest(key, value) }
        }
        return copy
    }

    private static func fieldDigest(_ key: String, _ value: any Sendable) -> Digest {
        var hasher = StableHasher()
        hasher.combine(key)
        combine(value, into: &hasher)
        return hasher.finalize()
    }

    /// Every kind of value the contexts hold, tagged so that `1` and `"1"` differ.
    private static func combine(_ value: any Sendable, into hasher: inout StableHasher) {
        switch value {
        case let text as String:
            hasher.combine(UInt64(1))
            hasher.combine(text)
        case let number as Int:
            hasher.combine(UInt64(2))
            hasher.combine(number)
        case let flag as Bool:
            hasher.combine(UInt64(3))
            hasher.combine(flag)
        case let object as TemplateObject:
            hasher.combine(UInt64(4))
            hasher.combine(object.digest)
        case let objects as [TemplateObject]:
            hasher.combine(UInt64(5))
            hasher.combine(objects.count)
            for object in objects { hasher.combine(object.digest) }
        case let texts as [String]:
            hasher.combine(UInt64(6))
            hasher.combine(texts.count)
            for text in texts { hasher.combine(text) }
        case let number as Int64:
            hasher.combine(UInt64(7))
            hasher.combine(number)
        case let number as Double:
            hasher.combine(UInt64(8))
            hasher.combine(number.bitPattern)
        case let value as any FingerprintedTemplateValue:
            hasher.combine(UInt64(12))
            hasher.combine(value.digest)
        case let values as [any Sendable]:
            hasher.combine(UInt64(9))
            hasher.combine(values.count)
            for element in values { combine(element, into: &hasher) }
        default:
            hasher.combine(UInt64(10))
            hasher.combine(String(reflecting: type(of: value)))
            hasher.combine(String(describing: value))
        }
    }
}

/// A template value of its own type (not a `TemplateObject`) that fingerprints itself.
protocol FingerprintedTemplateValue: Sendable {
    var digest: Digest { get }
}

/// A template value that is costly to make (HTML from Markdown, a page of cards) and whose
/// inputs are cheap to fingerprint. `digest` must cover everything `make` reads.
protocol DeferredTemplateValue: Sendable {
    var digest: Digest { get }
    func make() -> any Sendable
}

/// HTML from Markdown, rendered when a template shows it.
struct MarkdownHTML: DeferredTemplateValue {
    let source: String

    var digest: Digest {
        var hasher = StableHasher()
        hasher.combine("markdown")
        hasher.combine(source)
        return hasher.finalize()
    }

    func make() -> any Sendable {
        Markdown.html(source)
    }
}
