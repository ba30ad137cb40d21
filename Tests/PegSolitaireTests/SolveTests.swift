// Solving: replayed solutions, proofs of impossibility, published problems and figures.
import Testing
import SolverKit
@testable import PegSolitaire

@Suite struct SolveTests {
    @Test func englishCentralGame() {
        let p = Fixtures.puzzles("english.peg")[0]
        let r = PegSolver(problem: p).solve()
        #expect(r.solvable == true)
        #expect(r.jumps.count == 31)
        let end = p.board.replay(r.jumps, from: p.start)
        #expect(end == UInt64(1) << UInt64(p.board.hole(named: "d4")!))
    }

    @Test func frenchCentreIsImpossibleByClass() {
        let p = Fixtures.problem(GeometryTests.french + "\n").withTarget(.anyHole)
        let r = PegSolver(problem: p).solve()
        #expect(r.solvable == false)
        #expect(r.nodes == 0)   // decided by the position class alone
        // The published reason: no hole is in the class of the start.
        #expect(PositionClass(board: p.board).possibleFinishes(from: p.start, holes: 37).isEmpty)
    }

    @Test func positionClasses() {
        // English and French: 16 classes (two three-colourings, two parities each).
        #expect(PositionClass(board: Fixtures.problem(Fixtures.english).board).classCount == 16)
        #expect(PositionClass(board: Fixtures.problem(GeometryTests.french).board).classCount == 16)
        let english = Fixtures.problem(Fixtures.english)
        let classes = PositionClass(board: english.board)
        // From the centre vacancy a single peg can only finish in d4, d1, d7, a4 or g4... of
        // which the central game targets d4 (Beasley: the five holes of the centre's class).
        let finishes = classes.possibleFinishes(from: english.start, holes: 33).map { english.board.names[$0] }
        #expect(Set(finishes) == ["d1", "a4", "d4", "g4", "d7"])
        // A jump never changes the class.
        for c in english.board.children(english.start) { #expect(classes.of(c.position) == classes.of(english.start)) }
    }

    @Test func pagodasAreChecked() {
        let board = Fixtures.problem(Fixtures.english).board
        let d4 = board.hole(named: "d4")!
        for pagoda in Pagoda.candidates(board: board, target: d4) {
            for jump in board.jumps { #expect(pagoda.weights[jump.from] + pagoda.weights[jump.over] >= pagoda.weights[jump.to]) }
        }
        #expect(!Pagoda.candidates(board: board, target: d4).isEmpty)
        // Weight only on d4: a jump into d4 from outside raises it, so it is refused.
        #expect(Pagoda(weights: (0..<33).map { $0 == d4 ? 1 : 0 }, board: board) == nil)
    }

    @Test func puzzlePeg1924() {
        let problems = Fixtures.puzzles("puzzle-peg-1924.peg")
        #expect(problems.count == 30)
        for p in problems {
            #expect(p.target == .hole(p.board.hole(named: "d4")!))
            let r = PegSolver(problem: p, shouldStop: { $0 > 50_000_000 }).solve()
            #expect(r.solvable == true, "\(p.name)")
            #expect(p.board.replay(r.jumps, from: p.start).map(p.isFinish) == true, "\(p.name)")
        }
    }

    @Test func triangleEveryStartSolvable() {
        for v in 1...15 {
            let p = Fixtures.triangle(side: 5, vacancy: v)
            let r = PegSolver(problem: p).solve()
            #expect(r.solvable == true)
            #expect(p.board.replay(r.jumps, from: p.start)?.nonzeroBitCount == 1)
        }
        // The finish table agrees: every start has a finish.
        let table = FinishTable.compute(board: Fixtures.triangle(side: 5, vacancy: 1).board, shouldStop: { _ in false })
        for s in 0..<15 { #expect(!table.finishes(from: s).isEmpty, "start \(s + 1): \(table.entries[s])") }
        // Every entry the table calls solvable replays.
        let board = Fixtures.triangle(side: 5, vacancy: 1).board
        for s in 0..<15 {
            for f in 0..<15 {
                if case .solvable(let jumps) = table.entries[s][f] {
                    #expect(board.replay(jumps, from: board.allHoles & ~(UInt64(1) << UInt64(s))) == UInt64(1) << UInt64(f))
                }
            }
        }
    }

    /// OEIS A127500 / published: the 15-hole triangle needs 9 moves at best (over the starts).
    @Test func triangleFewestMoves() {
        var best = Int.max
        for v in 1...15 {
            let p = Fixtures.triangle(side: 5, vacancy: v)
            let r = FewestMoves.solve(p, threads: 1, shouldStop: { false })
            #expect(r.solvable == true)
            #expect(p.board.replay(r.jumps, from: p.start)?.nonzeroBitCount == 1)
            #expect(p.board.moveCount(r.jumps) == r.moves)
            best = min(best, r.moves)
        }
        #expect(best == 9)
    }

    @Test func limitsStopTheSearch() {
        let p = Fixtures.problem(GeometryTests.wiegleb)
        let r = PegSolver(problem: p, shouldStop: { $0 >= 10_000 }).solve()
        #expect(r.solvable == nil)
    }

    @Test func gameRecord() {
        let jobs = PegSolitaireGame.load(text: Fixtures.english, file: "english.peg")
        guard case .success(let job) = jobs[0] else { Issue.record("should load"); return }
        let outcome = job.run(SolveContext(verb: .solve))
        #expect(outcome.status == .solved)
        #expect(outcome.result["solvable"] == .bool(true))
        #expect(outcome.result["pegsLeft"] == .int(1))
        #expect(outcome.result["moves"]?.arrayValue?.isEmpty == false)
    }
}

extension PegProblem {
    func withTarget(_ t: PegTarget) -> PegProblem { var p = self; p.target = t; return p }
}
