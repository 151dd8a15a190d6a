/// One file of the search index, relative to the output root.
struct SearchFile: Sendable {
    let path: String
    let bytes: [UInt8]
}
