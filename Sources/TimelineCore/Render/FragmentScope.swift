import Mustache

/// What a reused partial sees: its item, then the values that are the same on every page.
struct FragmentScope: MustacheParent {
    let item: TemplateObject
    let pageIndependent: TemplateObject

    func child(named name: String) -> Any? {
        item.child(named: name) ?? pageIndependent.child(named: name)
    }
}
