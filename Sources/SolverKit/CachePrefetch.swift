// A software prefetch: asks for the cache line holding an address and goes on without waiting
// for it. The searches look up a table entry of every child of a node; asked for as soon as
// each child's key is known, and read after other work, their cache misses overlap that work
// and each other. A plain load would do the same only while the processor's reorder window
// lasts: an unfinished load at its head stops everything behind it from retiring.

/// LLVM's prefetch intrinsic (address, 0 = read, locality 3 = keep in every level, 1 = data):
/// Swift has no spelling of its own for it; on x86-64 it is PREFETCHT0, on arm64 PRFM PLDL1KEEP.
@usableFromInline
@_silgen_name("llvm.prefetch.p0")
func llvmPrefetch(_ address: UnsafeRawPointer, _ write: Int32, _ locality: Int32, _ dataCache: Int32)

/// Asks for the cache line holding `address`, to be read soon, without waiting for it.
@inlinable @inline(__always)
public func prefetchForReading(_ address: UnsafeRawPointer) {
    llvmPrefetch(address, 0, 3, 1)
}
