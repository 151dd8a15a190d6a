/// A value as a template sees it. Content is held as it came (`text` is escaped when a
/// template writes it with `{{…}}`); objects answer by slot, so a compiled template reads a
/// field without looking its name up.
public enum TemplateValue: Sendable {
    /// Absent: a lookup goes on to the enclosing context, a section is skipped.
    case null
    case bool(Bool)
    case number(Int)
    case text(String)
    case list([TemplateValue])
    case object(any TemplateFields)
    /// Made only when a template reads it (HTML from Markdown, a page of cards).
    case lazy(any LazyTemplateValue)

    /// Whether a section shows: not for null, false or an empty list. Unlike JavaScript's
    /// Mustache, an empty text and the number 0 are shown (docs/templates.md).
    var isShown: Bool {
        switch self {
        case .null: false
        case .bool(let flag): flag
        case .list(let items): !items.isEmpty
        case .lazy(let lazy): lazy.make().isShown
        default: true
        }
    }

    /// The value itself, with a lazy one made.
    @inline(__always)
    var resolved: TemplateValue {
        if case .lazy(let lazy) = self { return lazy.make() }
        return self
    }
}

/// An object with named fields. `schema` lists them; `value(at:)` answers by their position in
/// it, which a compiled template knows ahead of time. A class: a value holding one is then two
/// words, copied with one reference count and no box.
public protocol TemplateFields: AnyObject, Sendable {
    var schema: TemplateSchema { get }
    func value(at slot: Int) -> TemplateValue
    /// A fingerprint of every value in the object, when it keeps one (an object shown on many
    /// pages); nil to have it computed from the values.
    var cachedFingerprint: TemplateFingerprint? { get }
    /// Identifies the value among those of its kind when the output of a partial that reads
    /// only it may be kept and reused (`TemplateFragments`); nil to render it each time.
    var fragmentKey: Int? { get }
    /// Identifies the value across builds (this user, this post's card, the site's values) when
    /// the fields a render reads of it are recorded (`TemplateReadLog`); nil for a value that
    /// belongs to the page it is on.
    var readKey: UInt64? { get }
}

extension TemplateFields {
    public var cachedFingerprint: TemplateFingerprint? { nil }
    public var fragmentKey: Int? { nil }
    public var readKey: UInt64? { nil }
}

/// A value made when a template first reads it. `fingerprint` must cover everything `make`
/// reads, so that a page can be fingerprinted without making it.
///
/// A class: with every payload a reference or a plain value, `TemplateValue` is held in
/// registers and matched in place. An existential of any type made it address-only, and each
/// match of a case copied the whole value first (four copies for each name a template read).
public protocol LazyTemplateValue: AnyObject, Sendable {
    var fingerprint: TemplateFingerprint { get }
    func make() -> TemplateValue
}

/// 128 bits that identify what a lazy value is made from.
public struct TemplateFingerprint: Hashable, Sendable {
    public var high: UInt64
    public var low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }
}

/// An object of names chosen at run time (JSON data for `timeline render-template`), each
/// object its own schema of type `any`.
public final class TemplateDictionary: TemplateFields {
    public let schema: TemplateSchema
    private let values: [TemplateValue]

    public init(_ pairs: [(String, TemplateValue)]) {
        var names: [String] = []
        var values: [TemplateValue] = []
        var seen: [String: Int] = [:]
        for (name, value) in pairs {
            if let slot = seen[name] {
                values[slot] = value
            } else {
                seen[name] = names.count
                names.append(name)
                values.append(value)
            }
        }
        schema = TemplateSchema(name: "object", fields: names.map { TemplateSchema.Field($0, .any) })
        self.values = values
    }

    public func value(at slot: Int) -> TemplateValue {
        values[slot]
    }
}
