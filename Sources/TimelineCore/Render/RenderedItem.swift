import Mustache

/// A list item whose reused partial is rendered once: the stand-in reads the HTML from `slot`,
/// which renders it the first time any page asks; any other name (a template that shows the
/// item without the partial, like the profile's grid) is answered by the item's values.
struct RenderedItem: MustacheParent, Sendable {
    let values: TemplateObject
    let slot: String
    let html: @Sendable () -> String?

    func child(named name: String) -> Any? {
        name == slot ? html() : values.child(named: name)
    }
}

/// What a reused partial sees: its item, then the values that are the same on every page.
struct FragmentScope: MustacheParent {
    let item: TemplateObject
    let pageIndependent: TemplateObject

    func child(named name: String) -> Any? {
        item.child(named: name) ?? pageIndependent.child(named: name)
    }
}
