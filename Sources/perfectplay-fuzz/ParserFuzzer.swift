// Fuzzing the position parsers: every game's `load` must return (jobs or located errors) on
// any bytes, never trap or hang.
//
// Two ways to run it:
// - plain build: `perfectplay-fuzz [--runs N] [--seed S] [GAME...]` mutates the bundled
//   puzzles and the malformed corpus with a seeded generator (what CI runs);
// - libFuzzer build (coverage-guided, for long runs by hand):
//   swift build -c release --product perfectplay-fuzz --scratch-path .build-fuzz \
//     -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING -Xswiftc -parse-as-library
//   mkdir -p .build-fuzz/corpus-peg   # libFuzzer writes new inputs to the first folder
//   PERFECTPLAY_FUZZ_GAME=peg .build-fuzz/release/perfectplay-fuzz -runs=100000 \
//     .build-fuzz/corpus-peg Puzzles/peg

import Foundation
import SolverKit
import Games

var fuzzedGames: [any GameDefinition.Type] { catalog.games }

func game(named id: String) -> (any GameDefinition.Type)? { catalog.game(id: id) }

/// Runs one input through a game's parser and checks what it says about itself.
func exercise(_ game: any GameDefinition.Type, _ bytes: [UInt8], ext: String) {
    // decoded as a batch decodes the file (KIF: Shift_JIS when not UTF-8); CR LF is one Character
    let text = game.fileText(of: bytes, file: "fuzz.\(ext)")
    let lineCount = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).count
    for item in game.load(text: text, file: "fuzz.\(ext)") {
        if case .failure(let error) = item {
            // A located error must point inside the input.
            precondition(error.location.line >= 1 && error.location.line <= max(lineCount, 1),
                         "error line \(error.location.line) outside 1...\(lineCount): \(error)")
            precondition(error.location.column >= 1, "error column < 1: \(error)")
            precondition(!error.message.isEmpty, "empty error message")
        }
        if case .success(let job) = item {
            // A position's own text stands alone: read back, it is one position again.
            let again = game.load(text: job.text, file: "again." + game.textExtension(forSourceExtension: ext))
            precondition(again.count == 1, "\(job.name): its text reads back as \(again.count) positions")
            if case .failure(let error) = again[0] { preconditionFailure("\(job.name): its text does not read back: \(error)") }
        }
    }
}

#if FUZZING
nonisolated(unsafe) var selectedGame: (any GameDefinition.Type)? = nil

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if selectedGame == nil {
        let id = ProcessInfo.processInfo.environment["PERFECTPLAY_FUZZ_GAME"] ?? "peg"
        guard let chosen = game(named: id) else { fatalError("PERFECTPLAY_FUZZ_GAME: no game '\(id)'") }
        selectedGame = chosen
    }
    let ext = ProcessInfo.processInfo.environment["PERFECTPLAY_FUZZ_EXT"] ?? selectedGame!.fileExtensions[0]
    exercise(selectedGame!, Array(UnsafeBufferPointer(start: data, count: size)), ext: ext)
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<Int32>,
                     _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt

/// SwiftPM links an executable target's entry point under this name; hand over to libFuzzer.
@_cdecl("perfectplay_fuzz_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments, fuzzOneInput)
}
#else
@main
enum ParserFuzzer {
    static func main() {
        var runs = 2000, seed: UInt64 = 1
        var games: [String] = []
        var arguments = CommandLine.arguments.dropFirst()
        while let argument = arguments.popFirst() {
            switch argument {
            case "--runs": runs = Int(arguments.popFirst() ?? "") ?? runs
            case "--seed": seed = UInt64(arguments.popFirst() ?? "") ?? seed
            case "--help", "-h":
                print("perfectplay-fuzz [--runs N] [--seed S] [GAME...]: mutate the bundled puzzles and the malformed corpus and feed them to each parser")
                return
            default: games.append(argument)
            }
        }
        let chosen = games.isEmpty ? fuzzedGames : games.compactMap { id -> (any GameDefinition.Type)? in
            guard let found = game(named: id) else { StandardStream.error.write("no game '\(id)'\n"); exit(2) }
            return found
        }
        var generator = SplitMix64(seed: seed)
        for game in chosen {
            let seeds = seedInputs(for: game)
            let start = monotonicSeconds()
            for _ in 0..<runs {
                let base: (ext: String, bytes: [UInt8]) = seeds.isEmpty ? (game.fileExtensions[0], []) : seeds[Int(generator.next() % UInt64(seeds.count))]
                let input = mutate(base.bytes, using: &generator, splice: seeds.map(\.bytes))
                // CPU time of this thread: a loaded machine must not pass for a hang.
                let inputStart = threadCPUSeconds()
                exercise(game, input, ext: base.ext)
                if threadCPUSeconds() - inputStart > 5 {
                    let path = "fuzz-slow-\(game.id).bin"
                    _ = FileManager.default.createFile(atPath: path, contents: Data(input))
                    StandardStream.error.write("\(game.id): an input took over 5 CPU seconds to parse; saved as \(path)\n")
                    exit(1)
                }
            }
            print("\(game.id): \(runs) inputs from \(seeds.count) seeds, no crash, no hang (\(fixedPoint(monotonicSeconds() - start, digits: 2)) s)")
        }
    }
}
#endif

/// CPU seconds used by the calling thread.
func threadCPUSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
