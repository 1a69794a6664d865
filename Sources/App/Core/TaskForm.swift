import Foundation
import Core
import Tools

/// The task form (`a`, `e` in Tasks): its fields, and reading them back into a task.
enum TaskForm {
    static let priorities = ["none", "low", "medium", "high"]

    static func make(_ task: TaskItem, occurrence: CivilDate?, today: CivilDate) -> Form {
        let day = occurrence ?? task.dueDate
        let fields = [
            Form.Field("Title", task.title),
            Form.Field("Date", day?.iso ?? "", hint: "2026-12-01, tomorrow, next friday, in 3 days; empty: no date"),
            Form.Field("Time", task.dueTime?.hhmm ?? "", hint: "9:30, 2pm; empty: all day"),
            Form.Field("Duration", task.durationMinutes.map(DurationText.format) ?? "", hint: "minutes, 1h, 1h30"),
            Form.Field("Category", task.category ?? "", choices: [""] + TaskCategory.allCases.map(\.rawValue)),
            Form.Field("Priority", task.priority.rawValue, choices: priorities),
            Form.Field("List", task.list ?? ""),
            Form.Field("Alert", task.alertMinutes.map { "\($0)" } ?? "", hint: "minutes before the time; empty: at the time"),
            Form.Field("Repeat", RepeatText.describe(task.recurrence, start: task.dueDate), hint: "daily, weekdays, every 2 weeks, monthly on the 15th"),
            Form.Field("Notes", task.notes),
        ]
        return Form(title: task.id == nil ? "New task" : "Edit task", fields: fields,
                    purpose: .task(task, occurrence: occurrence))
    }

    /// The task the form describes, or the form with errors on the fields that do not read.
    static func read(_ form: inout Form, base: TaskItem, today: CivilDate) -> TaskItem? {
        for i in form.fields.indices { form.fields[i].error = nil }
        var task = base
        task.title = Sanitized.oneLine(form.text("Title"), max: 500)
        if task.title.isEmpty { form.setError("Title", "A task needs a title.") }

        let dateText = form.text("Date")
        if dateText.isEmpty {
            task.dueDate = nil
        } else if let day = resolveDate(dateText, today: today) {
            task.dueDate = day
        } else {
            form.setError("Date", "Cannot read “\(dateText)” as a date: try 2026-12-01, tomorrow or next friday.")
        }

        let timeText = form.text("Time")
        if timeText.isEmpty {
            task.dueTime = nil
        } else if let time = TimeOfDay(hhmm: timeText) ?? DatePhrases.parse(timeText, today: today)?.time {
            task.dueTime = time
        } else {
            form.setError("Time", "Cannot read “\(timeText)” as a time: try 9:30 or 2pm.")
        }

        let durationText = form.text("Duration")
        if durationText.isEmpty { task.durationMinutes = nil } else if let minutes = DurationText.parse(durationText) {
            task.durationMinutes = minutes
        } else {
            form.setError("Duration", "Cannot read “\(durationText)”: try 45, 1h or 1h30.")
        }

        let category = form.text("Category")
        if category.isEmpty { task.category = nil } else if let known = TaskCategory.allCases.first(where: { $0.rawValue.lowercased() == category.lowercased() }) {
            task.category = known.rawValue
        } else {
            form.setError("Category", "Choose one of \(TaskCategory.allCases.map(\.rawValue).joined(separator: ", ")) (← →).")
        }

        let priority = form.text("Priority").lowercased()
        if let known = Priority(rawValue: priority.isEmpty ? "none" : priority) { task.priority = known } else {
            form.setError("Priority", "Choose none, low, medium or high (← →).")
        }

        let list = form.text("List")
        task.list = list.isEmpty ? nil : list

        let alert = form.text("Alert")
        if alert.isEmpty { task.alertMinutes = nil } else if let minutes = DurationText.parse(alert) {
            task.alertMinutes = minutes
        } else {
            form.setError("Alert", "Minutes before the time, like 10 or 1h.")
        }

        switch RepeatText.read(form.text("Repeat"), keeping: base.recurrence, start: base.dueDate) {
        case .success(let recurrence): task.recurrence = recurrence
        case .failure(let message): form.setError("Repeat", message.text)
        }
        if task.recurrence != nil, task.dueDate == nil { form.setError("Date", "A repeating task needs a first date.") }

        task.notes = form.fields.first { $0.label == "Notes" }?.editor.text ?? ""
        return form.hasErrors ? nil : task
    }
}

/// Durations typed in a form: "45", "45m", "1h", "1h30", "1:30".
enum DurationText {
    static func parse(_ text: String) -> Int? {
        let t = text.lowercased().replacingOccurrences(of: " ", with: "")
        if let minutes = Int(t.hasSuffix("m") ? String(t.dropLast()) : t.hasSuffix("min") ? String(t.dropLast(3)) : t) {
            return minutes >= 0 ? minutes : nil
        }
        let parts = t.split(omittingEmptySubsequences: false) { $0 == "h" || $0 == ":" }
        guard parts.count == 2, let hours = Int(parts[0]), hours >= 0 else { return nil }
        let rest = parts[1].hasSuffix("m") ? parts[1].dropLast() : parts[1]
        guard let minutes = rest.isEmpty ? 0 : Int(rest), (0..<60).contains(minutes) else { return nil }
        return hours * 60 + minutes
    }

    static func format(_ minutes: Int) -> String {
        minutes < 60 ? "\(minutes)m" : minutes % 60 == 0 ? "\(minutes / 60)h" : "\(minutes / 60)h\(minutes % 60)"
    }
}

struct FormMessage: Error, Equatable { var text: String }
