// Reversi's entry point for perfectplay: loads `.obf` files and runs solve / analyze / count
// on each position. The result object is `ReversiResult` (documented in Puzzles/reversi/README.md).
import Foundation
import SolverKit

public enum ReversiGame: GameDefinition {
    public static let id = "reversi"
    public static let fileExtensions = ["obf"]

    public static var verbs: [VerbSupport] {
        [VerbSupport(.solve, gives: "the exact score, the best moves and a principal variation",
                     options: [OptionHelp("one-best", "one best move, not every tie: later moves are only tested for a better score (what the engines' published node counts measure; much faster when the best move wins every disc)")]),
         VerbSupport(.analyze, gives: "the exact score of every legal move"),
         VerbSupport(.count, gives: "perft: the positions at each depth (a pass is one ply)",
                     options: [OptionHelp("depth", value: "N", "perft depth (default 8)")])]
    }

    public static let commands = ["generate"]

    /// `perfectplay generate reversi ...` (ReversiGenerator.swift).
    public static func command(_ verb: String, arguments: [String]) -> Int32? {
        verb == "generate" ? ReversiGenerator.command(arguments) : nil
    }

    public static func load(text: String, file: String) -> [Result<PositionJob, ParseError>] {
        let ffoBase = ffoFirstNumber(file)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var index = 0
        return ObfRecord.parseFile(text, file: file).map { parsed in
            index += 1
            let name = ffoBase.map { "FFO #\($0 + index - 1)" } ?? "#\(index)"
            return parsed.map { record in
                let line = String(lines[record.location.line - 1]).trimmingCharacters(in: .whitespacesAndNewlines)
                return PositionJob(name: record.name ?? name, location: record.location, text: line) { context in
                    run(record, line, context)
                }
            }
        }
    }

    /// `fforum-40-59.obf` numbers its positions from 40.
    static func ffoFirstNumber(_ file: String) -> Int? {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        guard base.hasPrefix("fforum-") else { return nil }
        let digits = base.dropFirst(7).prefix { $0.isNumber }
        return Int(digits)
    }

    static func moveName(_ square: Int) -> String { square < 0 ? "pass" : BoardGeometry.name(of: square) }

    static func signed(_ score: Int) -> String { score > 0 ? "+\(score)" : "\(score)" }

    static func run(_ record: ObfRecord, _ text: String, _ context: SolveContext) -> Outcome {
        let position = record.position
        var result = ReversiResult(position: text, board: position.obfText,
                                   toMove: position.blackToMove ? "black" : "white", empties: position.emptyCount)
        let start = monotonicSeconds()
        if context.verb == .count {
            let depth = Int(context.flags["depth"] ?? "") ?? 8
            guard depth >= 1, depth <= 20 else {
                return Outcome(status: .error, result: result.json, stats: [("nodes", 0)], summary: "bad depth",
                               error: "--depth wants 1...20, not '\(context.flags["depth"] ?? "")'")
            }
            var counts: [JSON] = []
            var total: UInt64 = 0
            for d in 1...depth {
                if context.budget.shouldStop(nodes: total) { break }
                let c = position.perft(d)
                total &+= c
                counts.append(JSON(c))
            }
            let complete = counts.count == depth
            result.depth = depth
            result.perft = counts
            return Outcome(status: complete ? .solved : .limit, result: result.json,
                           stats: [("nodes", JSON(total)), ("seconds", .double(monotonicSeconds() - start))],
                           summary: complete ? "perft(\(depth)) = \(counts.last.map { $0.serialized } ?? "")" : "limit")
        }

        let budget = context.budget
        let megabytes = EndgameSolver.tableMegabytes(empties: position.emptyCount, limit: context.hashMB)
        let solver = EndgameSolver(geometry: position.geometry, threads: context.threads, hashMB: megabytes,
                                   shouldStop: { budget.shouldStop(nodes: $0) })
        let everyMove = context.verb == .analyze
        let earlier = context.earlier.flatMap(ReversiResult.init(json:))
        let known = everyMove ? earlierMoveScores(earlier, position) : [:]
        let knownBounds = everyMove ? earlierMoveBounds(earlier, position) : [:]
        var movesDone = ""  // the progress line: moves finished, then the tests of the next one
        let solved = everyMove
            ? solver.analyze(position, known: known, knownBounds: knownBounds, moveDone: { square, score, done, total in
                movesDone = "\(done)/\(total) moves, last \(moveName(square)) \(signed(score)); "
                context.progress(String(movesDone.dropLast(2)))
            }, testDone: { square, lower, upper in
                context.progress(movesDone + "\(moveName(square)) in \(signed(lower))...\(signed(upper))")
            })
            : solver.solve(position, everyBestMove: !context.has("one-best"))
        let seconds = monotonicSeconds() - start
        let stats: [(String, JSON)] = [
            ("nodes", JSON(solved.nodes)), ("seconds", .double(seconds)),
            ("nodesPerSecond", .int(seconds > 0 ? Int(Double(solved.nodes) / seconds) : 0)),
            ("threads", .int(solver.threads)),
        ] + (known.isEmpty ? [] : [("movesFromEarlierRun", .int(known.count))])
          + (knownBounds.isEmpty ? [] : [("boundsFromEarlierRun", .int(knownBounds.count))])
        let continued = !known.isEmpty || !knownBounds.isEmpty
        if solved.stopped {
            // The best bound so far: a finished root move's exact value bounds the score below.
            let most = position.geometry.squareCount
            result.bound = ReversiResult.Bound(lower: solved.lowerBound?.score ?? -most, upper: most,
                                               bestMoveSoFar: solved.lowerBound.map { moveName($0.move) })
            if everyMove, !solved.moveScores.isEmpty {
                result.movesSoFar = solved.moveScores.map { (moveName($0.square), $0.score) }
            }
            if everyMove, let m = solved.moveInProgress {
                result.boundsSoFar = [(moveName(m.square), m.lower, m.upper)]
            }
            let known = solved.lowerBound.map { "score >= \($0.score) (\(moveName($0.move)))" } ?? "no root move finished"
            var outcome = Outcome(status: .limit, result: result.json, stats: stats, summary: "limit reached: \(known)")
            outcome.continuedEarlier = continued
            return outcome
        }
        var outcome = solvedOutcome(record, text, solved, everyMove: everyMove, oneBestMove: !everyMove && context.has("one-best"),
                                    stats: stats)
        outcome.continuedEarlier = continued
        return outcome
    }

    /// The record of a finished solve or analysis of `record` (its `.obf` line `text`); also
    /// what `merge --tree` joins the units of a split into.
    static func solvedOutcome(_ record: ObfRecord, _ text: String, _ solved: EndgameResult, everyMove: Bool,
                              oneBestMove: Bool = false, stats: [(String, JSON)]) -> Outcome {
        let position = record.position
        var result = ReversiResult(position: text, board: position.obfText,
                                   toMove: position.blackToMove ? "black" : "white", empties: position.emptyCount)
        result.score = solved.score
        result.bestMoves = solved.bestMoves.map(moveName)
        result.pv = solved.pv.map(moveName)
        result.oneBestMove = oneBestMove
        if everyMove { result.moves = solved.moveScores.map { (moveName($0.square), $0.score) } }
        var summary = "\(signed(solved.score)), best \(solved.bestMoves.map(moveName).joined(separator: " "))"
        if !record.annotations.isEmpty {
            let mismatches = annotationMismatches(record, solved, everyMove: everyMove, oneBestMove: oneBestMove)
            result.annotationsMatch = mismatches.isEmpty
            result.mismatches = mismatches
            summary += mismatches.isEmpty ? " (annotations match)" : " (\(mismatches.count) annotation(s) differ)"
        }
        return Outcome(status: .solved, result: result.json, stats: stats, summary: summary)
    }

    /// With `--resume`, the move scores an earlier `analyze` of this position proved before a
    /// limit stopped it (its record's `movesSoFar`), so a long analysis goes on where it stopped.
    /// Ignored unless the record is of this very position and names only its legal moves.
    static func earlierMoveScores(_ earlier: ReversiResult?, _ position: Position) -> [Int: Int] {
        guard let earlier, isOf(earlier, position), let moves = earlier.movesSoFar else { return [:] }
        let most = position.geometry.squareCount
        var known: [Int: Int] = [:]
        for (name, score) in moves {
            guard let square = position.geometry.square(named: Substring(name)),
                  position.legalMoves & (UInt64(1) << UInt64(square)) != 0, abs(score) <= most else { return [:] }
            known[square] = score
        }
        return known
    }

    /// With `--resume`, what an earlier `analyze` had proven of the move it was searching when it
    /// stopped (its record's `boundsSoFar`: `lower <= score <= upper`), so that move's search
    /// starts from those bounds. Ignored unless the record is of this very position, names
    /// legal moves and holds consistent bounds.
    static func earlierMoveBounds(_ earlier: ReversiResult?, _ position: Position) -> [Int: (lower: Int, upper: Int)] {
        guard let earlier, isOf(earlier, position), let moves = earlier.boundsSoFar else { return [:] }
        let most = position.geometry.squareCount
        var known: [Int: (lower: Int, upper: Int)] = [:]
        for (name, lower, upper) in moves {
            guard let square = position.geometry.square(named: Substring(name)),
                  position.legalMoves & (UInt64(1) << UInt64(square)) != 0,
                  -most <= lower, lower <= upper, upper <= most else { return [:] }
            known[square] = (lower, upper)
        }
        return known
    }

    /// Whether an earlier run's result is of this very position (board and side to move).
    static func isOf(_ earlier: ReversiResult, _ position: Position) -> Bool {
        earlier.board == position.obfText && earlier.toMove == (position.blackToMove ? "black" : "white")
    }

    /// Compares the solver's values with the file's `move:score` annotations. With `analyze`
    /// every listed move is checked; with `solve`, the best score and which listed moves reach it
    /// (with one best move: that it is one of them).
    static func annotationMismatches(_ record: ObfRecord, _ solved: EndgameResult, everyMove: Bool,
                                     oneBestMove: Bool = false) -> [JSON] {
        var out: [JSON] = []
        if everyMove {
            for a in record.annotations {
                let found = solved.moveScores.first { $0.square == a.square }?.score
                if found != a.score {
                    out.append(["move": .string(moveName(a.square)), "expected": .int(a.score),
                                "found": found.map { JSON.int($0) } ?? .null])
                }
            }
            return out
        }
        let bestListed = record.annotations.map(\.score).max()!
        if solved.score != bestListed {
            out.append(["expected": .int(bestListed), "found": .int(solved.score), "what": "score"])
        }
        for a in record.annotations {
            let listedBest = a.score == bestListed, solvedBest = solved.bestMoves.contains(a.square)
            if listedBest != solvedBest && !(oneBestMove && listedBest) {
                out.append(["move": .string(moveName(a.square)), "expected": .int(a.score),
                            "found": .string(solvedBest ? "best (\(signed(solved.score)))" : "below \(signed(solved.score))")])
            }
        }
        return out
    }
}
