import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Where other threads (agent tasks, timers) post events for the loop. Posting writes a byte
/// to a pipe so the loop's poll wakes; the events themselves wait in a locked queue.
final class Mailbox: Sendable {
    private let queue = Mutex<[Event]>([])
    let readDescriptor: Int32
    private let writeDescriptor: Int32

    init() {
        var fds: [Int32] = [0, 0]
        precondition(pipe(&fds) == 0, "cannot create the mailbox pipe")
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        readDescriptor = fds[0]
        writeDescriptor = fds[1]
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    func post(_ event: Event) {
        let wasEmpty = queue.withLock { q in
            q.append(event)
            return q.count == 1
        }
        // One byte per batch is enough to wake the loop; a full pipe means it is awake already.
        if wasEmpty {
            var byte: UInt8 = 1
            _ = write(writeDescriptor, &byte, 1)
        }
    }

    /// Everything posted so far, in order.
    func drain() -> [Event] {
        var sink = [UInt8](repeating: 0, count: 256)
        while read(readDescriptor, &sink, sink.count) > 0 {}
        return queue.withLock { q in
            let events = q
            q.removeAll(keepingCapacity: true)
            return events
        }
    }
}
