// The incrementally updated Battleship state through simulated games, layout counts and Bimaru
// solves: shots disjoint and on the board, ships disjoint, sinking announced exactly when a ship
// is all hit, the solver's remaining row and column counts equal to the puzzle's less the ships
// placed. In a debug build `SimulatedGame.fire`, `BimaruSolver.search` and `CountWorker.search`
// assert the same checks at every step; here they are also asserted directly, and shown to catch
// broken states.

import Foundation
import SolverKit
import Testing
@testable import Battleship

@Suite struct InvariantTests {
    /// Random layouts fired at in random order to the end: the game's invariants after every shot.
    @Test func gamesKeepTheirInvariantsShotByShot() {
        var random = SplitMix64(seed: 5)
        var shots = 0
        for (shape, fleet) in [(BoardShape(width: 10, height: 10)!, ShotRecord.standardFleet), (BoardShape(width: 5, height: 5)!, [3, 2, 2])] {
            let table = PlacementTable(shape: shape, lengths: fleet)
            for _ in 0..<40 {
                var game = SimulatedGame(shape: shape, ships: SimulatedGame.randomLayout(table, fleet: fleet, rng: &random),
                                         record: ShotRecord(shape: shape, fleet: fleet))
                #expect(game.invariantsHold)
                while !game.over {
                    var unknown = game.record.unknown
                    for _ in 0..<random.below(unknown.nonzeroBitCount) { unknown &= unknown &- 1 }
                    game.fire(unknown.trailingZeroBitCount)
                    #expect(game.invariantsHold)
                    shots += 1
                }
                #expect(game.record.sunk.count == fleet.count)
            }
        }
        #expect(shots > 2000)
    }

    /// The exact strategies count layouts after every shot (hits and sunk ships included): every
    /// node of those counts passes the asserts of a debug build.
    @Test func exactPlayCountsThroughWholeGames() {
        let sim = Simulator(shape: BoardShape(width: 5, height: 5)!, fleet: [3, 2, 2])
        for (strategy, seed) in [(ShooterStrategy.exact, UInt64(1)), (.lookahead, 2), (.rollout, 3), (.huntTarget, 4), (.parity, 5)] {
            var records: [ShotRecord] = []
            let shots = sim.play(strategy, seed: seed) { _, record in records.append(record) }
            #expect(shots == records.count && shots <= 25)
            #expect(records.allSatisfy { $0.invariantsHold })
        }
    }

    /// The bundled sample and the first three CSPLib instances (after the file's four comment
    /// lines) solved: every node passes the count check.
    @Test func bimaruSolvesKeepTheirCounts() throws {
        let sample = bundled("Puzzles/battleship/tour/sample.bimaru")
        let csplib = bundled("Puzzles/battleship/tour/csplib303.bimaru")
        let lines = try String(contentsOfFile: csplib, encoding: .utf8).split(separator: "\n").prefix(7).joined(separator: "\n")
        let puzzles = BimaruFormat.parse(try String(contentsOfFile: sample, encoding: .utf8), file: sample)
            + BimaruFormat.parse(lines, file: csplib)
        var solved = 0
        for case .success(let puzzle) in puzzles {
            let solver = BimaruSolver(puzzle)
            let state = BimaruSolver.SearchState(rowNeed: puzzle.rowSums, colNeed: puzzle.colSums)
            #expect(solver.invariantsHold(occupied: 0, blocked: 0, state))
            let solution = solver.solve(cap: 2)
            #expect(solution.count == 1 && solution.first.map(puzzle.check) == true)
            solved += 1
        }
        #expect(solved == 4)
    }

    @Test func brokenStatesAreCaught() throws {
        let shape = BoardShape(width: 5, height: 5)!
        var record = ShotRecord(shape: shape, fleet: [3, 2])
        record.hits = 0b11
        #expect(record.invariantsHold)
        record.misses = 0b10   // a cell both hit and missed
        #expect(!record.invariantsHold)
        record.misses = 0
        record.sunk = [SunkAnnouncement(ship: 1, cell: 2)]   // sunk by a shot that did not hit
        #expect(!record.invariantsHold)
        record.sunk = [SunkAnnouncement(ship: 1, cell: 1), SunkAnnouncement(ship: 1, cell: 0)]   // one ship sunk twice
        #expect(!record.invariantsHold)

        var game = SimulatedGame(shape: shape, ships: [0b111, 0b11 << 5], record: ShotRecord(shape: shape, fleet: [3, 2]))
        #expect(game.invariantsHold)
        game.ships[1] = 0b110   // overlapping ships
        #expect(!game.invariantsHold)

        let path = bundled("Puzzles/battleship/tour/sample.bimaru")
        let puzzle = try BimaruFormat.parse(try String(contentsOfFile: path, encoding: .utf8), file: path)[0].get()
        let solver = BimaruSolver(puzzle)
        var state = BimaruSolver.SearchState(rowNeed: puzzle.rowSums, colNeed: puzzle.colSums)
        let ship: UInt128 = 0b11   // a ship of 2 on a1 b1, its halo blocked
        let halo: UInt128 = 0b111 | 0b111 << UInt128(puzzle.width)
        #expect(!solver.invariantsHold(occupied: ship, blocked: halo, state))   // counts not reduced
        state.rowNeed[0] -= 2
        state.colNeed[0] -= 1
        state.colNeed[1] -= 1
        #expect(solver.invariantsHold(occupied: ship, blocked: halo, state))
        #expect(!solver.invariantsHold(occupied: ship, blocked: 0, state))   // a ship outside the blocked cells
    }
}
