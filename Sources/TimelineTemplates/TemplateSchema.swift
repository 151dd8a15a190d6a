/// What a template may read at a place: the type of a value, down to the fields of objects.
/// A theme is compiled against the types its pages receive, so each name is resolved to a
/// slot ahead of time and a name no context provides is an error before anything renders.
public indirect enum TemplateType: Sendable {
    case text
    case number
    case bool
    case list(TemplateType)
    case object(TemplateSchema)
    /// May be absent, in which case a lookup goes on to the enclosing context.
    case optional(TemplateType)
    /// Not known before rendering: names are looked up by name (plain Mustache data).
    case any

    /// The type with `optional` taken off.
    var required: TemplateType {
        if case .optional(let wrapped) = self { return wrapped.required }
        return self
    }

    var isOptional: Bool {
        if case .optional = self { return true }
        if case .any = self { return true }
        return false
    }

    /// What a section over a value of this type pushes on the context stack, or nil when it
    /// pushes nothing (a boolean).
    var sectionFrame: TemplateType? {
        switch required {
        case .list(let element): element.required
        case .bool: nil
        case let other: other
        }
    }

    /// For messages: `text`, `list of card`, `user?`.
    public var description: String {
        switch self {
        case .text: "text"
        case .number: "number"
        case .bool: "boolean"
        case .list(let element): "list of \(element.description)"
        case .object(let schema): schema.name
        case .optional(let wrapped): wrapped.description + "?"
        case .any: "any value"
        }
    }
}

/// The fields of one kind of object, in slot order. A class so that two values of the same
/// kind share it and a rendered template can check a frame's kind by identity.
public final class TemplateSchema: Sendable {
    public struct Field: Sendable {
        public let name: String
        public let type: TemplateType

        public init(_ name: String, _ type: TemplateType) {
            self.name = name
            self.type = type
        }
    }

    public let name: String
    public let fields: [Field]
    private let slots: [String: Int]
    /// The Swift type whose values have this schema, when one type declared it
    /// (`TemplateContext`): a rendered template then checks an object's kind by its type.
    let owner: ObjectIdentifier?

    public convenience init(name: String, fields: [Field]) {
        self.init(name: name, fields: fields, owner: nil)
    }

    init(name: String, fields: [Field], owner: ObjectIdentifier?) {
        self.name = name
        self.fields = fields
        self.owner = owner
        var slots: [String: Int] = [:]
        for (slot, field) in fields.enumerated() where slots[field.name] == nil { slots[field.name] = slot }
        self.slots = slots
    }

    public func slot(named name: String) -> Int? {
        slots[name]
    }
}
