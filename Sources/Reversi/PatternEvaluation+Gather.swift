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

    /// `gather`'s instances written out, (mask, digit table start, weight start) in its order,
    /// so that `evaluate` is straight-line code with the three as constants instead of a loop
    /// loading them per instance (7% fewer instructions and 2% less time on FFO #40-#49, the
    /// same nodes). A test checks them against `gather`, instance by instance.
    @inline(__always)
    static func forEachGatheredInstance(_ body: (_ mask: UInt64, _ digits: Int, _ weights: Int) -> Void) {
        body(0x0000_0000_0007_0707, 0, 0)
        body(0x0000_0000_0000_1F1F, 512, 19683)
        body(0x0000_0000_0000_42FF, 512, 78732)
        body(0x0000_0000_0000_FF00, 1536, 137781)
        body(0x0000_0000_00FF_0000, 1536, 144342)
        body(0x0000_0000_FF00_0000, 1536, 150903)
        body(0x8040_2010_0804_0201, 1536, 157464)
        body(0x0080_4020_1008_0402, 1792, 164025)
        body(0x0000_8040_2010_0804, 1920, 166212)
        body(0x0000_0080_4020_1008, 1984, 166941)
        body(0x0000_0000_8040_2010, 2016, 167184)
        body(0x0000_0000_00E0_E0E0, 2032, 0)
        body(0x0000_0000_0000_F8F8, 2544, 19683)
        body(0x0102_0408_1020_4080, 1536, 157464)
        body(0x0001_0204_0810_2040, 1792, 164025)
        body(0x0000_0102_0408_1020, 1920, 166212)
        body(0x0000_0001_0204_0810, 1984, 166941)
        body(0x0000_0000_0102_0408, 2016, 167184)
        body(0x0707_0700_0000_0000, 3568, 0)
        body(0x1F1F_0000_0000_0000, 4080, 19683)
        body(0xFF42_0000_0000_0000, 5104, 78732)
        body(0x00FF_0000_0000_0000, 1536, 137781)
        body(0x0000_FF00_0000_0000, 1536, 144342)
        body(0x0000_00FF_0000_0000, 1536, 150903)
        body(0x0204_0810_2040_8000, 6128, 164025)
        body(0x0408_1020_4080_0000, 6256, 166212)
        body(0x0810_2040_8000_0000, 6320, 166941)
        body(0x1020_4080_0000_0000, 6352, 167184)
        body(0xE0E0_E000_0000_0000, 6368, 0)
        body(0xF8F8_0000_0000_0000, 6880, 19683)
        body(0x0000_0003_0303_0303, 7904, 19683)
        body(0x0103_0101_0101_0301, 8928, 78732)
        body(0x0202_0202_0202_0202, 1536, 137781)
        body(0x0404_0404_0404_0404, 1536, 144342)
        body(0x0808_0808_0808_0808, 1536, 150903)
        body(0x4020_1008_0402_0100, 1792, 164025)
        body(0x2010_0804_0201_0000, 1920, 166212)
        body(0x1008_0402_0100_0000, 1984, 166941)
        body(0x0804_0201_0000_0000, 2016, 167184)
        body(0x0303_0303_0300_0000, 9952, 19683)
        body(0x0000_00C0_C0C0_C0C0, 10976, 19683)
        body(0x80C0_8080_8080_C080, 12000, 78732)
        body(0x4040_4040_4040_4040, 1536, 137781)
        body(0x2020_2020_2020_2020, 1536, 144342)
        body(0x1010_1010_1010_1010, 1536, 150903)
        body(0xC0C0_C0C0_C000_0000, 13024, 19683)
    }

    /// Value of (p, o) for the side to move, in `unitsPerDisc` units: the same sum as
    /// `evaluateReference`, each instance's index read by PEXT. `playerMoves`: the moves of (p, o).
    @inline(__always)
    static func evaluate(_ p: UInt64, _ o: UInt64, _ w: UnsafeMutablePointer<Int16>, _ g: GatherTables,
                         _ stageOf: UnsafeMutablePointer<Int>, playerMoves: UInt64) -> Int {
        #if BMI2
        let empties = 64 - (p | o).nonzeroBitCount
        let base = w + stageOf[empties] * stageStride
        let t = g.digits
        var s = 0
        forEachGatheredInstance { mask, digits, weights in
            s &+= Int(base[weights + Int(t[digits + Int(_pext_u64(p, mask))]) + 2 * Int(t[digits + Int(_pext_u64(o, mask))])])
        }
        let mp = playerMoves.nonzeroBitCount, mo = Bitboard.moves(o, p).nonzeroBitCount
        s &+= Int(base[mobilityAt + min(mp, 31)]) + Int(base[mobilityAt + 32 + min(mo, 31)]) + Int(base[biasAt])
        return s
        #else
        return evaluateReference(p, o, w, ternary, stageOf)
        #endif
    }
}
