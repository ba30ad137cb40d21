// The solver against the independent minimax, and the published draw count.

import Testing
@testable import Quarto

@Test func solverAgreesWithPlainMinimaxOn200RandomPositions() {
    var rng = SplitMix(state: 2024)
    var checked = 0, outcomes: [String: Int] = [:]
    let solvers = Dictionary(uniqueKeysWithValues: RuleSet.allCases.map { ($0, QuartoSolver(rules: $0, hashMB: 16, threads: 2, tableMinEmpties: 4)) })
    while checked < 240 {
        let rules: RuleSet = checked % 6 == 4 ? .squares : checked % 6 == 5 ? .torus : .classic
        let placed = 8 + checked % 4
        guard let p = randomPosition(placed: placed, rules: rules, handed: checked % 5 != 0, rng: &rng) else { continue }
        let expected = Reference.score(p)
        let v = solvers[rules]!.value(of: p)
        #expect(v?.score == expected, "\(p.text)")
        outcomes[v?.outcome ?? "none", default: 0] += 1
        checked += 1
    }
    // the sample must exercise every outcome
    #expect(outcomes["win", default: 0] > 0 && outcomes["loss", default: 0] > 0 && outcomes["draw", default: 0] > 0)
}

@Test func analyzeGivesEveryMoveItsMinimaxValue() {
    var rng = SplitMix(state: 7)
    var done = 0
    let solver = QuartoSolver(rules: .classic, hashMB: 16, threads: 1)
    while done < 12 {
        guard let p = randomPosition(placed: 10, rules: .classic, handed: done % 3 != 0, rng: &rng) else { continue }
        guard let moves = solver.analyze(p) else { Issue.record("stopped"); return }
        #expect(moves.count == p.legalMoves.count)
        for (m, v) in moves {
            let next = p.playing(m)
            let won = m.square != nil && Reference.wins((0..<16).map { next.board.occupied >> $0 & 1 == 1 ? next.board.piece(at: $0) : -1 }, Reference.lines(.classic))
            let expected = won ? 99 : QuartoSolver.parentScore(next.board.occupied == 0xFFFF ? 0 : Reference.score(next))
            #expect(v.score == expected, "\(p.text) move \(m)")
        }
        let best = moves.map(\.value.score).max()
        #expect(best == Reference.score(p))
        done += 1
    }
}

@Test func bestMovesAndPrincipalLineKeepTheValue() {
    var rng = SplitMix(state: 99)
    var done = 0
    let solver = QuartoSolver(rules: .classic, hashMB: 16, threads: 1)
    while done < 10 {
        guard let p = randomPosition(placed: 9, rules: .classic, handed: true, rng: &rng) else { continue }
        let v = solver.value(of: p)!
        let best = solver.bestMoves(p, score: v.score)!
        #expect(!best.isEmpty)
        for m in best {
            let next = p.playing(m)
            let cells = (0..<16).map { next.board.occupied >> $0 & 1 == 1 ? next.board.piece(at: $0) : -1 }
            let score = Reference.wins(cells, Reference.lines(.classic)) ? 99
                : QuartoSolver.parentScore(next.board.occupied == 0xFFFF ? 0 : Reference.score(next))
            #expect(score == v.score)
        }
        // replaying the line ends the game after `distance` plies with the right outcome
        let line = solver.principalLine(p, score: v.score, first: best.first)!
        #expect(line.count == v.distance)
        var q = p
        for m in line { q = q.playing(m) }
        #expect(q.isOver)
        done += 1
    }
}

@Test func drawCountMatchesEnumerationOnPartialBoards() {
    var rng = SplitMix(state: 5)
    var done = 0
    while done < 6 {
        let rules: RuleSet = done % 3 == 0 ? .squares : .classic
        guard let p = randomPosition(placed: 9 + done % 3, rules: rules, handed: false, rng: &rng) else { continue }
        #expect(DrawCount.count(board: p.board, rules: rules, threads: 2) == Reference.drawnCompletions(p))
        done += 1
    }
}

@Test func drawnFullBoardsOfClassicQuartoMatchThePublishedFigure() {
    // 414,298,141,056: published count of drawn full boards (shared data README, "Published facts")
    #expect(DrawCount.count(board: Board(), rules: .classic, threads: 2) == 414_298_141_056)
}
