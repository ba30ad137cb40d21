// `perfectplay generate bimaru`: Solitaire Battleships puzzles with a unique solution and a
// minimal set of given cells. A candidate is a random legal fleet (ships straight, never
// touching, not even at a corner); its row and column counts; given cells added one at a time
// until the solver proves the solution unique; then every given whose removal keeps the
// solution unique dropped, so each given left is necessary.

import Foundation
import SolverKit

enum BimaruGenerator {
    struct Settings: Sendable {
        var width: Int
        var height: Int
        var fleet: [Int]
        /// Solver nodes allowed per uniqueness check; a candidate needing more is dropped
        /// (a node limit, not a time limit, so the file depends on the seed only).
        var nodeLimit: UInt64

        init(width: Int, height: Int, fleet: [Int], nodeLimit: UInt64 = 2_000_000) {
            self.width = width; self.height = height; self.fleet = fleet; self.nodeLimit = nodeLimit
        }
    }

    /// The fleet used when `--fleet` is not given: the standard fleet from 10 columns or rows
    /// up, smaller fleets of about the same density below.
    static func defaultFleet(width: Int, height: Int) -> [Int] {
        let side = max(width, height)
        if side >= 10 { return BimaruFormat.standardFleet }
        if side >= 8 { return [4, 3, 2, 2, 1, 1, 1] }
        if side >= 6 { return [3, 2, 2, 1, 1, 1] }
        if side >= 4 { return [2, 1, 1] }
        return [1]
    }

    // MARK: the command

    static func main(_ raw: [String]) -> Int32 {
        PuzzleGeneration.command(raw, game: "bimaru", valued: ["size", "fleet", "max-nodes"], help: help,
                                 settings: parseSettings, header: header) { arguments, settings, index, random in
            candidate(settings, index: index, seed: arguments.seed, random: &random)
        }
    }

    static func header(_ arguments: GenerateArguments, _ settings: Settings) -> String {
        """
            % Solitaire Battleships puzzles made by `perfectplay generate bimaru --size \(settings.width)x\(settings.height) \
            --fleet \(settings.fleet.map(String.init).joined(separator: ",")) --count \(arguments.count) --seed \(arguments.seed)`.
            % Each has exactly one solution and a minimal set of given cells (removing any one of
            % them admits a second solution). Difficulty: solver nodes (uniqueness proof, as
            % `perfectplay solve` counts them) and the number of givens.

            """
    }

    static let help = GenerateArguments.help(
        game: "bimaru",
        summary: """
            Solitaire Battleships puzzles with exactly one solution and minimal givens (no given
            can be removed without a second solution), in the .bimaru grid form.
            """,
        options: [
            OptionHelp("--size", value: "W[xH]", "board size (default 10x10; at most 26 columns, 128 cells)"),
            OptionHelp("--fleet", value: "L,L,...", "ship lengths (default 4,3,3,2,2,2,1,1,1,1 from side 10; 4,3,2,2,1,1,1 for 8-9; 3,2,2,1,1,1 for 6-7)"),
            OptionHelp("--max-nodes", value: "N", "solver nodes allowed per uniqueness check (default 2,000,000); harder candidates are dropped"),
        ])

    static func parseSettings(_ arguments: GenerateArguments) throws(GenerateError) -> Settings {
        var width = 10, height = 10
        if let size = arguments.options["size"] {
            let parts = size.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), let w = Int(parts[0]), let h = Int(parts.last!), w >= 2, h >= 2 else {
                throw GenerateError("--size: '\(size)' is not W or WxH (e.g. 10x10, 6x6)")
            }
            guard w <= 26, w * h <= 128 else { throw GenerateError("--size: \(w)x\(h) is too big (at most 26 columns and 128 cells)") }
            width = w; height = h
        }
        var fleet = defaultFleet(width: width, height: height)
        if let text = arguments.options["fleet"] {
            let parts = text.split(whereSeparator: { $0 == "," || $0 == " " })
            var lengths: [Int] = []
            for part in parts {
                guard let n = Int(part), n >= 1, n <= max(width, height) else {
                    throw GenerateError("--fleet: '\(part)' is not a ship length from 1 to \(max(width, height))")
                }
                lengths.append(n)
            }
            guard !lengths.isEmpty, lengths.count <= 64 else { throw GenerateError("--fleet: expected 1 to 64 ship lengths, e.g. 3,2,2,1") }
            fleet = lengths
        }
        let limit = try arguments.integer("max-nodes", default: 2_000_000, in: 1_000...Int.max)
        let settings = Settings(width: width, height: height, fleet: fleet, nodeLimit: UInt64(limit))
        // A fleet that cannot be placed would make every candidate fail: say so now.
        var probe = SplitMix64(seed: 0)
        guard randomFleet(settings, random: &probe) != nil else {
            throw GenerateError("--fleet \(fleet.map(String.init).joined(separator: ",")) does not fit on a \(width)x\(height) board without touching")
        }
        return settings
    }

    // MARK: one candidate

    /// One puzzle from the candidate's random generator, or nil when a uniqueness check hit
    /// the node limit.
    static func candidate(_ settings: Settings, index: Int, seed: UInt64, random: inout SplitMix64) -> GeneratedPuzzle? {
        guard let truth = randomFleet(settings, random: &random) else { return nil }
        let w = settings.width, h = settings.height
        func on(_ cell: Int) -> Bool { truth >> UInt128(cell) & 1 != 0 }
        let rowSums = (0..<h).map { r in (0..<w).filter { on(r * w + $0) }.count }
        let colSums = (0..<w).map { c in (0..<h).filter { on($0 * w + c) }.count }
        var puzzle = BimaruPuzzle(name: "", width: w, height: h, fleet: settings.fleet, rowSums: rowSums, colSums: colSums, hints: [])

        // Add givens: while a second solution exists, give the true content of a random cell
        // where it differs from the fleet drawn (so that solution is ruled out).
        while true {
            guard let solved = solve(puzzle, settings) else { return nil }
            guard let other = solved.grids.first(where: { $0 != truth }) else {
                guard solved.count == 1 else { return nil }   // the fleet drawn is a solution
                break
            }
            let differing = cells(of: other ^ truth)
            let cell = differing[random.below(differing.count)]
            puzzle.hints.append((cell, segment(cell, in: truth, width: w, height: h)))
        }

        // Drop givens, in random order, while the solution stays unique. Removing givens only
        // adds solutions, so a given kept once stays necessary after later removals.
        var order = Array(puzzle.hints.indices)
        for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, random.below(i + 1)) }
        var keep = [Bool](repeating: true, count: puzzle.hints.count)
        for i in order {
            keep[i] = false
            var trial = puzzle
            trial.hints = puzzle.hints.indices.filter { keep[$0] }.map { puzzle.hints[$0] }
            guard let solved = solve(trial, settings) else { return nil }
            if solved.count != 1 { keep[i] = true }
        }
        // Givens in reading order (the grid form writes them so anyway).
        puzzle.hints = puzzle.hints.indices.filter { keep[$0] }.map { puzzle.hints[$0] }.sorted { $0.cell < $1.cell }

        // The final check, whose node count is the difficulty `solve` will report.
        guard let final = solve(puzzle, settings), final.count == 1, final.first == truth, puzzle.check(truth) else { return nil }
        puzzle.name = "bimaru \(w)x\(h) seed \(seed) #\(index)"
        let givens = puzzle.hints.count
        let text = "\n% difficulty: nodes \(final.nodes), givens \(givens)\n" + gridText(puzzle) + "\n"
        return GeneratedPuzzle(text: text, difficulty: [("nodes", Int(final.nodes)), ("givens", givens)])
    }

    /// Solutions up to 2 within the node limit; nil when the limit stopped the search.
    static func solve(_ puzzle: BimaruPuzzle, _ settings: Settings) -> BimaruSolution? {
        var total: UInt64 = 0
        let limit = settings.nodeLimit
        let solved = BimaruSolver(puzzle).solve(cap: 2) { n in total += n; return total > limit }
        return solved.complete ? solved : nil
    }

    /// A random legal fleet as ship cells: ships largest first, each on a placement drawn
    /// uniformly among those clear of the ships already placed and their rings; a dead end
    /// starts over (at most 200 times).
    static func randomFleet(_ settings: Settings, random: inout SplitMix64) -> UInt128? {
        let w = settings.width, h = settings.height
        let lengths = settings.fleet.sorted(by: >)
        func bit(_ r: Int, _ c: Int) -> UInt128 { UInt128(1) << UInt128(r * w + c) }
        attempt: for _ in 0..<200 {
            var ships: UInt128 = 0, blocked: UInt128 = 0
            for length in lengths {
                var choices: [(mask: UInt128, halo: UInt128)] = []
                for vertical in length == 1 ? [false] : [false, true] {
                    for r in 0..<h {
                        for c in 0..<w {
                            if vertical ? r + length > h : c + length > w { continue }
                            var mask: UInt128 = 0, halo: UInt128 = 0
                            for k in 0..<length { mask |= vertical ? bit(r + k, c) : bit(r, c + k) }
                            if mask & blocked != 0 { continue }
                            for rr in max(0, r - 1)...min(h - 1, vertical ? r + length : r + 1) {
                                for cc in max(0, c - 1)...min(w - 1, vertical ? c + 1 : c + length) { halo |= bit(rr, cc) }
                            }
                            choices.append((mask, halo))
                        }
                    }
                }
                if choices.isEmpty { continue attempt }
                let pick = choices[random.below(choices.count)]
                ships |= pick.mask
                blocked |= pick.halo
            }
            return ships
        }
        return nil
    }

    /// What a given on `cell` says about the grid `ships`: water, or the ship segment there.
    static func segment(_ cell: Int, in ships: UInt128, width w: Int, height h: Int) -> BimaruHint {
        let r = cell / w, c = cell % w
        func on(_ r: Int, _ c: Int) -> Bool { r >= 0 && r < h && c >= 0 && c < w && ships >> UInt128(r * w + c) & 1 != 0 }
        guard on(r, c) else { return .water }
        let up = on(r - 1, c), down = on(r + 1, c), left = on(r, c - 1), right = on(r, c + 1)
        switch (up, down, left, right) {
        case (false, false, false, false): return .single
        case (false, true, _, _): return .top
        case (true, false, _, _): return .bottom
        case (_, _, false, true): return .left
        case (_, _, true, false): return .right
        default: return .middle
        }
    }

    static func cells(of mask: UInt128) -> [Int] {
        var out: [Int] = []
        var bits = mask
        while bits != 0 {
            out.append(bits.trailingZeroBitCount)
            bits &= bits - 1
        }
        return out
    }

    /// The puzzle in the .bimaru grid form (name, fleet, columns, rows with their counts).
    static func gridText(_ puzzle: BimaruPuzzle) -> String {
        var hintAt: [Int: BimaruHint] = [:]
        for (cell, hint) in puzzle.hints { hintAt[cell] = hint }
        var lines = ["name: \(puzzle.name)",
                     "fleet: " + puzzle.fleet.map(String.init).joined(separator: " "),
                     "columns: " + puzzle.colSums.map(String.init).joined(separator: " ")]
        for r in 0..<puzzle.height {
            let symbols = (0..<puzzle.width).map { c -> String in
                switch hintAt[r * puzzle.width + c] {
                case nil: return "."
                case .water: return "~"
                case .ship: return "#"
                case let hint?: return String(hint.rawValue)
                }
            }
            lines.append(symbols.joined(separator: " ") + "  \(puzzle.rowSums[r])")
        }
        return lines.joined(separator: "\n")
    }
}
