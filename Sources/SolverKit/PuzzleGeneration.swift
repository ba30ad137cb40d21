// `perfectplay generate GAME`: the arguments every generator shares, the seeded candidate loop
// (deterministic whatever the thread count), and the atomic write of the collection file.
// Each game supplies only its candidate: draw a random position, re-solve it, keep it or not.

import Foundation
import Dispatch
import Synchronization

/// `--count N --seed S --out FILE [--threads T] [--max-tries M]` and the game's own options.
public struct GenerateArguments: Sendable {
    public var count = 50
    public var seed: UInt64 = 1
    /// nil: the collection goes to standard output.
    public var out: String?
    public var threads = ProcessInfo.processInfo.activeProcessorCount
    /// Candidates drawn before giving up (default 20,000 a puzzle asked for).
    public var maxTries: Int?
    public var quiet = false
    public var help = false
    /// Game options: `--length 5` is `["length": "5"]`, a flag without a value maps to "".
    public var options: [String: String] = [:]

    /// Parses `arguments`; `valued` lists the game options that take a value, `flags` those
    /// that do not. Unknown options are errors (a typo must not silently change a collection).
    public init(_ arguments: [String], valued: [String], flags: [String] = []) throws(GenerateError) {
        var i = 0
        func value(_ name: String) throws(GenerateError) -> String {
            i += 1
            guard i < arguments.count else { throw GenerateError("\(name) needs a value") }
            return arguments[i]
        }
        func integer(_ name: String) throws(GenerateError) -> Int {
            let text = try value(name)
            guard let n = Int(text), n >= 0 else { throw GenerateError("\(name): '\(text)' is not a non-negative integer") }
            return n
        }
        while i < arguments.count {
            let argument = arguments[i]
            switch argument {
            case "--count": count = try integer(argument)
            case "--seed": seed = UInt64(try integer(argument))
            case "--out", "-o": out = try value(argument)
            case "--threads": threads = max(1, try integer(argument))
            case "--max-tries": maxTries = try integer(argument)
            case "--quiet", "-q": quiet = true
            case "--help", "-h": help = true
            default:
                let name = argument.hasPrefix("--") ? String(argument.dropFirst(2)) : ""
                if valued.contains(name) {
                    options[name] = try value(argument)
                } else if flags.contains(name) {
                    options[name] = ""
                } else {
                    throw GenerateError("unknown option '\(argument)' (see perfectplay generate GAME --help)")
                }
            }
            i += 1
        }
    }

    /// A game option as an integer in `range`, or `fallback` when absent.
    public func integer(_ name: String, default fallback: Int, in range: ClosedRange<Int>) throws(GenerateError) -> Int {
        guard let text = options[name] else { return fallback }
        guard let n = Int(text), range.contains(n) else {
            throw GenerateError("--\(name): '\(text)' is not an integer in \(range.lowerBound)...\(range.upperBound)")
        }
        return n
    }

    /// The help text of a generator: its own lines, then the shared options.
    public static func help(game: String, summary: String, options: [OptionHelp]) -> String {
        var text = "perfectplay generate \(game) --count N --seed S [options] [--out FILE]\n\n\(summary)\n\nOptions:\n"
        let shared = [
            OptionHelp("--count", value: "N", "puzzles to write (default 50)"),
            OptionHelp("--seed", value: "S", "random seed; the same seed writes the same file (default 1)"),
            OptionHelp("--out", value: "FILE", "the collection file (default: standard output)"),
            OptionHelp("--threads", value: "T", "threads checking candidates (default all cores; the file does not depend on it)"),
            OptionHelp("--max-tries", value: "M", "candidates drawn before giving up (default 20,000 a puzzle)"),
            OptionHelp("--quiet", "no progress line"),
        ]
        for option in options + shared {
            let left = option.name + (option.valueName.map { " " + $0 } ?? "")
            text += "  " + left.padding(toLength: max(left.count, 22), withPad: " ", startingAt: 0) + "  " + option.help + "\n"
        }
        return text
    }
}

public struct GenerateError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// One puzzle a generator kept: its text in the game's input format (one or more lines, with
/// the difficulty written in the format's comment or name) and the difficulty measures.
public struct GeneratedPuzzle: Sendable {
    public var text: String
    /// e.g. `[("nodes", 1234), ("length", 5)]`, shown in the progress and the final summary.
    public var difficulty: [(String, Int)]

    public init(text: String, difficulty: [(String, Int)]) {
        self.text = text
        self.difficulty = difficulty
    }
}

public enum PuzzleGeneration {
    /// Draws candidates 0, 1, 2, ... (candidate i gets `SplitMix64(seed:item: i)`), checks them
    /// on `threads` threads in blocks, and keeps the first `count` accepted in candidate order:
    /// the output depends on the seed only.
    /// - Returns: the puzzles, and the number of candidates drawn.
    public static func run(count: Int, seed: UInt64, threads: Int, maxTries: Int,
                           progress: @Sendable (_ kept: Int, _ tried: Int) -> Void = { _, _ in },
                           candidate: @Sendable (_ index: Int, _ random: inout SplitMix64) -> GeneratedPuzzle?)
        -> (puzzles: [GeneratedPuzzle], tried: Int) {
        var kept: [GeneratedPuzzle] = []
        var tried = 0
        let block = max(1, threads) * 4
        while kept.count < count, tried < maxTries {
            let size = min(block, maxTries - tried)
            let results = Mutex<[Int: GeneratedPuzzle]>([:])
            let base = tried
            DispatchQueue.concurrentPerform(iterations: size) { offset in
                var random = SplitMix64(seed: seed, item: base + offset)
                if let puzzle = candidate(base + offset, &random) {
                    results.withLock { $0[offset] = puzzle }
                }
            }
            let found = results.withLock { $0 }
            for offset in 0..<size where kept.count < count {
                if let puzzle = found[offset] { kept.append(puzzle) }
            }
            tried += size
            progress(kept.count, tried)
        }
        return (kept, tried)
    }

    /// The whole `generate` command around a game's candidate function: parses nothing (the game
    /// did), runs the loop with a progress line, writes the file atomically, prints a summary
    /// of the difficulty spread. Exit code 0, or 1 when fewer puzzles than asked were found.
    public static func main(_ arguments: GenerateArguments, game: String, header: String,
                            candidate: @Sendable (_ index: Int, _ random: inout SplitMix64) -> GeneratedPuzzle?) -> Int32 {
        let tries = arguments.maxTries ?? max(1, arguments.count) * 20_000
        let line = ProgressLine(enabled: !arguments.quiet && isatty(2) != 0)
        let start = monotonicSeconds()
        let (puzzles, tried) = run(count: arguments.count, seed: arguments.seed, threads: arguments.threads,
                                   maxTries: tries, progress: { kept, tried in
            line.update("generate \(game): \(kept)/\(arguments.count) kept of \(tried) candidates",
                        elapsed: monotonicSeconds() - start, rate: nil)
        }, candidate: candidate)
        line.clear()
        var text = header.isEmpty ? "" : header + (header.hasSuffix("\n") ? "" : "\n")
        for puzzle in puzzles { text += puzzle.text + (puzzle.text.hasSuffix("\n") ? "" : "\n") }
        if let out = arguments.out {
            do {
                let url = URL(fileURLWithPath: out)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url, options: .atomic)
            } catch {
                StandardStream.error.write("perfectplay: cannot write \(out): \(error.localizedDescription)\n")
                return 1
            }
        } else {
            print(text, terminator: "")
        }
        let seconds = monotonicSeconds() - start
        var report = "generate \(game): \(puzzles.count) puzzles from \(tried) candidates in \(NumberFormat.seconds(seconds)) s, seed \(arguments.seed)"
        if let out = arguments.out { report += ", written to \(out)" }
        report += spread(puzzles)
        StandardStream.error.write(report + "\n")
        if puzzles.count < arguments.count {
            StandardStream.error.write("perfectplay: only \(puzzles.count) of \(arguments.count) puzzles found in \(tried) candidates (raise --max-tries)\n")
            return 1
        }
        return 0
    }

    /// "; nodes 12 / 340 / 9,800 (min / median / max)" for each difficulty measure.
    static func spread(_ puzzles: [GeneratedPuzzle]) -> String {
        guard let first = puzzles.first else { return "" }
        var out = ""
        for (k, (name, _)) in first.difficulty.enumerated() {
            let values = puzzles.compactMap { k < $0.difficulty.count ? $0.difficulty[k].1 : nil }.sorted()
            guard let low = values.first, let high = values.last else { continue }
            out += "\n  \(name): \(NumberFormat.grouped(low)) / \(NumberFormat.grouped(values[values.count / 2])) / \(NumberFormat.grouped(high)) (min / median / max)"
        }
        return out
    }
}

extension PuzzleGeneration {
    /// A game's whole `generate` verb: parses the shared options and the game's (`valued`),
    /// prints `help` on --help, turns the options into the game's settings (a bad option: the
    /// message on stderr, exit 2), then runs `main` with the header and the candidate.
    public static func command<Settings: Sendable>(
        _ raw: [String], game: String, valued: [String], help: String,
        settings parse: (GenerateArguments) throws(GenerateError) -> Settings,
        header: (GenerateArguments, Settings) -> String,
        candidate: @Sendable (_ arguments: GenerateArguments, _ settings: Settings, _ index: Int,
                              _ random: inout SplitMix64) -> GeneratedPuzzle?
    ) -> Int32 {
        let arguments: GenerateArguments
        let settings: Settings
        do {
            arguments = try GenerateArguments(raw, valued: valued)
            if arguments.help {
                print(help, terminator: "")
                return 0
            }
            settings = try parse(arguments)
        } catch {
            StandardStream.error.write("perfectplay generate \(game): \(error.description)\n")
            return 2
        }
        return main(arguments, game: game, header: header(arguments, settings)) { index, random in
            candidate(arguments, settings, index, &random)
        }
    }
}
