import Foundation

#if TIMELINE_FUZZING
    import CFuzzerDriver
    @testable import TimelineAuthoring

    /// libFuzzer's driver with its usual options (`-max_total_time=…`, corpus folders, a crash
    /// file to reproduce); the loader is the one `TIMELINE_FUZZ_TARGET` names.
    @main
    enum TimelineFuzz {
        static func main() {
            _ = FuzzProcess.target
            var argc = CommandLine.argc
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
            exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput))
        }
    }

    /// One input through the loader, in this process's workspace.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
        let bytes = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
        let target = FuzzProcess.target
        let workspace = FuzzProcess.workspace
        let finished = DispatchSemaphore(value: 0)
        Task {
            do {
                _ = try await target.run(bytes, in: workspace)
            } catch {
                // The workspace could not be written (a full disk): not a finding in the loader.
                FuzzProcess.fail("\(error)")
            }
            finished.signal()
        }
        finished.wait()
        return 0
    }

    /// What one fuzzing process is set up with, read once.
    enum FuzzProcess {
        static let target: LoaderFuzzTarget = {
            let name = ProcessInfo.processInfo.environment["TIMELINE_FUZZ_TARGET"] ?? ""
            guard let target = LoaderFuzzTarget(rawValue: name) else {
                fail("set TIMELINE_FUZZ_TARGET to one of: \(LoaderFuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return target
        }()

        /// A folder of this process's own, removed when it exits normally.
        static let workspace: FuzzWorkspace = {
            let root = FileManager.default.temporaryDirectory.resolvingSymlinksInPath()
                .appendingPathComponent("timeline-fuzz-\(ProcessInfo.processInfo.processIdentifier)").path
            do {
                let workspace = try FuzzWorkspace(root: root)
                atexit { try? FileManager.default.removeItem(atPath: FuzzProcess.workspace.root) }
                return workspace
            } catch {
                fail("\(error)")
            }
        }()

        static func fail(_ message: String) -> Never {
            FileHandle.standardError.write(Data("timeline-fuzz: \(message)\n".utf8))
            exit(2)
        }
    }
#else
    /// Built without libFuzzer (a plain `swift build`): says how to build and run the fuzzers.
    @main
    enum TimelineFuzz {
        static func main() {
            FileHandle.standardError.write(Data("timeline-fuzz: built without libFuzzer; run `make fuzz` or scripts/fuzz.sh (docs/fuzzing.md)\n".utf8))
            exit(2)
        }
    }
#endif
