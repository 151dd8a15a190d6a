import TimelineContent
import TimelineModel
import TimelineTemplates

/// Numbers as text, for index files the browser parses without a library: base 32, most
/// significant digit first, where the last digit of a number comes from the first half of
/// `alphabet` and the others from the second half. 0–31 take one character, up to 1,023 two.
///
/// A posting list (document numbers in result order) is its first number, then each gap
/// minus one: a word on every tenth post costs about one character per post.
package enum PostingEncoding {
    package static let alphabet = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_".utf8)

    /// Runs once per posting (millions on a large site), so it writes the digits in place
    /// instead of building them in a temporary array.
    package static func append(_ value: Int, to bytes: inout [UInt8]) {
        precondition(value >= 0, "posting numbers are never negative")
        var shift = 0
        while value >> (shift + 5) > 0 { shift += 5 }
        while shift > 0 {
            bytes.append(alphabet[32 + ((value >> shift) & 31)])
            shift -= 5
        }
        bytes.append(alphabet[value & 31])
    }

    /// Appends the postings from `start` on, until `budget` bytes are written or the list
    /// ends, and returns where it stopped (at least one past `start` when there is one).
    /// `numbers` must be strictly decreasing (`descending`) or strictly increasing.
    @discardableResult
    package static func append(
        postings numbers: [Int32], from start: Int = 0, descending: Bool, budget: Int = .max, to bytes: inout [UInt8]
    ) -> Int {
        let initialCount = bytes.count
        var end = start
        var previous: Int32?
        while end < numbers.count, bytes.count - initialCount < budget {
            let number = numbers[end]
            if let previous {
                append(Int(descending ? previous - number : number - previous) - 1, to: &bytes)
            } else {
                append(Int(number), to: &bytes)
            }
            previous = number
            end += 1
        }
        return end
    }

    /// The inverse of `append(postings:)`, for tests; nil on malformed text.
    package static func decode(postings text: some Sequence<UInt8>, descending: Bool) -> [Int]? {
        var numbers: [Int] = []
        var accumulator = 0
        var pending = false
        for byte in text {
            guard let digit = alphabet.firstIndex(of: byte) else { return nil }
            if digit >= 32 {
                accumulator = accumulator * 32 + digit - 32
                pending = true
                continue
            }
            let value = accumulator * 32 + digit
            accumulator = 0
            pending = false
            if let last = numbers.last {
                numbers.append(descending ? last - value - 1 : last + value + 1)
            } else {
                numbers.append(value)
            }
        }
        return pending ? nil : numbers
    }
}
