/// One step of a compiled template, as the compiler makes it: static text is bytes; every name
/// is resolved to where its value is found; partials, parents and blocks are linked.
/// `RenderCode` lays these trees out flat for the renderer.
enum RenderOp: Sendable {
    case text([UInt8])
    /// The start of a template line: the indentation of the partials and blocks around it goes here.
    case lineStart
    case value(ValueLookup, escaped: Bool)
    case section(ValueLookup, body: [RenderOp])
    case invertedSection(ValueLookup, body: [RenderOp])
    /// A partial or parent: another program, its lines indented by `indentation`.
    case call(program: Int, indentation: [UInt8])
    /// A partial that reads only the value on top of the stack (and what it pushes itself):
    /// its output can be kept per value (`TemplateFields.fragmentKey`) and reused.
    case reusableCall(program: Int)
    /// A block's content put where the block was defined, its lines indented so.
    case indented([UInt8], body: [RenderOp])
}

/// Where a name's value is found on the context stack.
enum ValueLookup: Sendable {
    /// `{{.}}`: the value on top of the stack.
    case current
    /// Resolved when the theme was compiled: the first of these places that holds a value.
    case resolved([ResolvedName])
    /// Looked up by name from the top of the stack down (plain Mustache data): the steps of
    /// the dotted name, from each frame in turn.
    case byName([FieldStep])
}

/// One place a name may be found: a frame (counted from the top of the stack), then a field
/// step for each part of the dotted name.
struct ResolvedName: Sendable {
    let depth: Int
    let steps: [FieldStep]
}

/// A field read: by slot when the object is of the type that declared the expected schema
/// (`owner`), else by name.
struct FieldStep: Sendable {
    let name: String
    /// Nil when the kind of object is not known ahead.
    let owner: ObjectIdentifier?
    let slot: Int

    /// A step into an object of `schema`'s kind, at `slot`.
    init(name: String, schema: TemplateSchema, slot: Int) {
        self.name = name
        owner = schema.owner
        self.slot = slot
    }

    /// A step by name, into an object of any kind.
    init(byName name: String) {
        self.name = name
        owner = nil
        slot = 0
    }
}
