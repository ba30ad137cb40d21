// Prefetching a table bucket (SolverKit's prefetchForReading): the ordering asks for every
// child's bucket as soon as the child's flips are known and reads it for the enhanced
// transposition cut-off only after the cheap ordering keys of all the moves.
import SolverKit

extension TranspositionTable {
    /// Asks for the cache line of the bucket of (p, o), without waiting for it.
    @inline(__always)
    func prefetch(_ p: UInt64, _ o: UInt64) {
        prefetchForReading(UnsafeRawPointer(bucket(p, o)))
    }
}
