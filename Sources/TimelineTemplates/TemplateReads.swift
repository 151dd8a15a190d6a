/// A field of a kind of object (`TemplateSchema`, by name) that a compiled template may read.
struct TemplateFieldRead: Hashable, Sendable {
    let schema: String
    let field: String
}

/// The fields an entry template (with every partial, parent and text it reaches) may read of
/// objects whose kind a Swift type declares: a value it cannot read cannot change what it
/// renders, so a page's fingerprint leaves such values out (a count in the site's values that
/// only the home page shows does not make every other page render again when it changes).
/// A template that reads a name into an object of a kind not known ahead has none
/// (`TemplateSet.reads(ofEntry:)` is nil): it may read anything.
public struct TemplateReads: Sendable {
    let fields: Set<TemplateFieldRead>

    /// Whether the template may read the field at `slot` of an object of `schema`'s kind.
    /// Objects of a kind no Swift type declares (data of any shape) are read by name, so any of
    /// their fields may be.
    public func mayRead(slot: Int, of schema: TemplateSchema) -> Bool {
        guard schema.owner != nil, schema.fields.indices.contains(slot) else { return true }
        return fields.contains(TemplateFieldRead(schema: schema.name, field: schema.fields[slot].name))
    }
}
