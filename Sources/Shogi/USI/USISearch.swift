// One search of the USI engine: the batch's mate search (`MateSolver.solve`: df-pn, then the
// exact shortest mate unless the first proof is asked for) on a thread of its own with a deep
// stack, stopped by its time limit or by `stop`, reporting progress lines every second.

import Foundation
import SolverKit

/// What a finished search found, with the figures of its last progress line.
struct USISearchResult: Sendable {
    /// The mating line (empty when none was proven), checked legal and mating.
    var line: [Move]
    /// The line is the exact shortest mate (not only the first proof).
    var shortest: Bool
    /// No mate at all was proven.
    var noMate: Bool
    var progress: String
    /// `MateLength composer`: the line is the composers' main line (futile interpositions not
    /// counted); nil when not asked for or not established.
    var composer: Bool? = nil
}

final class USISearch: Sendable {
    let budget: SearchBudget
    private let finished: DispatchSemaphore
    private let body: @Sendable () -> Void

    /// A search of `position` for a mate by its side to move, to `start()`; `report` gets the
    /// progress lines, `completion` the result (both on the search thread).
    init(position: Position, options: USIOptions, milliseconds: Int?, nodes: UInt64?,
         report: @escaping @Sendable (String) -> Void, completion: @escaping @Sendable (USISearchResult) -> Void) {
        let budget = SearchBudget(limits: Limits(timeLimit: milliseconds.map { Double($0) / 1000 }, nodeLimit: nodes, hashMB: options.hashMB))
        let finished = DispatchSemaphore(value: 0)
        self.budget = budget
        self.finished = finished
        body = {
            let solver = MateSolver(position: position, hashMB: options.hashMB, budget: budget)
            var lastReport = budget.startTime
            solver.onPoll = { s in
                let now = monotonicSeconds()
                if now - lastReport >= 1 {
                    lastReport = now
                    report(USISearch.progressLine(s, since: budget.startTime))
                }
            }
            let answer = solver.solve(firstProofOnly: options.firstProof, treeDepth: 0)
            var found = answer.line
            if found.isEmpty, answer.length > 0 {
                // stopped while the line of a proven mate was read off: read it as proven (the
                // defender taking the longest known proof), within a small budget of its own
                solver.stopped = false
                solver.extractionNodeCap = solver.nodes + 100_000
                found = solver.mainLine(length: answer.length, exact: false) ?? []
            }
            var line = answer.length > 0 && position.verifyMate(found) == nil ? found : []
            let shortest = answer.verdict == .mate && answer.exact && found == answer.line
            var composer: Bool? = nil
            if options.composerLength, shortest, !line.isEmpty {
                // the composers' main line within the same budget; a GUI checks the final
                // position, so one that ends where only futile interpositions remain is not sent
                let c = MateSolver(position: position, hashMB: options.hashMB, budget: budget, composer: true)
                let reading = c.composerSolve(upperBound: answer.length)
                composer = false
                if reading.verdict == .mate, let main = reading.line?.moves, position.verifyMate(main) == nil {
                    line = main
                    composer = true
                }
            }
            completion(USISearchResult(line: line, shortest: shortest && !line.isEmpty, noMate: answer.verdict == .noMate,
                                       progress: USISearch.progressLine(solver, since: budget.startTime), composer: composer))
            finished.signal()
        }
    }

    /// Starts the search, on a thread with a deep stack (proofs go 1,500+ plies deep); once, its
    /// time limit running from its creation.
    func start() {
        let thread = Thread(block: body)
        thread.stackSize = 1 << 30
        thread.start()
    }

    /// Asks the search to stop; it answers with what it has proven so far.
    func stop() { budget.stop() }

    /// Waits until the search has answered.
    func wait() {
        finished.wait()
        finished.signal()
    }

    /// `info time <ms> nodes <n> nps <n/s> hashfull <per mille>`.
    static func progressLine(_ solver: MateSolver, since start: Double) -> String {
        let seconds = monotonicSeconds() - start
        let nps = seconds > 0 ? UInt64(Double(solver.nodes) / seconds) : 0
        return "info time \(Int(seconds * 1000)) nodes \(solver.nodes) nps \(nps) hashfull \(solver.table.hashfull)"
    }
}
