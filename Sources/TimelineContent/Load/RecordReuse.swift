/// How the load stage takes records from the last build's record cache.
package enum RecordReuse: Sendable {
    /// A record whose files still have their status (or, where it moved, their identity).
    case whenCurrent
    /// None: every file is parsed again (`--clean`); only the identities of files whose status
    /// is the same are taken, so that a clean build need not hash every photo again.
    case identitiesOnly
    /// Every record as the cache holds it, without looking at its files: the site as the last
    /// build saw it, for an edit build that then reads only what its change set names. Only
    /// for a cache that the last build's input snapshot vouches for.
    case trusted
}

extension RecordReuse {
    /// The entry to take from the cache for a record, refreshed where its files' statuses moved
    /// but not their identities; nil when the record must be read.
    package func entry<Record>(_ cached: RecordCache.Entry<Record>?, identities: FileIdentities) -> RecordCache.Entry<Record>? {
        guard let cached else { return nil }
        switch self {
        case .trusted:
            return cached
        case .whenCurrent:
            return RecordCache.current(cached.dependencies, identities: identities).map {
                RecordCache.Entry(dependencies: $0, record: cached.record, warnings: cached.warnings)
            }
        case .identitiesOnly:
            return nil
        }
    }
}
