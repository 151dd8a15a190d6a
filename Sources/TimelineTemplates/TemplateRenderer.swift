/// Runs compiled templates (`RenderCode`): appends to one byte buffer, with the context stack
/// and the indentation of the partials around the current line.
struct TemplateRenderer {
    let code: RenderCode
    let fragments: TemplateFragments?
    /// Where the fields read of keyed objects go when the render ends; nil to record nothing.
    private let log: TemplateReadLog?
    /// The reads recorded so far (the log's, taken while the render runs).
    private var reads: TemplateReadLog.Reads?
    var output: [UInt8]
    private var stack: [TemplateValue] = []
    private var indentation: [RenderCode.Piece] = []
    /// Where this render's output starts in `output` (a line start there is the first line's).
    private let start: Int

    /// `start`: where this render's output will begin in the buffer swapped into `output`.
    init(code: RenderCode, fragments: TemplateFragments?, log: TemplateReadLog?, output: [UInt8], start: Int) {
        self.code = code
        self.fragments = fragments
        self.log = log
        reads = log?.take()
        self.output = output
        self.start = start
        stack.reserveCapacity(16)
    }

    mutating func run(program: Int, with value: TemplateValue) {
        stack.append(value.resolved)
        run(program: program)
        stack.removeLast()
    }

    /// Hands the reads recorded back to the log they were taken from.
    func handBackReads() {
        if let log, let reads { log.handBack(reads) }
    }

    private mutating func run(program: Int) {
        let range = code.programs[program]
        run(from: Int(range.offset), to: Int(range.offset + range.count))
    }

    /// Runs instructions `first ..< end`.
    private mutating func run(from first: Int, to end: Int) {
        var counter = first
        while counter < end {
            let instruction = code.instructions[counter]
            counter += 1
            switch instruction.opcode {
            case .text:
                append(RenderCode.Piece(offset: instruction.a, count: instruction.b))
            case .lineStart:
                if !indentation.isEmpty, output.count == start || output[output.count - 1] == UInt8(ascii: "\n") {
                    for piece in indentation { append(piece) }
                }
            case .value:
                write(value(of: instruction.a), escaped: instruction.escaped)
            case .section:
                let bodyEnd = Int(instruction.b)
                let value = value(of: instruction.a)
                switch value {
                case .null:
                    break
                case .bool(let shown):
                    if shown { run(from: counter, to: bodyEnd) }
                case .list(let items):
                    for item in items {
                        stack.append(item.resolved)
                        run(from: counter, to: bodyEnd)
                        stack.removeLast()
                    }
                default:
                    stack.append(value)
                    run(from: counter, to: bodyEnd)
                    stack.removeLast()
                }
                counter = bodyEnd
            case .invertedSection:
                if !value(of: instruction.a).isShown { run(from: counter, to: Int(instruction.b)) }
                counter = Int(instruction.b)
            case .call:
                let piece = code.pieces[Int(instruction.b)]
                indented(piece) { $0.run(program: Int(instruction.a)) }
            case .reusableCall:
                reuse(Int(instruction.a))
            case .indented:
                let bodyStart = counter
                indented(code.pieces[Int(instruction.a)]) { $0.run(from: bodyStart, to: Int(instruction.b)) }
                counter = Int(instruction.b)
            }
        }
    }

    private mutating func append(_ piece: RenderCode.Piece) {
        guard let base = code.text.baseAddress else { return }
        output.append(contentsOf: UnsafeBufferPointer(start: base + Int(piece.offset), count: Int(piece.count)))
    }

    /// A partial that reads only the value on top: its kept bytes when there are some, else
    /// rendered and kept. Not when lines are indented around it (a kept fragment is not).
    private mutating func reuse(_ program: Int) {
        guard let fragments, indentation.isEmpty, case .object(let object)? = stack.last, let key = object.fragmentKey else {
            return run(program: program)
        }
        let id = TemplateFragments.FragmentID(program: program, key: key)
        if let kept = fragments.fragment(id), reads == nil || kept.reads != nil {
            if let keptReads = kept.reads { reads?.record(pairs: keptReads) }
            return output.append(contentsOf: kept.bytes)
        }
        let start = output.count
        // The fragment's own reads are kept with it, so a page that reuses it records them too.
        let outer = reads
        reads = outer.map { _ in TemplateReadLog.Reads() }
        run(program: program)
        let own = reads?.pairs
        reads = outer
        if let own { reads?.record(pairs: own) }
        fragments.keep(TemplateFragments.Fragment(bytes: Array(output[start...]), reads: own), as: id)
    }

    private mutating func indented(_ piece: RenderCode.Piece, _ body: (inout TemplateRenderer) -> Void) {
        guard piece.count > 0 else { return body(&self) }
        indentation.append(piece)
        body(&self)
        indentation.removeLast()
    }

    /// The value a name stands for here, made if lazy.
    private mutating func value(of index: Int32) -> TemplateValue {
        let lookup = code.lookups[Int(index)]
        switch lookup.kind {
        case .current:
            return stack.last ?? .null
        case .resolved:
            for placeIndex in Int(lookup.start)..<Int(lookup.start + lookup.count) {
                let place = code.places[placeIndex]
                if let value = follow(place.stepStart, place.stepCount, from: stack[stack.count - 1 - Int(place.depth)]) { return value }
            }
        case .byName:
            for frame in stack.reversed() {
                if let value = follow(lookup.start, lookup.count, from: frame) { return value }
            }
        }
        return .null
    }

    /// A dotted name's value from one frame, made if lazy; nil when the frame has no value for
    /// its first part, so the lookup goes on outwards.
    @inline(__always)
    private mutating func follow(_ firstStep: Int32, _ stepCount: Int32, from frame: TemplateValue) -> TemplateValue? {
        var value = read(code.steps[Int(firstStep)], of: frame)
        if case .null = value { return nil }
        for stepIndex in Int(firstStep + 1)..<Int(firstStep + stepCount) {
            value = read(code.steps[stepIndex], of: value)
        }
        return value.resolved
    }

    /// One field of a value, by slot when the object is of the kind the template was compiled
    /// for, else by name.
    @inline(__always)
    private mutating func read(_ step: RenderCode.Step, of value: TemplateValue) -> TemplateValue {
        // The object is read where the value holds it: bound to a variable of its own, it was
        // retained and released for every field read.
        switch value {
        case .object(let object):
            return read(step, ofObject: object)
        case .lazy(let lazy):
            guard case .object(let made) = lazy.make() else { return .null }
            return read(step, ofObject: made)
        default:
            return .null
        }
    }

    @inline(__always)
    private mutating func read(_ step: RenderCode.Step, ofObject object: any TemplateFields) -> TemplateValue {
        if let owner = step.owner, ObjectIdentifier(type(of: object)) == owner {
            if reads != nil, let key = object.readKey { reads?.record(key, slot: Int(step.slot)) }
            return object.value(at: Int(step.slot))
        }
        guard let slot = object.schema.slot(named: code.names[Int(step.name)]) else { return .null }
        if reads != nil, let key = object.readKey { reads?.record(key, slot: slot) }
        return object.value(at: slot)
    }

    private mutating func write(_ value: TemplateValue, escaped: Bool) {
        switch value {
        case .text(let text):
            if escaped { HTMLEscape.append(text, to: &output) } else { HTMLEscape.appendRaw(text, to: &output) }
        case .number(let number):
            appendDecimal(number)
        case .bool(let flag):
            output.append(contentsOf: flag ? Self.trueBytes : Self.falseBytes)
        case .null, .list, .object, .lazy:
            break
        }
    }

    private static let trueBytes = Array("true".utf8)
    private static let falseBytes = Array("false".utf8)

    /// Writes a whole number's digits straight into the output.
    private mutating func appendDecimal(_ number: Int) {
        if number < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            output.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(24 - count)...]))
        }
    }
}
