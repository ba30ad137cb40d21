// The evaluation's hot path: each pattern instance is read straight from the two bitboards by
// one parallel bit extract (BMI2 PEXT) a side, and a table for the instance's digit order
// turns the extracted bits into the base-3 index. The reference form (PatternEvaluation's
// forEachFeature, which training uses) mirrors the board into its 8 images and gathers each
// shape's bits by shifts, in about 1.4 times the time (the weights' loads bound both). The
// instances (squares, digit order, table) are derived once from forEachFeature itself, so the
// two forms cannot drift apart; a test checks that they agree on random positions. Builds
// without BMI2 (Package.swift defines it where it targets Haswell: release builds on x86-64)
// use the reference form.

#if BMI2
import _Builtin_intrinsics.intel
#endif

extension PatternEvaluation {
    /// One pattern instance: its squares, where its digit table starts in `GatherTables.digits`,
    /// and where its shape's weights start within a stage.
    struct GatheredInstance {
        var mask: UInt64
        var digits: Int32
        var weights: Int32
    }

    /// The instances and their digit tables (tables shared by instances with one digit order).
    struct GatherTables: @unchecked Sendable {
        let instances: UnsafeMutablePointer<GatheredInstance>
        let digits: UnsafeMutablePointer<UInt16>
        /// Pattern instances (the features but the two mobilities and the bias).
        static let count = featureCount - 3
    }

    /// Built from forEachFeature: a board with one disc of the side to move on square s moves
    /// instance i's index by 3^j when s is the instance's digit j, and leaves it otherwise.
    static let gather: GatherTables = {
        var empty: [Int] = []
        forEachFeature(0, 0, ternary) { empty.append($0) }
        var digitOfSquare = [[(square: Int, digit: Int)]](repeating: [], count: GatherTables.count)
        for square in 0..<64 {
            var k = 0
            forEachFeature(UInt64(1) << UInt64(square), 0, ternary) { index in
                if k < GatherTables.count, index != empty[k] {
                    var d = index - empty[k], digit = 0
                    while d > 1 { d /= 3; digit += 1 }
                    digitOfSquare[k].append((square, digit))
                }
                k += 1
            }
        }
        var tables: [UInt16] = []
        var tableStart: [[UInt16]: Int] = [:]
        let instances = UnsafeMutablePointer<GatheredInstance>.allocate(capacity: GatherTables.count)
        for (k, squares) in digitOfSquare.enumerated() {
            // PEXT packs the squares in ascending order: bit r is the r-th lowest square.
            let ordered = squares.sorted { $0.square < $1.square }
            var table: [UInt16] = []
            for bits in 0..<(1 << ordered.count) {
                var value = 0
                for (r, s) in ordered.enumerated() where bits >> r & 1 != 0 {
                    var power = 1
                    for _ in 0..<s.digit { power *= 3 }
                    value += power
                }
                table.append(UInt16(value))
            }
            let start = tableStart[table] ?? {
                tables += table
                tableStart[table] = tables.count - table.count
                return tables.count - table.count
            }()
            let mask = ordered.reduce(UInt64(0)) { $0 | UInt64(1) << UInt64($1.square) }
            instances[k] = GatheredInstance(mask: mask, digits: Int32(start), weights: Int32(empty[k]))
        }
        let digits = UnsafeMutablePointer<UInt16>.allocate(capacity: tables.count)
        for i in tables.indices { digits[i] = tables[i] }
        return GatherTables(instances: instances, digits: digits)
    }()

    /// Value of (p, o) for the side to move, in `unitsPerDisc` units: the same sum as
    /// `evaluateReference`, each instance's index read by PEXT. `playerMoves`: the moves of (p, o).
    @inline(__always)
    static func evaluate(_ p: UInt64, _ o: UInt64, _ w: UnsafeMutablePointer<Int16>, _ g: GatherTables,
                         _ stageOf: UnsafeMutablePointer<Int>, playerMoves: UInt64) -> Int {
        #if BMI2
        let empties = 64 - (p | o).nonzeroBitCount
        let base = w + stageOf[empties] * stageStride
        var s = 0
        for i in 0..<GatherTables.count {
            let instance = g.instances[i]
            let t = g.digits + Int(instance.digits)
            let index = Int(instance.weights) + Int(t[Int(_pext_u64(p, instance.mask))])
                + 2 * Int(t[Int(_pext_u64(o, instance.mask))])
            s &+= Int(base[index])
        }
        let mp = playerMoves.nonzeroBitCount, mo = Bitboard.moves(o, p).nonzeroBitCount
        s &+= Int(base[mobilityAt + min(mp, 31)]) + Int(base[mobilityAt + 32 + min(mo, 31)]) + Int(base[biasAt])
        return s
        #else
        return evaluateReference(p, o, w, ternary, stageOf)
        #endif
    }
}
