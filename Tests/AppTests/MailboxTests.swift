import XCTest
import Agent
@testable import App
#if canImport(Glibc)
import Glibc
#endif

final class MailboxTests: XCTestCase {
    private func readable(_ fd: Int32) -> Bool {
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&pfd, 1, 0) > 0
    }

    /// Tokens wake the loop through the ordinary pipe only (which it ignores while a frame is
    /// due); the end of a stream also wakes it through the urgent one, which it always watches.
    func testUrgentEventsWakeTheUrgentPipeAndEverythingDrainsInOrder() {
        let mailbox = Mailbox()
        mailbox.post(.tick(Date(timeIntervalSince1970: 1)))
        mailbox.post(.tick(Date(timeIntervalSince1970: 2)))
        XCTAssertTrue(readable(mailbox.readDescriptor))
        XCTAssertFalse(readable(mailbox.urgentDescriptor))
        mailbox.post(.tick(Date(timeIntervalSince1970: 3)), urgent: true)
        XCTAssertTrue(readable(mailbox.urgentDescriptor))
        let drained = mailbox.drain().compactMap { if case .tick(let d) = $0 { return d.timeIntervalSince1970 } else { return nil } }
        XCTAssertEqual(drained, [1, 2, 3])
        XCTAssertFalse(readable(mailbox.readDescriptor))
        XCTAssertFalse(readable(mailbox.urgentDescriptor))
    }

    func testOnlyTheEndsOfStreamingAreDrawnAtOnce() {
        XCTAssertFalse(AgentEvent.textDelta(messageId: 1, "t").drawsAtOnce)
        XCTAssertTrue(AgentEvent.modelCallEnded(messageId: 1).drawsAtOnce)
        XCTAssertTrue(AgentEvent.waiting(seconds: 2, reason: "429").drawsAtOnce)
    }
}
