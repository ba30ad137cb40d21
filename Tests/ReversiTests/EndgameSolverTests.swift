// The exact solver against published results (FFO annotations, the 4x4 game value) and
// against a plain minimax written here.
import Testing
@testable import Reversi

/// Plain negamax over the public Position API: no pruning, no table, no ordering.
func bruteForce(_ position: Position, discCountOnly: Bool = false) -> Int {
    if position.isGameOver {
        return discCountOnly ? position.player.nonzeroBitCount - position.opponent.nonzeroBitCount : position.finalScore
    }
    var moves = position.legalMoves
    if moves == 0 { return -bruteForce(position.passing(), discCountOnly: discCountOnly) }
    var best = Int.min
    while moves != 0 {
        let sq = moves.trailingZeroBitCount
        moves &= moves - 1
        best = max(best, -bruteForce(position.playing(sq), discCountOnly: discCountOnly))
    }
    return best
}

/// A deterministic pseudo-random game prefix (xorshift), stopped at `empties` empties.
func randomPosition(seed: UInt64, geometry: BoardGeometry, empties: Int) -> Position? {
    var state = seed | 1
    var position = Position.start(geometry)
    while position.emptyCount > empties {
        if position.isGameOver { return nil }
        position = position.playingRandomMove(&state)
    }
    return position
}

extension Position {
    /// The position after a move drawn by xorshift from `state` (a pass when there is none).
    func playingRandomMove(_ state: inout UInt64) -> Position {
        var moves = legalMoves
        if moves == 0 { return passing() }
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        var k = Int(state % UInt64(moves.nonzeroBitCount))
        while k > 0 { moves &= moves - 1; k -= 1 }
        return playing(moves.trailingZeroBitCount)
    }
}

/// Plays `games` random games from the start (xorshift from `seed`): `visit` sees every
/// position before its move, `end` the final one.
func playRandomGames(_ games: Int, seed: UInt64, geometry: BoardGeometry = BoardGeometry(size: 8)!,
                     visit: (Position) -> Void, end: (Position) -> Void) {
    var state = seed
    for _ in 0..<games {
        var position = Position.start(geometry)
        while !position.isGameOver {
            visit(position)
            position = position.playingRandomMove(&state)
        }
        end(position)
    }
}

@Suite struct EndgameSolverTests {
    /// Published: the second player wins 11-3. The game ends with two empty squares, so the
    /// FFO score (empties to the winner) is 3 - 13 = -10 for black; by plain disc count -8.
    @Test func fourByFourSecondPlayerWinsElevenToThree() {
        let start = Position.start(BoardGeometry(size: 4)!)
        #expect(bruteForce(start, discCountOnly: true) == -8)
        for threads in [1, 2] {
            let result = EndgameSolver(geometry: start.geometry, threads: threads, hashMB: 1).solve(start)
            #expect(result.score == -10)
            #expect(result.score == bruteForce(start))
            // The principal variation replays to a finished game: 3 black, 11 white discs.
            var p = start
            for m in result.pv { p = m < 0 ? p.passing() : p.playing(m) }
            #expect(p.isGameOver)
            #expect(p.blackDiscs.nonzeroBitCount == 3 && p.whiteDiscs.nonzeroBitCount == 11)
        }
    }

    /// The four first moves are equivalent by symmetry (the root searches one of them): every
    /// one must still be reported, with the plain minimax value.
    @Test func symmetricRootMovesAllReported() {
        let start = Position.start(BoardGeometry(size: 4)!)
        var moves = start.legalMoves
        var values: [(Int, Int)] = []
        while moves != 0 {
            let sq = moves.trailingZeroBitCount
            moves &= moves - 1
            values.append((sq, -bruteForce(start.playing(sq))))
        }
        let best = values.map(\.1).max()!
        let solved = EndgameSolver(geometry: start.geometry, threads: 1, hashMB: 1).solve(start)
        #expect(solved.bestMoves == values.filter { $0.1 == best }.map(\.0).sorted())
        var heard: [(square: Int, score: Int, done: Int, total: Int)] = []
        let analysed = EndgameSolver(geometry: start.geometry, threads: 1, hashMB: 1).analyze(start) {
            heard.append(($0, $1, $2, $3))
        }
        for (square, value) in values {
            #expect(analysed.moveScores.first { $0.square == square }?.score == value)
            // The progress callback hears of every move once, with its minimax value.
            #expect(heard.filter { $0.square == square }.map(\.score) == [value])
        }
        #expect(heard.map(\.done) == Array(1...values.count))
        #expect(heard.allSatisfy { $0.total == values.count })
    }

    @Test func agreesWithPlainMinimax() {
        var checked = 0
        for seed in 1...40 {
            let g = BoardGeometry(size: seed % 3 == 0 ? 6 : 8)!
            guard let position = randomPosition(seed: UInt64(seed) &* 0x9E3779B97F4A7C15, geometry: g, empties: 9) else { continue }
            let expected = bruteForce(position)
            let solver = EndgameSolver(geometry: g, threads: 1 + seed % 2, hashMB: 1)
            let result = solver.analyze(position)
            #expect(result.score == expected, "seed \(seed)")
            for (square, score) in result.moveScores where square >= 0 {
                #expect(score == -bruteForce(position.playing(square)), "seed \(seed) move \(square)")
            }
            checked += 1
        }
        #expect(checked > 30)
    }

    /// FFO #1-#19: every listed move score, from the published annotations.
    @Test(arguments: [1, 2])
    func ffoOneToNineteenEveryMove(threads: Int) throws {
        for record in try records("fforum-1-19.obf") {
            let result = EndgameSolver(geometry: record.position.geometry, threads: threads, hashMB: 16).analyze(record.position)
            #expect(result.score == record.annotations[0].score, "line \(record.location.line)")
            for a in record.annotations {
                let found = result.moveScores.first { $0.square == a.square }?.score
                #expect(found == a.score, "line \(record.location.line) move \(BoardGeometry.name(of: a.square))")
            }
            #expect(result.bestMoves.contains(record.annotations[0].square))
        }
    }
}
