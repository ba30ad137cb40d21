// The discs a move flips, four directions a vector, from per-square ray masks: toward the
// higher squares the first square that is not the opponent's is the lowest set bit of the
// ray minus the opponent's discs; toward the lower squares each of the mover's discs,
// moved one step back toward the move, survives only when no non-opponent square lies
// between it and the move (a downward smear of those squares erases the others). This is
// the scheme of Edax's flip_avx_ppfill (Delorme and Okuhara); with the x86-64-v3 target the
// four lanes are one ymm register and the per-lane shifts vpsllvq/vpsrlvq.

extension Bitboard {
    /// [square * 2]: the four rays from the square toward higher bit indices (E, N, NE, NW),
    /// [square * 2 + 1]: the four toward lower ones (W, S, SW, SE), in the lane order of
    /// `rayStep`. Never freed.
    nonisolated(unsafe) static let rayMasks: UnsafeMutablePointer<SIMD4<UInt64>> = {
        let t = UnsafeMutablePointer<SIMD4<UInt64>>.allocate(capacity: 128)
        for sq in 0..<64 {
            // Bitboard.rays: directions 0-3 higher (E, N, NE, NW), 4-7 lower (W, S, SW, SE).
            t[sq * 2] = SIMD4(rays[sq * 8], rays[sq * 8 + 1], rays[sq * 8 + 2], rays[sq * 8 + 3])
            t[sq * 2 + 1] = SIMD4(rays[sq * 8 + 4], rays[sq * 8 + 5], rays[sq * 8 + 6], rays[sq * 8 + 7])
        }
        return t
    }()

    /// Bit distance of one step along each lane's line (E/W 1, N/S 8, NE/SW 9, NW/SE 7).
    static let rayStep = SIMD4<UInt64>(1, 8, 9, 7)

    /// Discs flipped when `p` plays on the empty `square` (0 when the move is illegal).
    @inline(__always)
    static func flipsMasked(_ square: Int, _ p: UInt64, _ o: UInt64,
                            masks: UnsafeMutablePointer<SIMD4<UInt64>>) -> UInt64 {
        let pv = SIMD4<UInt64>(repeating: p)
        let ov = SIMD4<UInt64>(repeating: o)
        let zero = SIMD4<UInt64>(repeating: 0)
        let up = masks[square &<< 1]
        let down = masks[(square &<< 1) | 1]
        let step = SIMD4<UInt64>(1, 8, 9, 7)
        // Up: the opponent's run ends at the lowest non-opponent square; ours flips the run.
        let stopUp = up & ~ov
        let endUp = stopUp & (zero &- stopUp) & pv
        // The squares below endUp; none when there is no endUp (then endUp - 1 has its top bit set).
        let belowEnd = endUp &- 1
        var flipped = belowEnd & up & ((belowEnd &>> 63) &- 1)
        // Down: our discs one step toward the move, kept where no stop lies from there up to
        // the move (a run has at most six discs, so smearing the stops five steps is enough).
        let stopDown = down & ~ov
        var smear = stopDown | (stopDown &>> step)
        smear |= smear &>> (step &<< 1)
        smear |= smear &>> (step &<< 2)
        let endDown = ((pv & down) &<< step) & ~smear
        flipped |= down & (zero &- endDown)
        // Halves, then lanes: four separate lane reads make the compiler scalarize the whole.
        let halves = flipped.lowHalf | flipped.highHalf
        return halves[0] | halves[1]
    }

    /// `flipsMasked` behind a call. Inlined into the move-ordering loops, whose results feed
    /// scalar code, the compiler splits the vector code into scalar lanes (and `moves` too),
    /// which costs more than the call: a tenth of all instructions on FFO #36.
    @inline(never)
    static func flipsNotInlined(_ square: Int, _ p: UInt64, _ o: UInt64,
                                masks: UnsafeMutablePointer<SIMD4<UInt64>>) -> UInt64 {
        flipsMasked(square, p, o, masks: masks)
    }

    /// `moves` behind a call, for the same reason.
    @inline(never)
    static func movesNotInlined(_ p: UInt64, _ o: UInt64) -> UInt64 { moves(p, o) }
}
