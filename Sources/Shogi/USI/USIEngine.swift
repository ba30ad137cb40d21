// `perfectplay usi`: a USI tsume engine any shogi GUI can register. It reads commands on
// standard input and answers on standard output (USI as Shogidokoro defines it: usi/usiok,
// isready/readyok, setoption, usinewgame, position, go, stop, quit; `go mate` answered by
// `checkmate <moves>`, `checkmate nomate` or `checkmate timeout`). A normal `go` answers
// `bestmove <the mating move>` or `bestmove resign`, as tsume engines do. Searches run on their
// own thread, so `stop`, `isready` and `quit` are answered while one runs. A line it cannot
// use gets `info string error: ...` and the engine goes on.

import Foundation
import Synchronization
import SolverKit

final class USIEngine: Sendable {
    /// What the engine holds between commands (touched by the command loop and a search's thread).
    private struct State {
        var options = USIOptions()
        var position: Position? = nil
        /// The running search, or the one whose answer waits for `stop` (go infinite / ponder).
        var search: USISearch? = nil
        var stopRequested = false
        /// A `go infinite` answer held until `stop`.
        var held: [String]? = nil
    }

    private let state = Mutex(State())
    private let output: @Sendable (String) -> Void

    /// `output` receives each answer line (without its newline), whole.
    init(output: @escaping @Sendable (String) -> Void) { self.output = output }

    static let name = "PerfectPlay tsume"
    static let author = "the PerfectPlay authors"

    /// Reads commands until `quit` or the end of input; returns the exit code.
    static func run() -> Int32 {
        let lock = Mutex(())
        let engine = USIEngine { line in lock.withLock { _ in StandardStream.output.write(line + "\n") } }
        while let line = readLine(strippingNewline: true) {
            if !engine.handle(line) { return 0 }
        }
        engine.handle("quit")
        return 0
    }

    /// Handles one line; false once it was `quit` (after the running search has answered).
    @discardableResult
    func handle(_ line: String) -> Bool {
        guard let parsed = USICommand.parse(line) else { return true }
        switch parsed {
        case .failure(let error):
            output("info string error: \(error.message)")
        case .success(let command):
            return perform(command)
        }
        return true
    }

    private func perform(_ command: USICommand) -> Bool {
        switch command {
        case .usi:
            output("id name \(USIEngine.name)")
            output("id author \(USIEngine.author)")
            USIOptions.declarations.forEach(output)
            output("usiok")
        case .isready:
            output("readyok")
        case .usinewgame, .ponderhit, .gameover:
            break
        case .setoption(let name, let value):
            if let error = state.withLock({ $0.options.set(name, value) }) { output("info string error: \(error.message)") }
        case .position(let sfen, let moves):
            switch USIEngine.position(sfen: sfen, moves: moves) {
            case .success(let p): state.withLock { $0.position = p }
            case .failure(let error):
                state.withLock { $0.position = nil }
                output("info string error: \(error.message)")
            }
        case .goMate(let milliseconds):
            start(mate: true, milliseconds: milliseconds, nodes: nil, untilStop: false)
        case .go(let limits):
            let color = state.withLock { $0.position?.sideToMove ?? 0 }
            start(mate: false, milliseconds: limits.milliseconds(for: color), nodes: limits.nodes, untilStop: limits.untilStop)
        case .stop:
            stop()
        case .quit:
            stop()
            state.withLock { $0.search }?.wait()
            return false
        }
        return true
    }

    /// The position of a `position` command, each move checked legal.
    static func position(sfen: String?, moves: [String]) -> Result<Position, USIError> {
        var p: Position
        do {
            p = try Position(sfen: Substring(sfen ?? Position.startSFEN), at: SourceLocation(file: "position", line: 1))
        } catch {
            return .failure(USIError("position: \(error.message) (column \(error.location.column) of the sfen)"))
        }
        let buffer = UnsafeMutablePointer<Move>.allocate(capacity: Position.maxMoves)
        defer { buffer.deallocate() }
        for (i, text) in moves.enumerated() {
            let n = p.generateLegal(buffer)
            guard let m = Move(usi: text), (0..<n).contains(where: { buffer[$0] == m }) else {
                return .failure(USIError("position: move \(i + 1) '\(text)' is not legal"))
            }
            p.play(m)
        }
        return .success(p)
    }

    private func start(mate: Bool, milliseconds: Int?, nodes: UInt64?, untilStop: Bool) {
        let refused: String? = state.withLock { s in
            if s.search != nil { return "a search is running (send stop first)" }
            if s.position == nil { return "no position to search (send position first)" }
            return nil
        }
        if let refused {
            output("info string error: \(refused)")
            // a GUI waits for the answer to its go: give the inconclusive one
            if refused.hasPrefix("no position") { output(mate ? "checkmate timeout" : "bestmove resign") }
            return
        }
        let (position, options) = state.withLock { ($0.position!, $0.options) }
        state.withLock { $0.stopRequested = false; $0.held = nil }
        let output = self.output
        let search = USISearch(position: position, options: options, milliseconds: milliseconds, nodes: nodes,
                               report: output) { [self] result in
            let lines = USIEngine.answer(result, mate: mate, options: options)
            // written under the lock: the answer goes out before any later search can start
            state.withLock { s in
                if untilStop && !s.stopRequested { s.held = lines; return }
                s.search = nil
                lines.forEach(output)
            }
        }
        // registered before it starts: a search that ends at once finds itself to clear
        state.withLock { $0.search = search }
        search.start()
    }

    private func stop() {
        let output = self.output
        state.withLock { s in
            s.stopRequested = true
            if let held = s.held {
                s.held = nil
                s.search = nil
                held.forEach(output)
            } else {
                s.search?.stop()
            }
        }
    }

    /// The answer lines of a finished search.
    static func answer(_ r: USISearchResult, mate: Bool, options: USIOptions) -> [String] {
        let moves = r.line.map(\.usi).joined(separator: " ")
        if mate {
            guard !r.line.isEmpty else { return [r.progress, r.noMate ? "checkmate nomate" : "checkmate timeout"] }
            var kind = r.shortest ? "shortest" : options.firstProof ? "first proof" : "not shown shortest"
            if let composer = r.composer {
                kind = composer ? "composers' main line" : "shortest; no composers' line ending in checkmate within the budget"
            }
            return [r.progress, "info string mate in \(r.line.count) plies (\(kind))", "checkmate " + moves]
        }
        guard let first = r.line.first else { return [r.progress, "bestmove resign"] }
        return [r.progress + " score mate \(r.line.count) pv " + moves, "bestmove " + first.usi]
    }

    /// `perfectplay usi`: no arguments (a GUI starts it so), `--help` for the registration notes.
    static func command(_ arguments: [String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(help)
            return 0
        }
        guard arguments.isEmpty else {
            StandardStream.error.write("perfectplay usi: takes no arguments (options are set with setoption), found '\(arguments[0])'\n")
            return 2
        }
        return run()
    }

    static let help = """
    perfectplay usi : a USI tsume engine on standard input and output, for shogi GUIs.

    Register the executable perfectplay-usi (built beside perfectplay; it is `perfectplay usi`
    with nothing to type) as an engine in ShogiHome, ShogiGUI or Shogidokoro, then use the GUI's
    mate search (詰み探索). It answers `go mate <ms>|infinite` with `checkmate <moves>` (the exact
    shortest mate unless MateSearch is 'first'), `checkmate nomate` or `checkmate timeout`, and a
    normal `go` with `bestmove <mating move>` or `bestmove resign`.
    Options: USI_Hash (MB, default 256), MateSearch (shortest | first).
    """
}
