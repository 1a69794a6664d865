import Foundation
import Core

/// A subtask with its place in the tree named by UIDs (ids exist only once it is stored).
public struct LinkedSubtask: Equatable, Sendable {
    public var subtask: Subtask
    /// The UID of the todo at the root of its tree.
    public var todoUID: String
    /// The UID of the subtask it is nested under; nil when it is directly under the todo.
    public var parentUID: String?
}

/// What an .ics file holds, mapped to the app's records.
public struct ICalendarContents: Equatable, Sendable {
    public var tasks: [TaskItem] = []
    public var todos: [Todo] = []
    /// Parents always come before their children.
    public var subtasks: [LinkedSubtask] = []
    /// What was skipped or guessed, one line each ("line 40: …").
    public var notes: [String] = []

    public init() {}
}

/// Reads and writes iCalendar files (RFC 5545): VEVENT ↔ tasks, VTODO ↔ todos and subtasks.
public enum ICalendar {
    /// Reads a whole file; throws the first problem with its line number (nothing is half-read).
    /// - Parameter zone: the zone tasks are kept in (times in other zones are converted to it).
    public static func read(_ data: Data, zone: TimeZone, now: Date = Date()) throws -> ICalendarContents {
        try read(files: [("", data)], zone: zone, now: now)
    }

    /// Reads several files as one (a vdir keeps each item in a file of its own, and RELATED-TO
    /// may name a to-do in another file). An error names its file.
    public static func read(files: [(name: String, data: Data)], zone: TimeZone, now: Date = Date()) throws -> ICalendarContents {
        var tasks: [TaskItem] = []
        var contents = try stream(files: files, zone: zone, now: now, workers: ProcessInfo.processInfo.activeProcessorCount,
                                  store: { tasks += $0 }, replace: { tasks[$0] = $1 })
        contents.tasks = tasks
        return contents
    }

    /// About how many items (events and to-dos) `files` hold: for a progress count before reading.
    public static func estimatedItems(_ files: [(name: String, data: Data)]) -> Int {
        files.reduce(0) { $0 + CalendarPieces($1.data).items }
    }

    /// Reads `files` as `read(files:)` does, but hands the events' tasks to `store` in file order
    /// as they are read, a piece of the file at a time (`CalendarPieces`, read on `workers`
    /// background threads), so a caller can store them while the rest is read. An event whose
    /// UID came before goes to `replace` with the index of the one it replaces (among all tasks
    /// stored). Returns the rest: to-dos, subtasks and notes (`tasks` is empty). On an error,
    /// what was stored must be dropped: the file is malformed.
    public static func stream(files: [(name: String, data: Data)], zone: TimeZone, now: Date = Date(),
                              workers: Int = max(1, ProcessInfo.processInfo.activeProcessorCount - 1),
                              store: ([TaskItem]) throws -> Void, replace: (Int, TaskItem) throws -> Void) throws -> ICalendarContents {
        var reader = Reader(zone: zone, now: now)
        for (name, data) in files {
            let notesBefore = reader.contents.notes.count
            do { try reader.read(data, name: name, workers: workers, store: store, replace: replace) } catch var error as InteropError {
                error.file = name.isEmpty ? nil : name
                throw error
            }
            if !name.isEmpty && files.count > 1 {
                for i in notesBefore..<reader.contents.notes.count { reader.contents.notes[i] = name + ": " + reader.contents.notes[i] }
            }
        }
        try reader.finish(store)
        try place(reader.todos, into: &reader.contents, now: now)
        return reader.contents
    }

    /// Reads files piece by piece, in order, handing tasks on as they come.
    private struct Reader {
        let zone: TimeZone
        let now: Date
        var contents = ICalendarContents()
        var todos: [ReadTodo] = []
        var seenTasks: [String: Int] = [:]
        private var batch: [TaskItem] = []
        /// Series read so far, by UID, and overrides whose series has not come yet.
        private var series: [String: TaskItem] = [:]
        private var waiting: [String: [Component]] = [:]
        private var todoOverrides: [String: [Component]] = [:]

        init(zone: TimeZone, now: Date) {
            self.zone = zone; self.now = now
        }

        mutating func read(_ data: Data, name: String, workers: Int,
                           store: ([TaskItem]) throws -> Void, replace: (Int, TaskItem) throws -> Void) throws {
            try ContentFolding.checkSize(data)
            let cut = CalendarPieces(data)
            let (zone, now, pieces) = (zone, now, cut.pieces)
            let prefetch = OrderedPrefetch(count: pieces.count, window: 8, workers: workers) { index in
                CalendarPieces.read(data, pieces[index], zone: zone, now: now)
            }
            defer { prefetch.stop() }
            var builder = ComponentBuilder(streamingCalendars: true)
            for piece in pieces {
                // A piece read ahead holds the right blocks when it does start inside a VCALENDAR.
                if case .blocks(let blocks) = prefetch.next(), builder.stack.count == 1 {
                    for block in blocks {
                        switch block {
                        case .event(let event): try take(event, store, replace)
                        case .other(let component): try take(component, name: name, store, replace)
                        }
                    }
                } else {
                    for line in try CalendarPieces.unfold(data, piece) {
                        if let block = try builder.add(ContentLine(parsing: line.text, line: line.line)) { try take(block, name: name, store, replace) }
                    }
                }
                try flush(store)
            }
            if try builder.finish().isEmpty {
                throw InteropError(line: nil, "the file has no BEGIN:VCALENDAR", hint: "is this an iCalendar (.ics) file?")
            }
        }

        /// A block directly inside a VCALENDAR.
        private mutating func take(_ component: Component, name: String,
                                   _ store: ([TaskItem]) throws -> Void, _ replace: (Int, TaskItem) throws -> Void) throws {
            switch component.name {
            case "VEVENT" where RecurrenceOverrides.isOverride(component):
                try takeOverride(component, replace)
            case "VTODO" where RecurrenceOverrides.isOverride(component):
                todoOverrides[PropertyMapping.uid(of: component), default: []].append(component)
            case "VEVENT":
                var notes: [String] = []
                let task = Result { try EventMapping.task(from: component, zone: zone, notes: &notes, now: now) }
                try take(CalendarPieces.MappedEvent(task: task, notes: notes, line: component.line), store, replace)
            case "VTODO":
                var todo = try TodoMapping.read(component, zone: zone, notes: &contents.notes)
                todo.file = name
                todos.append(todo)
            case "VTIMEZONE": break  // TZIDs are read with the system's zone database, wherever the block is
            default: contents.notes.append("line \(component.line): \(component.name) is not imported (only VEVENT and VTODO are)")
            }
        }

        /// An event's task, mapped where its piece was read or just now.
        private mutating func take(_ event: CalendarPieces.MappedEvent,
                                   _ store: ([TaskItem]) throws -> Void, _ replace: (Int, TaskItem) throws -> Void) throws {
            contents.notes += event.notes
            var task = try event.task.get()
            if let overrides = waiting.removeValue(forKey: task.uid) { try RecurrenceOverrides.attach(overrides, to: &task, zone: zone) }
            if task.recurrence != nil || series[task.uid] != nil || PropertyMapping.keptLine("RDATE", in: task.extra) != nil {
                series[task.uid] = task
            }
            if let earlier = seenTasks[task.uid] {
                contents.notes.append("line \(event.line): a second event with UID \(task.uid) replaces the one before")
                try flush(store)
                try replace(earlier, task)
            } else {
                seenTasks[task.uid] = seenTasks.count
                batch.append(task)
            }
        }

        /// An override goes with its series (read already, or when it comes).
        private mutating func takeOverride(_ override: Component, _ replace: (Int, TaskItem) throws -> Void) throws {
            let uid = PropertyMapping.uid(of: override)
            guard var task = series[uid], let index = seenTasks[uid] else { return waiting[uid, default: []].append(override) }
            try RecurrenceOverrides.attach([override], to: &task, zone: zone)
            series[uid] = task
            let inBatch = index - (seenTasks.count - batch.count)
            if inBatch >= 0 { batch[inBatch] = task } else { try replace(index, task) }
        }

        /// After the last file: overrides whose series is in none of them are items of their own
        /// (the first one, with the others kept in it), so nothing is lost; to-do overrides join
        /// their to-dos.
        mutating func finish(_ store: ([TaskItem]) throws -> Void) throws {
            for (uid, overrides) in waiting.sorted(by: { $0.value[0].line < $1.value[0].line }) {
                guard seenTasks[uid] == nil else {  // an event that does not repeat has no occurrences to change
                    contents.notes.append("line \(overrides[0].line): a changed occurrence (RECURRENCE-ID) of an event that does not repeat was skipped")
                    continue
                }
                var notes: [String] = []
                var task = try EventMapping.task(from: overrides[0], zone: zone, notes: &notes, now: now)
                try RecurrenceOverrides.attach(Array(overrides.dropFirst()), to: &task, zone: zone)
                contents.notes += notes + ["line \(overrides[0].line): a changed occurrence (RECURRENCE-ID) whose series is not in the file is imported on its own"]
                try take(CalendarPieces.MappedEvent(task: .success(task), notes: [], line: overrides[0].line), store, { _, _ in })
            }
            waiting = [:]
            try flush(store)
            for index in todos.indices {
                guard let overrides = todoOverrides.removeValue(forKey: todos[index].uid) else { continue }
                todos[index].extra += overrides.flatMap(\.rawLines)
            }
            for (_, overrides) in todoOverrides.sorted(by: { $0.value[0].line < $1.value[0].line }) {
                var todo = try TodoMapping.read(overrides[0], zone: zone, notes: &contents.notes)
                todo.extra += overrides.dropFirst().flatMap(\.rawLines)
                contents.notes.append("line \(todo.line): a changed occurrence (RECURRENCE-ID) of a to-do not in the file is imported on its own")
                todos.append(todo)
            }
        }

        private mutating func flush(_ store: ([TaskItem]) throws -> Void) throws {
            guard !batch.isEmpty else { return }
            try store(batch)
            batch.removeAll(keepingCapacity: true)
        }
    }

    /// Makes each VTODO a todo, or a subtask when its RELATED-TO parent is in the file.
    private static func place(_ read: [ReadTodo], into contents: inout ICalendarContents, now: Date) throws {
        var byUID: [String: ReadTodo] = [:]
        for todo in read {
            if byUID[todo.uid] != nil { contents.notes.append("line \(todo.line): a second to-do with UID \(todo.uid) replaces the one before") }
            byUID[todo.uid] = todo
        }
        var children: [String: [ReadTodo]] = [:]
        var roots: [ReadTodo] = []
        var placed = Set<String>()
        for todo in read where !placed.contains(todo.uid) {
            placed.insert(todo.uid)
            let todo = byUID[todo.uid]!
            if let parent = todo.parentUID, byUID[parent] != nil, parent != todo.uid {
                children[parent, default: []].append(todo)
            } else {
                var root = todo
                if let line = todo.parentLine { root.extra.append(line) }  // its parent is elsewhere: keep the link
                roots.append(root)
            }
        }
        var reached = Set<String>()
        for (position, root) in roots.enumerated() {
            reached.insert(root.uid)
            contents.todos.append(Todo(uid: root.uid, title: root.title, notes: root.notes, completed: root.completed,
                                       position: position, dueDate: root.dueDate, extra: PropertyMapping.joinedExtra(root.extra),
                                       createdAt: now, updatedAt: now))
            var queue = [root.uid]  // breadth first: parents before children
            while !queue.isEmpty {
                let uid = queue.removeFirst()
                for (index, child) in (children[uid] ?? []).enumerated() where reached.insert(child.uid).inserted {
                    let subtask = Subtask(uid: child.uid, todoId: 0, title: child.title, notes: child.notes, completed: child.completed,
                                          position: index, dueDate: child.dueDate, extra: PropertyMapping.joinedExtra(child.extra),
                                          createdAt: now, updatedAt: now)
                    contents.subtasks.append(LinkedSubtask(subtask: subtask, todoUID: root.uid, parentUID: uid == root.uid ? nil : uid))
                    queue.append(child.uid)
                }
            }
        }
        if let stray = read.first(where: { !reached.contains($0.uid) }) {
            var error = InteropError(line: stray.line, "the to-do “\(stray.title)” is part of a loop of RELATED-TO parents",
                                     hint: "make one of the to-dos in the loop a top-level one (remove its RELATED-TO line)")
            error.file = stray.file.isEmpty ? nil : stray.file
            throw error
        }
    }

    /// An .ics file of `tasks` (as VEVENTs) and `todos` (as VTODOs, subtasks with RELATED-TO).
    /// Tasks are kept as the clock time in `zone`: times are written floating, or in the zone
    /// an imported file gave them (`EventTimes`), with a VTIMEZONE for each TZID named.
    public static func write(tasks: [TaskItem], todos: [TodoTree], zone: TimeZone, now: Date = Date()) -> String {
        var lines: [String] = []
        for task in tasks { lines += EventMapping.lines(task, stamp: task.updatedAt, zone: zone) }
        for tree in todos {
            let todo = tree.todo
            lines += TodoMapping.lines(uid: todo.uid, title: todo.title, notes: todo.notes, completed: todo.completed,
                                       dueDate: todo.dueDate, extra: todo.extra, parentUID: nil, stamp: todo.updatedAt, zone: zone)
            let uids = Dictionary(tree.subtasks.compactMap { s in s.id.map { ($0, s.uid) } }) { first, _ in first }
            for subtask in tree.subtasks {
                let parent = subtask.parentId.flatMap { uids[$0] } ?? todo.uid
                lines += TodoMapping.lines(uid: subtask.uid, title: subtask.title, notes: subtask.notes, completed: subtask.completed,
                                           dueDate: subtask.dueDate, extra: subtask.extra, parentUID: parent,
                                           stamp: subtask.updatedAt, zone: zone)
            }
        }
        let header = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//AI Helper//aihelper//EN", "CALSCALE:GREGORIAN"]
        return ContentFolding.fold(header + TimeZoneComponent.blocks(for: lines, now: now) + lines + ["END:VCALENDAR"])
    }
}
