// Debug-build check of the layout counter's search state: the unexplained hits are hits, the
// ships placed belong to the fleet, and each depth's candidate sets lie inside those of the depth
// above (placing a ship only removes candidates). `CountWorker.search` asserts it at every node;
// release builds compile the assert out.

extension CountWorker {
    /// At depth `d`: the unexplained hits are hits, the ships placed are ships of the fleet, the
    /// sunk announcements are taken in order, and every candidate set lies inside the one of the
    /// depth above (placing a ship only removes candidates).
    func invariantsHold(_ d: Int, uncovered: UInt128, placed: UInt32, sunkNext: Int) -> Bool {
        guard uncovered & ~hits == 0, placed & ~allShips == 0, (0...sunkCount).contains(sunkNext) else { return false }
        guard d > 0 else { return true }
        let v = valid + d * classCount, above = v - classCount
        for k in 0..<classCount where !v[k].subtracting(above[k]).isEmpty { return false }
        return true
    }
}
