// `generate tsume`: the same seed gives the same file whatever the thread count, and every
// generated problem is re-checked here by brute force (plain minimax over every legal move,
// no table, no proof numbers), not by the solver that generated it: the exact length, one
// mating move at every attacker turn of every longest defence, and an empty attacker hand at
// the end of every longest line. The solve record's `unique` field is compared with the same
// brute force on published problems.
import Foundation
import Testing
import SolverKit
@testable import Shogi

/// Defender to move after a check: is it mated within `plies` plies (every reply counted)?
private func bruteDefenderMated(_ p: inout Position, _ plies: Int) -> Bool {
    let replies = UnsafeMutablePointer<Move>.allocate(capacity: Position.maxMoves)
    defer { replies.deallocate() }
    let r = p.generateLegal(replies)
    if r == 0 { return true }
    if plies < 2 { return false }
    for j in 0..<r {
        let d = replies[j]
        let cap = p.play(d)
        let mated = bruteMate(&p, plies - 1)
        p.undo(d, captured: cap)
        if !mated { return false }
    }
    return true
}

/// The attacker's checks from `p`, found among all legal moves (not by the check generator).
private func bruteChecks(_ p: inout Position) -> [Move] {
    let buf = UnsafeMutablePointer<Move>.allocate(capacity: Position.maxMoves)
    defer { buf.deallocate() }
    let n = p.generateLegal(buf)
    var checks: [Move] = []
    for i in 0..<n {
        let cap = p.play(buf[i])
        if p.inCheck { checks.append(buf[i]) }
        p.undo(buf[i], captured: cap)
    }
    return checks
}

/// Attacker moves that mate within `plies` plies.
private func bruteMatingMoves(_ p: inout Position, _ plies: Int) -> [Move] {
    bruteChecks(&p).filter { m in
        let cap = p.play(m)
        defer { p.undo(m, captured: cap) }
        return bruteDefenderMated(&p, plies - 1)
    }
}

/// Walks the longest-resistance tree of an attacker node of exact value `r` by brute force:
/// false when some attacker node has other than one mating move, or (with `emptyHand`) a line
/// ends with pieces in the attacker's hand.
private func bruteUnique(_ p: inout Position, _ r: Int, emptyHand: Bool) -> Bool {
    let mating = bruteMatingMoves(&p, r)
    guard mating.count == 1, let m = mating.first else { return false }
    let cap = p.play(m)
    defer { p.undo(m, captured: cap) }
    if r == 1 { return !emptyHand || p.hands[1 - p.sideToMove].isEmpty }
    let buf = UnsafeMutablePointer<Move>.allocate(capacity: Position.maxMoves)
    defer { buf.deallocate() }
    let n = p.generateLegal(buf)
    let replies = (0..<n).map { buf[$0] }
    for d in replies {
        let dcap = p.play(d)
        defer { p.undo(d, captured: dcap) }
        // a reply keeps the exact length r - 2 unless a mate within r - 4 follows it
        if r - 4 >= 1, bruteMate(&p, r - 4) { continue }
        if !bruteUnique(&p, r - 2, emptyHand: emptyHand) { return false }
    }
    return true
}

private func generate(length: Int, count: Int, seed: UInt64, threads: Int) -> [GeneratedPuzzle] {
    let settings = TsumeGenerator.Settings(lengths: [length], nodeLimit: 300_000, hashMB: 4)
    return PuzzleGeneration.run(count: count, seed: seed, threads: threads, maxTries: 100_000) { index, random in
        TsumeGenerator.candidate(index: index, random: &random, settings: settings, seed: seed)
    }.puzzles
}

private func sfen(of puzzle: GeneratedPuzzle) -> String {
    String(puzzle.text.prefix { $0 != "#" }).trimmingCharacters(in: .whitespaces)
}

@Suite(.serialized) struct TsumeGeneratorTests {
    @Test func sameSeedSameProblemsWhateverTheThreads() {
        let one = generate(length: 3, count: 5, seed: 11, threads: 1).map(\.text)
        let two = generate(length: 3, count: 5, seed: 11, threads: 2).map(\.text)
        let other = generate(length: 3, count: 5, seed: 12, threads: 2).map(\.text)
        #expect(one.count == 5)
        #expect(one == two)
        #expect(one != other)
    }

    @Test(arguments: [1, 3])
    func generatedProblemsPassTheBruteForce(length: Int) throws {
        let puzzles = generate(length: length, count: 5, seed: 3, threads: 2)
        #expect(puzzles.count == 5)
        for puzzle in puzzles {
            var p = try position(sfen(of: puzzle))
            #expect(p.tsumeLegalityProblem() == nil, "\(puzzle.text)")
            // exactly `length` plies: a mate within it, none two plies shorter
            #expect(bruteMate(&p, length), "\(puzzle.text)")
            if length >= 3 { #expect(!bruteMate(&p, length - 2), "\(puzzle.text)") }
            #expect(bruteUnique(&p, length, emptyHand: true), "\(puzzle.text)")
            // branching as written: the attacker's checks at the start
            #expect(puzzle.text.hasSuffix("branching \(bruteChecks(&p).count)"), "\(puzzle.text)")
            // and the loader reads the line back, name and all
            let loaded = try TsumeInput.load(text: puzzle.text, file: "g.sfen").first!.get()
            #expect(loaded.position.sfen == p.sfen)
            #expect(loaded.name.hasPrefix("tsume\(length)-s3-c"))
        }
    }

    @Test func oneMateInFiveAgainstTheBruteForce() throws {
        let puzzle = try #require(generate(length: 5, count: 1, seed: 5, threads: 2).first)
        var p = try position(sfen(of: puzzle))
        #expect(bruteMate(&p, 5) && !bruteMate(&p, 3), "\(puzzle.text)")
        #expect(bruteUnique(&p, 5, emptyHand: true), "\(puzzle.text)")
    }

    /// The bundled collections, every problem up to mate in 7 (a few seconds): the length from
    /// the name the generator wrote (`length N`), checked by brute force as above.
    @Test(arguments: ["mate-in-5.sfen", "mixed-1-7.sfen"])
    func bundledProblemsAgainstTheBruteForce(file: String) throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Puzzles/tsume/tour/generated/" + file)
        let problems = TsumeInput.load(text: try String(contentsOf: url, encoding: .utf8), file: url.path)
        #expect(problems.count >= 12)
        for item in problems {
            let problem = try item.get()
            let words = problem.name.split(separator: " ")
            let length = try #require(words.firstIndex(of: "length").flatMap { Int(words[$0 + 1]) }, "\(problem.name)")
            var p = problem.position
            #expect(p.tsumeLegalityProblem() == nil, "\(problem.name)")
            #expect(bruteMate(&p, length), "\(problem.name)")
            if length >= 3 { #expect(!bruteMate(&p, length - 2), "\(problem.name)") }
            #expect(bruteUnique(&p, length, emptyHand: true), "\(problem.name)")
        }
    }

    /// `solve` reports `unique` and `leftover`; the brute force decides them on published problems.
    @Test func solveRecordUniqueAndLeftover() throws {
        let text = try String(contentsOf: fixtureURL("tanuki_sample.tsv"), encoding: .utf8)
        var checked = 0, notUnique = 0
        for item in TsumeInput.load(text: text, file: "tanuki_sample.tsv") {
            let problem = try item.get()
            guard let length = problem.expectedLength, length <= 3 else { continue }
            let outcome = TsumeRun.run(problem, context: SolveContext(verb: .solve, hashMB: 4, treeDepth: 0))
            var p = problem.position
            #expect(outcome.result["unique"]?.boolValue == bruteUnique(&p, length, emptyHand: false), "\(problem.name)")
            notUnique += bruteUnique(&p, length, emptyHand: false) ? 0 : 1
            var end = problem.position
            for usi in outcome.result["pv"]?.arrayValue?.compactMap(\.stringValue) ?? [] { end.play(Move(usi: usi)!) }
            let leftover = try #require(outcome.result["leftover"]?.stringValue, "\(problem.name)")
            #expect(leftover.isEmpty == end.hands[0].isEmpty, "\(problem.name)")
            checked += 1
        }
        #expect(checked >= 20)
        #expect(notUnique > 0)   // the sample has both kinds
    }

    @Test func illegalPositionsAreNamed() throws {
        #expect(try position("8k/9/9/9/9/9/9/9/9 b G 1").tsumeLegalityProblem() == nil)
        #expect(try position("8k/9/9/4P4/4P4/9/9/9/9 b G 1").tsumeLegalityProblem() != nil)   // two pawns on file 5
        var deadKnight = try position("8k/9/9/9/9/9/9/9/9 b G 1")
        deadKnight.put(Piece.make(Piece.knight, 1), 4 * 9 + 8)   // a white knight on 5i
        #expect(deadKnight.tsumeLegalityProblem() != nil)
        var inCheck = try position("8k/9/9/9/9/9/9/9/9 b G 1")
        inCheck.put(Piece.make(Piece.gold, 0), 1)                // a black gold on 1b
        #expect(inCheck.tsumeLegalityProblem() != nil)
    }
}
