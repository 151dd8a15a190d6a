/// Every text made of up to `length` of `pieces` in a row, repeats allowed, the empty text
/// first: the inputs of tests that compare a fast path with the plain one over all short texts.
package func texts(of pieces: [String], upTo length: Int) -> [String] {
    var all = [""]
    var last = [""]
    for _ in 0..<length {
        last = last.flatMap { text in pieces.map { text + $0 } }
        all += last
    }
    return all
}
