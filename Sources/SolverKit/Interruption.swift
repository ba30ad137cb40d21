// Ctrl-C and SIGTERM: the first one asks every search to stop and the batch to finish writing
// what is done (exit 130); a second one exits at once.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

private let interruptCount = Atomic<Int>(0)

public enum Interruption {
    /// True once SIGINT or SIGTERM arrived (after `install()`), or `request()` was called.
    public static var isRequested: Bool { interruptCount.load(ordering: .relaxed) > 0 }

    /// Asks everything to stop, as a signal would.
    public static func request() { interruptCount.add(1, ordering: .relaxed) }

    /// Installs the SIGINT and SIGTERM handlers.
    public static func install() {
        let handler: @convention(c) (Int32) -> Void = { _ in
            let (_, now) = interruptCount.add(1, ordering: .relaxed)
            if now > 1 { _exit(130) }
        }
        signal(SIGINT, handler)
        signal(SIGTERM, handler)
        // A parent may start us with these signals blocked (some process launchers do).
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}
