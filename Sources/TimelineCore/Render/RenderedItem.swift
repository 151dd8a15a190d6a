import Mustache
import Synchronization

/// A list item whose reused partial is rendered once: the stand-in reads the HTML from `slot`,
/// which renders it the first time any page asks; any other name (a template that shows the
/// item without the partial, like the profile's grid) is answered by the item's values, made
/// the first time such a name is asked, so a list that only includes the partial never makes
/// them.
struct RenderedItem: MustacheParent, Sendable {
    let slot: String
    let html: @Sendable () -> String?
    let values: LazyValues

    init(slot: String, values: @escaping @Sendable () -> TemplateObject, html: @escaping @Sendable () -> String?) {
        self.slot = slot
        self.html = html
        self.values = LazyValues(make: values)
    }

    func child(named name: String) -> Any? {
        name == slot ? html() : values.object.child(named: name)
    }

    /// The item's values, made once.
    final class LazyValues: Sendable {
        private let make: @Sendable () -> TemplateObject
        private let made = Mutex<TemplateObject?>(nil)

        init(make: @escaping @Sendable () -> TemplateObject) {
            self.make = make
        }

        var object: TemplateObject {
            if let object = made.withLock({ $0 }) { return object }
            let object = make()
            made.withLock { $0 = object }
            return object
        }
    }
}
