// The layout counter's hot loop: a depth-first enumeration that places sunk ships first, then
// branches on which ship covers the lowest uncovered hit, then (no hits left to explain) places
// the remaining ships largest first and closes the last two in one step: for two ships s, t on
// candidate sets Vs, Vt the number of disjoint pairs through s = p is |Vt| - |Vt ∩ overlap(p)|,
// so the two innermost levels cost one popcount per candidate instead of a nested loop.
// Three ships close the same way by inclusion-exclusion over the pairwise overlaps (see
// closeThree). Every count is also credited to each (ship, placement) on the path, which gives the per-cell
// counts and the sink odds without a second pass.

struct CountWorker {
    let masks: UnsafeMutablePointer<UInt128>
    let conflicts: UnsafeMutablePointer<PlacementSet>
    let covers: UnsafeMutablePointer<PlacementSet>
    let classOffset: UnsafeMutablePointer<Int>
    let shipClass: UnsafeMutablePointer<Int>
    let classCount: Int
    let allShips: UInt32
    let hits: UInt128
    /// Per class: placements touching a hit cell (banned once every hit is explained).
    let touchHits: UnsafeMutablePointer<PlacementSet>
    let sunkShip: UnsafeMutablePointer<Int>
    let sunkCell: UnsafeMutablePointer<Int>
    /// The hits each sunk ship must lie on (those of the moment it sank).
    let sunkOn: UnsafeMutablePointer<UInt128>
    let sunkCount: Int
    /// weights[ship * stride + p]: layouts with that ship (internal index) at placement p.
    let weights: UnsafeMutablePointer<UInt128>
    let stride: Int
    /// Candidate sets per depth: valid[d * classCount + class].
    let valid: UnsafeMutablePointer<PlacementSet>
    /// Scratch for the three-ship closing: overlap counts and weights per placement.
    let scratch: UnsafeMutablePointer<Int>
    var nodes: UInt64 = 0
    var nextCheck: UInt64 = 4096
    var stopped = false
    let shouldStop: (@Sendable (UInt64) -> Bool)?

    @inline(__always) mutating func tick() {
        nodes &+= 1
        if nodes >= nextCheck {
            nextCheck = nodes + 4096
            if let shouldStop, shouldStop(4096) { stopped = true }
        }
    }

    /// Candidate sets at depth d+1 after placing global placement g at depth d.
    @inline(__always) func descend(_ d: Int, _ g: Int, banHits: Bool) {
        let C = classCount
        let v = valid + d * C, nv = v + C, cf = conflicts + g * C
        if banHits {
            for k in 0..<C { nv[k] = v[k].subtracting(cf[k]).subtracting(touchHits[k]) }
        } else {
            for k in 0..<C { nv[k] = v[k].subtracting(cf[k]) }
        }
    }

    mutating func search(_ d: Int, uncovered: UInt128, placed: UInt32, sunkNext: Int) -> UInt128 {
        assert(invariantsHold(d, uncovered: uncovered, placed: placed, sunkNext: sunkNext))
        if stopped { return 0 }
        let C = classCount
        let v = valid + d * C
        var total: UInt128 = 0
        if sunkNext < sunkCount {
            // A sunk ship lies on hit cells only (those hit by the time it sank) and covers the
            // cell of the shot that sank it.
            let s = sunkShip[sunkNext], c = shipClass[s], on = sunkOn[sunkNext]
            var opts = v[c].intersection(covers[sunkCell[sunkNext] * C + c])
            while true {
                let p = opts.removeFirst()
                if p < 0 { break }
                let g = classOffset[c] + p
                let m = masks[g]
                if m & ~on != 0 { continue }
                let nu = uncovered & ~m
                descend(d, g, banHits: nu == 0)
                let sub = search(d + 1, uncovered: nu, placed: placed | (1 << UInt32(s)), sunkNext: sunkNext + 1)
                weights[s * stride + p] &+= sub
                total &+= sub
            }
            return total
        }
        if uncovered != 0 {
            // Exactly one ship covers the lowest unexplained hit: branch on which, and where.
            // That ship was not announced sunk, so it cannot lie on hits only.
            let h = uncovered.trailingZeroBitCount
            var rem = allShips & ~placed
            while rem != 0 {
                let s = rem.trailingZeroBitCount
                rem &= rem &- 1
                let c = shipClass[s]
                var opts = v[c].intersection(covers[h * C + c])
                while true {
                    let p = opts.removeFirst()
                    if p < 0 { break }
                    let g = classOffset[c] + p
                    let m = masks[g]
                    if m & ~hits == 0 { continue }
                    let nu = uncovered & ~m
                    descend(d, g, banHits: nu == 0)
                    let sub = search(d + 1, uncovered: nu, placed: placed | (1 << UInt32(s)), sunkNext: sunkNext)
                    weights[s * stride + p] &+= sub
                    total &+= sub
                }
            }
            tick()
            return total
        }
        let remaining = allShips & ~placed
        switch remaining.nonzeroBitCount {
        case 0:
            tick()
            return 1
        case 1:
            tick()
            let s = remaining.trailingZeroBitCount
            var vs = v[shipClass[s]]
            let n = vs.count
            while true {
                let p = vs.removeFirst()
                if p < 0 { break }
                weights[s * stride + p] &+= 1
            }
            return UInt128(n)
        case 2:
            tick()
            let s = remaining.trailingZeroBitCount
            let t = (remaining & (remaining &- 1)).trailingZeroBitCount
            let a = shipClass[s], b = shipClass[t]
            let va = v[a], vb = v[b]
            let na = UInt64(va.count), nb = UInt64(vb.count)
            var sum: UInt64 = 0
            let ws = weights + s * stride, wt = weights + t * stride
            var it = va
            if a == b {
                while true {
                    let p = it.removeFirst()
                    if p < 0 { break }
                    let w = UInt128(nb &- UInt64(conflicts[(classOffset[a] + p) * C + b].intersectionCount(vb)))
                    ws[p] &+= w
                    wt[p] &+= w
                    sum &+= UInt64(w)
                }
            } else {
                while true {
                    let p = it.removeFirst()
                    if p < 0 { break }
                    let w = nb &- UInt64(conflicts[(classOffset[a] + p) * C + b].intersectionCount(vb))
                    ws[p] &+= UInt128(w)
                    sum &+= w
                }
                var jt = vb
                while true {
                    let q = jt.removeFirst()
                    if q < 0 { break }
                    let w = na &- UInt64(conflicts[(classOffset[b] + q) * C + a].intersectionCount(va))
                    wt[q] &+= UInt128(w)
                }
            }
            return UInt128(sum)
        case 3:
            tick()
            return closeThree(v, remaining)
        default:
            let s = remaining.trailingZeroBitCount
            let c = shipClass[s]
            var opts = v[c]
            while true {
                let p = opts.removeFirst()
                if p < 0 { break }
                let g = classOffset[c] + p
                descend(d, g, banHits: false)
                let sub = search(d + 1, uncovered: 0, placed: placed | (1 << UInt32(s)), sunkNext: sunkNext)
                weights[s * stride + p] &+= sub
                total &+= sub
            }
            return total
        }
    }

    /// The last three ships in closed form. For ship i at p with the other two ships j, u on
    /// candidate sets Vj, Vu and N(p) the candidates overlapping p, the completions are
    ///   |Vj - Nj(p)| * |Vu - Nu(p)| - #{overlapping (y, z) with y not in Nj(p), z not in Nu(p)}
    /// and the last term is O(j,u) - sum over y in Nj(p) of o_u(y) - sum over z in Nu(p) of
    /// o_j(z) + #{overlapping (y, z) inside Nj(p) x Nu(p)}, with o_u(y) the candidates of u
    /// overlapping y and O(j,u) their total: all local to p, so the cost is linear in the
    /// candidates instead of quadratic.
    mutating func closeThree(_ v: UnsafeMutablePointer<PlacementSet>, _ remaining: UInt32) -> UInt128 {
        let C = classCount
        // Slots 0, 1, 2 in scratch-free locals (no arrays on this path).
        var rem = remaining
        let s0 = rem.trailingZeroBitCount; rem &= rem &- 1
        let s1 = rem.trailingZeroBitCount; rem &= rem &- 1
        let s2 = rem.trailingZeroBitCount
        @inline(__always) func shipOf(_ i: Int) -> Int { i == 0 ? s0 : i == 1 ? s1 : s2 }
        let k0 = shipClass[s0], k1 = shipClass[s1], k2 = shipClass[s2]
        @inline(__always) func clsOf(_ i: Int) -> Int { i == 0 ? k0 : i == 1 ? k1 : k2 }
        let v0 = v[k0], v1 = v[k1], v2 = v[k2]
        @inline(__always) func setOf(_ i: Int) -> PlacementSet { i == 0 ? v0 : i == 1 ? v1 : v2 }
        // o[i][j][p]: candidates of slot j overlapping placement p of slot i (scratch rows of
        // 256); rows of equal classes are equal, so each class pair is computed once.
        let o = scratch
        let big = scratch + 12 * 256
        for i in 0..<3 {
            for j in 0..<3 where j != i {
                let row = o + (i * 3 + j) * 256
                if let (pi, pj) = firstEqualPair(i, j, clsOf), pi != i || pj != j {
                    // Same classes as an earlier pair: copy its row.
                    let src = o + (pi * 3 + pj) * 256
                    var it = setOf(i)
                    while true {
                        let p = it.removeFirst()
                        if p < 0 { break }
                        row[p] = src[p]
                    }
                    big[i * 3 + j] = big[pi * 3 + pj]
                    continue
                }
                var it = setOf(i)
                var sum = 0
                let base = classOffset[clsOf(i)]
                let vj = setOf(j), kj = clsOf(j)
                while true {
                    let p = it.removeFirst()
                    if p < 0 { break }
                    let n = conflicts[(base + p) * C + kj].intersectionCount(vj)
                    row[p] = n
                    sum += n
                }
                big[i * 3 + j] = sum
            }
        }
        let wbuf = scratch + 9 * 256
        var total: UInt128 = 0
        for i in 0..<3 {
            let ws = weights + shipOf(i) * stride
            // Same length as an earlier slot: same completions.
            let twin = i == 0 ? -1 : (k0 == clsOf(i) ? 0 : (i == 2 && k1 == k2 ? 1 : -1))
            if twin >= 0 {
                var it = setOf(i)
                let tw = wbuf + twin * 256
                while true {
                    let p = it.removeFirst()
                    if p < 0 { break }
                    ws[p] &+= UInt128(tw[p])
                }
                continue
            }
            let j = i == 0 ? 1 : 0, u = i == 2 ? 1 : 2
            let vj = setOf(j), vu = setOf(u)
            let nj = vj.count, nu = vu.count
            let oju = o + (j * 3 + u) * 256, ouj = o + (u * 3 + j) * 256
            let overlapJU = big[j * 3 + u]
            let ki = clsOf(i), kj = clsOf(j), ku = clsOf(u)
            let baseI = classOffset[ki], baseJ = classOffset[kj]
            let wrow = wbuf + i * 256
            var it = setOf(i)
            while true {
                let p = it.removeFirst()
                if p < 0 { break }
                let cf = conflicts + (baseI + p) * C
                var nJ = cf[kj].intersection(vj)
                let nU = cf[ku].intersection(vu)
                var corr = overlapJU
                let freeJ = nj - nJ.count, freeU = nu - nU.count
                var itU = nU
                while true {
                    let z = itU.removeFirst()
                    if z < 0 { break }
                    corr -= ouj[z]
                }
                while true {
                    let y = nJ.removeFirst()
                    if y < 0 { break }
                    corr -= oju[y]
                    corr += conflicts[(baseJ + y) * C + ku].intersectionCount(nU)
                }
                let w = freeJ * freeU - corr
                wrow[p] = w
                ws[p] &+= UInt128(w)
                if i == 0 { total &+= UInt128(w) }
            }
        }
        return total
    }

    /// The first slot pair (in loop order) whose classes equal those of (i, j).
    @inline(__always) private func firstEqualPair(_ i: Int, _ j: Int, _ cls: (Int) -> Int) -> (Int, Int)? {
        for a in 0..<3 {
            for b in 0..<3 where b != a {
                if cls(a) == cls(i) && cls(b) == cls(j) { return (a, b) }
            }
        }
        return nil
    }
}
