import Foundation
import Synchronization

/// Work that answers what is being typed (a filter as you type), off the loop: each request
/// supersedes the ones before it. A request still waiting when a newer one comes is skipped;
/// one already running sees `isCurrent` turn false and its answer is not posted. `update`
/// also drops an answer for text no longer typed, so a late one can never show.
final class LatestQuery: Sendable {
    private let queue: DispatchQueue
    private let latest = Atomic<Int>(0)
    private let mailbox: Mailbox

    init(_ label: String, mailbox: Mailbox) {
        queue = DispatchQueue(label: "aihelper.latest." + label, qos: .userInitiated)
        self.mailbox = mailbox
    }

    /// Runs `work` in the background; its answer reaches `update` unless a newer request came.
    func run(_ work: @escaping @Sendable (_ isCurrent: @escaping @Sendable () -> Bool) -> ResultEvent?) {
        let ticket = latest.add(1, ordering: .sequentiallyConsistent).newValue
        queue.async { [self] in
            let isCurrent: @Sendable () -> Bool = { [self] in latest.load(ordering: .sequentiallyConsistent) == ticket }
            guard isCurrent(), let answer = work(isCurrent), isCurrent() else { return }
            mailbox.post(.result(answer), urgent: true)
        }
    }

    /// Returns once everything asked so far has run (tests; the loop never waits).
    func waitUntilIdle() { queue.sync {} }
}

/// The app's queries answered off the loop, one channel each (a newer request supersedes only
/// those of its own channel).
struct OffLoopQueries: Sendable {
    /// The conversation list read whole after its first screenfuls.
    let conversationList: LatestQuery
    /// The conversation list's filter as typed.
    let listFilter: LatestQuery
    /// The Tasks and Todos filters as typed.
    let taskFilter: LatestQuery
    let todoFilter: LatestQuery

    init(mailbox: Mailbox) {
        conversationList = LatestQuery("conversation-list", mailbox: mailbox)
        listFilter = LatestQuery("list-filter", mailbox: mailbox)
        taskFilter = LatestQuery("task-filter", mailbox: mailbox)
        todoFilter = LatestQuery("todo-filter", mailbox: mailbox)
    }

    /// Returns once everything asked so far has run (tests).
    func waitUntilIdle() {
        // The list read first: its answer asks for the filter again.
        for query in [conversationList, listFilter, taskFilter, todoFilter] { query.waitUntilIdle() }
    }
}
