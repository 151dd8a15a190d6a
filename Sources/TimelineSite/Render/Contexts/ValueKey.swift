import TimelineContent
import TimelineModel
import TimelineTemplates

/// A value pages share, named the same way in every build: the site's values, a user's summary,
/// a post's card, a hashtag's values, an album's values. A render records the fields it reads of each
/// (`TemplateReadLog`, `PageReads`); an edit compares the values it may have changed field by
/// field (`ValueKey.fieldDigests`) and renders again the pages that read a changed field.
package enum ValueKey: Hashable, Sendable {
    case site
    case user(username: String)
    case card(post: ContentID)
    case tag(key: String)
    case album(owner: String, slug: String)

    /// The key as a render records it: the kind in the top four bits, a stable hash of the name below.
    package var recorded: UInt64 {
        var hasher = StableHasher()
        switch self {
        case .site: break
        case .user(let username): hasher.combine(username)
        case .card(let post): hasher.combine(post.rawValue)
        case .tag(let key): hasher.combine(key)
        case .album(let owner, let slug):
            hasher.combine(owner)
            hasher.combine(slug)
        }
        return kind << 60 | hasher.finalize().low & Self.nameBits
    }

    private var kind: UInt64 {
        switch self {
        case .site: 1
        case .user: 2
        case .card: 3
        case .tag: 4
        case .album: 5
        }
    }

    private static let nameBits: UInt64 = (1 << 60) - 1

    /// A digest of each field of `value`, in slot order. A value it holds that carries a key of
    /// its own (a card's author) counts by that key: what changes in it is that value's change.
    package static func fieldDigests(of value: any TemplateFields) -> [UInt64] {
        value.schema.fields.indices.map { slot in
            var hasher = StableHasher()
            combine(value.value(at: slot), into: &hasher)
            return hasher.finalize().low
        }
    }

    /// The mask (as `TemplateReadLog` sets it) of the fields whose digests differ between `old`
    /// and `new`; every field when either is missing.
    package static func changedFields(_ old: [UInt64]?, _ new: [UInt64]?) -> UInt64 {
        guard let old, let new, old.count == new.count else { return .max }
        var changed: UInt64 = 0
        for slot in old.indices where old[slot] != new[slot] { changed |= 1 << UInt64(min(slot, 63)) }
        return changed
    }

    private static func combine(_ value: TemplateValue, into hasher: inout StableHasher) {
        switch value {
        case .object(let object):
            if let key = object.readKey {
                hasher.combine(UInt64(13))
                hasher.combine(key)
                return
            }
            hasher.combine(UInt64(4))
            hasher.combine(object.schema.name)
            for slot in object.schema.fields.indices { combine(object.value(at: slot), into: &hasher) }
        case .list(let items):
            hasher.combine(UInt64(5))
            hasher.combine(items.count)
            for item in items { combine(item, into: &hasher) }
        default:
            ContextFingerprint.combine(value, into: &hasher)
        }
    }
}

extension PageContexts {
    /// The value `key` names in this site, as pages get it; nil when the site has no such value.
    package func value(_ key: ValueKey) -> (any TemplateFields)? {
        switch key {
        case .site: siteValues
        case .user(let username): site.userIndex(named: username).map { userSummaries[$0] }
        case .card(let post): site.postIndex(of: post).map { card($0, position: 0) }
        case .tag(let key): site.tags.tags.firstIndex { $0.key == key }.map(tagValues)
        case .album(let owner, let slug): site.albumIndex(owner: owner, slug: slug).map(albumValues)
        }
    }
}
