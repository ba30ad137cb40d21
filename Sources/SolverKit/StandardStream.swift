// Writing to standard output and standard error without trapping. Foundation's
// `FileHandle.write(_:)` traps when the write fails (a terminal that went away gives EIO, so
// Ctrl-C after closing the terminal ended a run with SIGILL); a message is never worth a crash.
// `writeAll` is also how results.jsonl receives its whole lines.

#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

public enum StandardStream {
    case output, error

    var descriptor: Int32 { self == .output ? 1 : 2 }

    /// Writes all of `text`; a failure drops the rest silently.
    public func write(_ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { writeAll(descriptor, $0) }
    }

    /// Opens /dev/null on any of descriptors 0-2 that is closed, so that no file opened later
    /// takes its number: started with `2>&-`, a run wrote its error messages into results.jsonl.
    public static func reserveDescriptors() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) < 0 && errno == EBADF {
            let opened = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            if opened >= 0, opened != fd { dup2(opened, fd); close(opened) }
        }
    }
}

/// Writes all of `bytes` to `descriptor`, retrying short and interrupted writes; stops at the
/// first failure. Returns whether everything was written.
@discardableResult
func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    var offset = 0
    while offset < bytes.count {
        let n = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if n < 0, errno == EINTR { continue }
        if n <= 0 { return false }
        offset += n
    }
    return true
}
