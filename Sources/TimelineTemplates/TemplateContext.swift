/// A Swift type that templates receive, declared once: its fields' names, types and how each
/// is read, from which both its schema (for compiling a theme) and its values (for rendering)
/// come. A conforming type keeps its list in a `static let`, so it is built once.
public protocol TemplateContext: TemplateFields {
    static var templateFields: TemplateFieldList<Self> { get }
}

extension TemplateContext {
    public static var templateSchema: TemplateSchema { templateFields.schema }

    // Inlinable so that each conforming type gets a specialized reader: unspecialized, every
    // read looked the closure's function type up in the runtime's metadata cache.
    @inlinable
    public var schema: TemplateSchema { Self.templateFields.schema }

    @inlinable
    public func value(at slot: Int) -> TemplateValue {
        Self.templateFields.readers[slot](self)
    }

    /// The value as templates receive it.
    public var templateValue: TemplateValue { .object(self) }
}

/// One field of a `TemplateContext`: its name, its type and how to read it.
///
/// The factories are inlinable so that each closure is specialized where a context declares
/// its fields: a generic closure asked the runtime for the metadata of `Value?` on every read.
public struct TemplateField<Root>: Sendable {
    @usableFromInline let name: String
    @usableFromInline let type: TemplateType
    @usableFromInline let read: @Sendable (Root) -> TemplateValue

    @usableFromInline
    init(name: String, type: TemplateType, read: @escaping @Sendable (Root) -> TemplateValue) {
        self.name = name
        self.type = type
        self.read = read
    }

    @inlinable
    public static func text(_ name: String, _ read: @escaping @Sendable (Root) -> String) -> Self {
        Self(name: name, type: .text) { .text(read($0)) }
    }

    @inlinable
    public static func optionalText(_ name: String, _ read: @escaping @Sendable (Root) -> String?) -> Self {
        Self(name: name, type: .optional(.text)) { read($0).map(TemplateValue.text) ?? .null }
    }

    @inlinable
    public static func number(_ name: String, _ read: @escaping @Sendable (Root) -> Int) -> Self {
        Self(name: name, type: .number) { .number(read($0)) }
    }

    @inlinable
    public static func optionalNumber(_ name: String, _ read: @escaping @Sendable (Root) -> Int?) -> Self {
        Self(name: name, type: .optional(.number)) { read($0).map(TemplateValue.number) ?? .null }
    }

    @inlinable
    public static func bool(_ name: String, _ read: @escaping @Sendable (Root) -> Bool) -> Self {
        Self(name: name, type: .bool) { .bool(read($0)) }
    }

    /// A flag that is true or absent (`{{#page.isHome}}`).
    @inlinable
    public static func optionalBool(_ name: String, _ read: @escaping @Sendable (Root) -> Bool?) -> Self {
        Self(name: name, type: .optional(.bool)) { read($0).map(TemplateValue.bool) ?? .null }
    }

    @inlinable
    public static func object<Value: TemplateContext>(_ name: String, _ read: @escaping @Sendable (Root) -> Value) -> Self {
        Self(name: name, type: .object(Value.templateSchema)) { .object(read($0)) }
    }

    @inlinable
    public static func optionalObject<Value: TemplateContext>(_ name: String, _ read: @escaping @Sendable (Root) -> Value?) -> Self {
        Self(name: name, type: .optional(.object(Value.templateSchema))) { root in
            guard let value = read(root) else { return .null }
            return .object(value)
        }
    }

    @inlinable
    public static func list<Value: TemplateContext>(_ name: String, _ read: @escaping @Sendable (Root) -> [Value]) -> Self {
        Self(name: name, type: .list(.object(Value.templateSchema))) { .list(read($0).map { .object($0) }) }
    }

    /// A value of a declared type made when a template reads it.
    @inlinable
    public static func lazy(_ name: String, _ type: TemplateType, _ read: @escaping @Sendable (Root) -> (any LazyTemplateValue)?) -> Self {
        Self(name: name, type: type) { read($0).map { .lazy($0) } ?? .null }
    }

    /// The same field read through a value that holds `Root` (a post page's post is a card and more).
    @inlinable
    public func lifted<Outer>(_ read: @escaping @Sendable (Outer) -> Root) -> TemplateField<Outer> {
        let own = self.read
        return TemplateField<Outer>(name: name, type: type) { own(read($0)) }
    }

    /// A value already in template form, of a declared type.
    @inlinable
    public static func value(_ name: String, _ type: TemplateType, _ read: @escaping @Sendable (Root) -> TemplateValue) -> Self {
        Self(name: name, type: type, read: read)
    }
}

/// The fields of a `TemplateContext`, in slot order, with the schema made from them.
public final class TemplateFieldList<Root>: Sendable {
    public let schema: TemplateSchema
    public let fields: [TemplateField<Root>]
    @usableFromInline let readers: [@Sendable (Root) -> TemplateValue]

    public init(_ name: String, _ fields: [TemplateField<Root>]) {
        schema = TemplateSchema(name: name, fields: fields.map { TemplateSchema.Field($0.name, $0.type) }, owner: ObjectIdentifier(Root.self))
        self.fields = fields
        readers = fields.map(\.read)
    }
}
