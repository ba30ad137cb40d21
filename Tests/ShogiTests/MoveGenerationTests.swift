// The fast generators (legal moves with check evasions, checking moves) against a brute force:
// every piece's pseudo-legal moves and every drop, kept when the mover's king is not left
// attacked; checks are those of them that attack the opponent's king. Positions come from
// seeded random walks (half the plies a check when there is one, so evasions come up often)
// from the perft and tanuki fixtures.
import Foundation
import Testing
@testable import Shogi

private func bruteLegal(_ p: inout Position) -> [Move] {
    let buf = UnsafeMutablePointer<Move>.allocate(capacity: 4096)
    defer { buf.deallocate() }
    let us = p.sideToMove
    var n = 0
    for from in 0..<81 {
        let q = p.piece(from)
        if q == 0 || Piece.color(q) != us { continue }
        p.addPieceMoves(buf, &n, from: from, targets: Position.allSquares & ~p.occupancy().own)
    }
    n = p.addDrops(buf, n, targets: p.occupancy().empty)
    var out: [Move] = []
    for i in 0..<n {
        let m = buf[i]
        let cap = p.play(m)
        let k = Int(p.kingSquare[us])
        if k < 0 || !p.isAttacked(k, by: 1 - us) { out.append(m) }
        p.undo(m, captured: cap)
    }
    return out
}

private func givesCheck(_ p: inout Position, _ m: Move) -> Bool {
    let us = p.sideToMove
    let cap = p.play(m)
    let k = Int(p.kingSquare[1 - us])
    let check = k >= 0 && p.isAttacked(k, by: us)
    p.undo(m, captured: cap)
    return check
}

@Test func generatorsAgreeWithBruteForce() throws {
    let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    var sfens: [String] = []
    for (file, column) in [("perft.tsv", 0), ("tanuki_sample.tsv", 2)] {
        let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let cols = line.split(separator: "\t", omittingEmptySubsequences: false)
            if cols.count > column { sfens.append(String(cols[column])) }
        }
    }
    #expect(sfens.count > 20)
    var rng: UInt64 = 0x2545_F491_4F6C_DD1D
    func next() -> Int { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return Int(rng >> 33) }
    let buf = UnsafeMutablePointer<Move>.allocate(capacity: Position.maxMoves)
    defer { buf.deallocate() }
    var positions = 0, inCheck = 0
    for sfen in sfens {
        var p = try position(sfen)
        for _ in 0..<24 {
            let brute = bruteLegal(&p)
            let legal = (0..<p.generateLegal(buf)).map { buf[$0] }
            #expect(Set(legal.map(\.usi)) == Set(brute.map(\.usi)) && legal.count == brute.count, "\(p.sfen)")
            let checks = (0..<p.generateChecks(buf)).map { buf[$0].usi }
            let bruteChecks = brute.filter { givesCheck(&p, $0) }.map(\.usi)
            #expect(Set(checks) == Set(bruteChecks) && checks.count == bruteChecks.count, "\(p.sfen)")
            // keysAfter repeats play's key arithmetic for the mate search: the two must agree.
            for m in brute {
                let predicted = (0..<2).map { p.keysAfter(m, handOf: $0) }
                var child = p
                child.play(m)
                for c in 0..<2 {
                    #expect(predicted[c].boardKey == child.boardKey && predicted[c].fullKey == child.fullKey
                            && predicted[c].hand == child.hands[c], "\(p.sfen) \(m.usi)")
                }
            }
            positions += 1
            if p.inCheck { inCheck += 1 }
            if brute.isEmpty { break }
            let checking = brute.filter { givesCheck(&p, $0) }
            let pool = !checking.isEmpty && next() % 2 == 0 ? checking : brute
            p.play(pool[next() % pool.count])
        }
    }
    #expect(positions > 1000)
    #expect(inCheck > 200)
}
