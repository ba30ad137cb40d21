// The mate solver's count-only routines (`evasionCount`, `checkCount`) against the move
// generators they replace: on every position of seeded random playouts from the public tsume
// problems (both sides to move; checks preferred, so the defender is often in check), the count
// of `generateChecks`'s list, and the count of `generateEvasions`'s list with the drops on one
// square not next to the king taken once.
import Foundation
import Testing
@testable import Shogi

@Test func moveCountsAgreeWithGenerators() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Puzzles/tsume/tour/tanuki_public.tsv")
    let text = try String(contentsOf: url, encoding: .utf8)
    var sfens: [String] = []
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
        let cols = line.split(separator: "\t", omittingEmptySubsequences: false)
        if cols.count > 2 { sfens.append(String(cols[2])) }
    }
    #expect(sfens.count > 1000)
    var rng: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> Int { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return Int(rng >> 33) }
    let buf = UnsafeMutablePointer<Move>.allocate(capacity: Position.maxMoves)
    let scratch = UnsafeMutablePointer<Move>.allocate(capacity: Position.maxMoves)
    defer { buf.deallocate(); scratch.deallocate() }
    var positions = 0, evasions = 0, distantDrops = 0, checks = 0
    // every fourth problem, three playouts each
    for (index, sfen) in sfens.enumerated() where index % 4 == 0 {
        for _ in 0..<3 {
            var p = try position(sfen)
            for _ in 0..<40 {
                let nChecks = p.generateChecks(buf)
                #expect(p.checkCount(scratch: scratch) == nChecks, "checks \(p.sfen)")
                checks += nChecks
                let us = p.sideToMove
                let k = Int(p.kingSquare[us])
                if k >= 0 {
                    let chk = p.attackers(of: k, by: 1 - us)
                    if chk.count > 0 {
                        let n = p.generateEvasions(buf, checkers: chk)
                        var expected = 0
                        var squares: UInt128 = 0
                        for i in 0..<n {
                            let m = buf[i]
                            if m.isDrop, !Position.adjacent(m.to, k) {
                                distantDrops += 1
                                if Geometry.has(squares, m.to) { continue }
                                squares |= Geometry.bit(m.to)
                            }
                            expected += 1
                        }
                        #expect(p.evasionCount(checkers: chk) == expected, "evasions \(p.sfen)")
                        evasions += 1
                    }
                }
                positions += 1
                let legal = p.generateLegal(buf)
                if legal == 0 { break }
                let nc = p.generateChecks(scratch)
                let m = nc > 0 && next() % 3 != 0 ? scratch[next() % nc] : buf[next() % legal]
                p.play(m)
            }
        }
    }
    // enough of each case to mean something
    #expect(positions > 10000)
    #expect(evasions > 3000)
    #expect(distantDrops > 1000)
    #expect(checks > 10000)
}
