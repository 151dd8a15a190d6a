/// The compiled programs of a template set laid out flat for the renderer: instructions of
/// plain numbers in one buffer, every static text and indentation in one byte pool, names'
/// places and field steps in tables. Nothing in them is reference counted, so the two render
/// tasks read the same instructions without moving a shared count on every step (the op trees
/// did: a shared cache line bounced between the cores on each text and each name), and
/// neighbouring instructions share cache lines.
///
/// A final class that owns its buffers: immutable once made, freed with the template set.
final class RenderCode: @unchecked Sendable {
    struct Instruction {
        enum Opcode: UInt8 {
            /// Bytes `a ..< a + b` of the text pool.
            case text
            case lineStart
            /// The value of lookup `a`, escaped or not.
            case value
            /// A section over lookup `a`: its body runs from the next instruction up to `b`.
            case section
            case invertedSection
            /// Program `a`, its lines indented by piece `b` of the pool.
            case call
            /// Program `a`, whose output may be kept per value (`TemplateFields.fragmentKey`).
            case reusableCall
            /// The body up to `b`, its lines indented by piece `a`.
            case indented
        }

        let opcode: Opcode
        let escaped: Bool
        let a: Int32
        let b: Int32
    }

    /// A stretch of the text pool.
    struct Piece {
        let offset: Int32
        let count: Int32
    }

    /// Where a name's value is found: `current` is `{{.}}`; `resolved` tries places
    /// `start ..< start + count` in turn; `byName` follows steps `start ..< start + count` from
    /// each frame, top down.
    struct Lookup {
        enum Kind: UInt8 { case current, resolved, byName }
        let kind: Kind
        let start: Int32
        let count: Int32
    }

    /// A frame (counted from the top of the stack) and the steps `stepStart ..< stepStart + stepCount` from it.
    struct Place {
        let depth: Int32
        let stepStart: Int32
        let stepCount: Int32
    }

    /// One field read: by `slot` when the object is of the type that declared the expected
    /// schema, else by name (`names[name]`).
    struct Step {
        let owner: ObjectIdentifier?
        let slot: Int32
        let name: Int32
    }

    let instructions: UnsafeMutableBufferPointer<Instruction>
    let text: UnsafeMutableBufferPointer<UInt8>
    let pieces: UnsafeMutableBufferPointer<Piece>
    /// Program index → its instructions.
    let programs: UnsafeMutableBufferPointer<Piece>
    let lookups: UnsafeMutableBufferPointer<Lookup>
    let places: UnsafeMutableBufferPointer<Place>
    let steps: UnsafeMutableBufferPointer<Step>
    let names: [String]

    init(programs trees: [[RenderOp]]) {
        var builder = Builder()
        var ranges: [Piece] = []
        for tree in trees {
            let start = builder.instructions.count
            builder.emit(tree)
            ranges.append(Piece(offset: Int32(start), count: Int32(builder.instructions.count - start)))
        }
        instructions = Self.buffer(builder.instructions)
        text = Self.buffer(builder.text)
        pieces = Self.buffer(builder.pieces)
        programs = Self.buffer(ranges)
        lookups = Self.buffer(builder.lookups)
        places = Self.buffer(builder.places)
        steps = Self.buffer(builder.steps)
        names = builder.names
    }

    deinit {
        instructions.deallocate()
        text.deallocate()
        pieces.deallocate()
        programs.deallocate()
        lookups.deallocate()
        places.deallocate()
        steps.deallocate()
    }

    private static func buffer<Element>(_ elements: [Element]) -> UnsafeMutableBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(elements.count, 1))
        _ = buffer.initialize(from: elements)
        return UnsafeMutableBufferPointer(rebasing: buffer[0..<elements.count])
    }

    /// Lays the op trees out flat.
    private struct Builder {
        var instructions: [Instruction] = []
        var text: [UInt8] = []
        var pieces: [Piece] = []
        var lookups: [Lookup] = []
        var places: [Place] = []
        var steps: [Step] = []
        var names: [String] = []
        private var nameIndex: [String: Int32] = [:]
        private var pieceIndex: [[UInt8]: Int32] = [:]

        mutating func emit(_ ops: [RenderOp]) {
            for op in ops {
                switch op {
                case .text(let bytes):
                    let piece = pool(bytes)
                    add(.text, a: piece.offset, b: piece.count)
                case .lineStart:
                    add(.lineStart)
                case .value(let lookup, let escaped):
                    add(.value, escaped: escaped, a: self.lookup(lookup))
                case .section(let lookup, let body):
                    emitBody(.section, a: self.lookup(lookup), body)
                case .invertedSection(let lookup, let body):
                    emitBody(.invertedSection, a: self.lookup(lookup), body)
                case .call(let program, let indentation):
                    add(.call, a: Int32(program), b: piece(indentation))
                case .reusableCall(let program):
                    add(.reusableCall, a: Int32(program))
                case .indented(let indentation, let body):
                    emitBody(.indented, a: piece(indentation), body)
                }
            }
        }

        /// An instruction whose body follows it; `b` is where the body ends.
        private mutating func emitBody(_ opcode: Instruction.Opcode, a: Int32, _ body: [RenderOp]) {
            let at = instructions.count
            add(opcode, a: a)
            emit(body)
            instructions[at] = Instruction(opcode: opcode, escaped: false, a: a, b: Int32(instructions.count))
        }

        private mutating func add(_ opcode: Instruction.Opcode, escaped: Bool = false, a: Int32 = 0, b: Int32 = 0) {
            instructions.append(Instruction(opcode: opcode, escaped: escaped, a: a, b: b))
        }

        private mutating func pool(_ bytes: [UInt8]) -> Piece {
            let piece = Piece(offset: Int32(text.count), count: Int32(bytes.count))
            text += bytes
            return piece
        }

        /// The index of a piece of indentation, each distinct one pooled once.
        private mutating func piece(_ bytes: [UInt8]) -> Int32 {
            if let index = pieceIndex[bytes] { return index }
            let index = Int32(pieces.count)
            pieces.append(pool(bytes))
            pieceIndex[bytes] = index
            return index
        }

        private mutating func lookup(_ lookup: ValueLookup) -> Int32 {
            let index = Int32(lookups.count)
            switch lookup {
            case .current:
                lookups.append(Lookup(kind: .current, start: 0, count: 0))
            case .resolved(let resolved):
                let start = Int32(places.count)
                for place in resolved {
                    let stepStart = addSteps(place.steps)
                    places.append(Place(depth: Int32(place.depth), stepStart: stepStart, stepCount: Int32(place.steps.count)))
                }
                lookups.append(Lookup(kind: .resolved, start: start, count: Int32(resolved.count)))
            case .byName(let steps):
                lookups.append(Lookup(kind: .byName, start: addSteps(steps), count: Int32(steps.count)))
            }
            return index
        }

        private mutating func addSteps(_ fieldSteps: [FieldStep]) -> Int32 {
            let start = Int32(steps.count)
            for step in fieldSteps {
                steps.append(Step(owner: step.owner, slot: Int32(step.slot), name: name(step.name)))
            }
            return start
        }

        private mutating func name(_ name: String) -> Int32 {
            if let index = nameIndex[name] { return index }
            let index = Int32(names.count)
            names.append(name)
            nameIndex[name] = index
            return index
        }
    }
}
