import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Where other threads (agent tasks, timers) post events for the loop. Posting writes a byte
/// to a pipe so the loop's poll wakes; the events themselves wait in a locked queue.
///
/// Two pipes: while a frame is already due the loop stops watching the ordinary one, so a
/// stream's tokens (a thousand a second) wait for that frame instead of waking it one by one;
/// it always watches the urgent one, for what must be drawn at once (an answer's end).
final class Mailbox: Sendable {
    private let queue = Mutex<[Event]>([])
    private let ordinary: (read: Int32, write: Int32)
    private let urgent: (read: Int32, write: Int32)
    var readDescriptor: Int32 { ordinary.read }
    var urgentDescriptor: Int32 { urgent.read }

    init() {
        ordinary = Self.makePipe()
        urgent = Self.makePipe()
    }

    private static func makePipe() -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        precondition(pipe(&fds) == 0, "cannot create the mailbox pipe")
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }

    deinit {
        for fd in [ordinary.read, ordinary.write, urgent.read, urgent.write] { close(fd) }
    }

    func post(_ event: Event, urgent isUrgent: Bool = false) {
        let wasEmpty = queue.withLock { q in
            q.append(event)
            return q.count == 1
        }
        // One byte per batch is enough to wake the loop; a full pipe means it is awake already.
        var byte: UInt8 = 1
        if isUrgent {
            _ = write(urgent.write, &byte, 1)
        } else if wasEmpty {
            _ = write(ordinary.write, &byte, 1)
        }
    }

    /// Everything posted so far, in order.
    func drain() -> [Event] {
        var sink = [UInt8](repeating: 0, count: 256)
        while read(ordinary.read, &sink, sink.count) > 0 {}
        while read(urgent.read, &sink, sink.count) > 0 {}
        return queue.withLock { q in
            let events = q
            q.removeAll(keepingCapacity: true)
            return events
        }
    }
}
