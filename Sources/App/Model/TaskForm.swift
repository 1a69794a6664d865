import Foundation
import Core
import Tools

/// The task form (`a`, `e` in Tasks): its fields, and reading them back into a task.
enum TaskForm {
    private static var text: TaskFormStrings { tr.taskForm }

    static func make(_ task: TaskItem, occurrence: CivilDate?, today: CivilDate) -> Form {
        let day = occurrence ?? task.dueDate
        let fields = [
            Form.Field(text.title, task.title, id: "Title"),
            Form.Field(text.date, day?.iso ?? "", id: "Date", hint: text.dateHint),
            Form.Field(text.time, task.dueTime?.hhmm ?? "", id: "Time", hint: text.timeHint),
            Form.Field(text.duration, task.durationMinutes.map(DurationText.format) ?? "", id: "Duration", hint: text.durationHint),
            Form.Field(text.category, task.category.map(tr.tasks.category) ?? "", id: "Category",
                       choices: [""] + TaskCategory.allCases.map { tr.tasks.category($0.rawValue) }),
            Form.Field(text.priority, tr.tasks.priority(task.priority), id: "Priority", choices: Priority.allCases.map(tr.tasks.priority)),
            Form.Field(text.list, task.list ?? "", id: "List"),
            Form.Field(text.alert, task.alertMinutes.map { "\($0)" } ?? "", id: "Alert", hint: text.alertHint),
            Form.Field(text.repeats, RepeatText.describe(task.recurrence, start: task.dueDate), id: "Repeat", hint: text.repeatHint),
            Form.Field(text.notes, task.notes, id: "Notes"),
        ]
        return Form(title: task.id == nil ? text.newTask : text.editTask, fields: fields,
                    purpose: .task(task, occurrence: occurrence))
    }

    /// The task the form describes, or the form with errors on the fields that do not read.
    static func read(_ form: inout Form, base: TaskItem, today: CivilDate) -> TaskItem? {
        for i in form.fields.indices { form.fields[i].error = nil }
        var task = base
        task.title = Sanitized.oneLine(form.text("Title"), max: 500)
        if task.title.isEmpty { form.setError("Title", text.needsTitle) }

        let dateText = form.text("Date")
        if dateText.isEmpty {
            task.dueDate = nil
        } else if let day = resolveDate(dateText, today: today) {
            task.dueDate = day
        } else {
            form.setError("Date", text.badDate(dateText))
        }

        let timeText = form.text("Time")
        if timeText.isEmpty {
            task.dueTime = nil
        } else if let time = TimeOfDay(hhmm: timeText) ?? DatePhrases.parse(timeText, today: today)?.time {
            task.dueTime = time
        } else {
            form.setError("Time", text.badTime(timeText))
        }

        let durationText = form.text("Duration")
        if durationText.isEmpty { task.durationMinutes = nil } else if let minutes = DurationText.parse(durationText) {
            task.durationMinutes = minutes
        } else {
            form.setError("Duration", text.badDuration(durationText))
        }

        let category = form.text("Category")
        // Typed or picked: the stored (English) name or the one shown in the current language.
        if category.isEmpty { task.category = nil } else if let known = TaskCategory.allCases.first(where: {
            [$0.rawValue.lowercased(), tr.tasks.category($0.rawValue).lowercased()].contains(category.lowercased())
        }) {
            task.category = known.rawValue
        } else {
            form.setError("Category", text.chooseCategory(TaskCategory.allCases.map { tr.tasks.category($0.rawValue) }.joined(separator: ", ")))
        }

        let priority = form.text("Priority").lowercased()
        if priority.isEmpty { task.priority = .none } else if let known = Priority.allCases.first(where: {
            [$0.rawValue, tr.tasks.priority($0).lowercased()].contains(priority)
        }) { task.priority = known } else {
            form.setError("Priority", text.choosePriority)
        }

        let list = form.text("List")
        task.list = list.isEmpty ? nil : list

        let alert = form.text("Alert")
        if alert.isEmpty { task.alertMinutes = nil } else if let minutes = DurationText.parse(alert) {
            task.alertMinutes = minutes
        } else {
            form.setError("Alert", text.badAlert)
        }

        switch RepeatText.read(form.text("Repeat"), keeping: base.recurrence, start: base.dueDate) {
        case .success(let recurrence): task.recurrence = recurrence
        case .failure(let message): form.setError("Repeat", message.text)
        }
        if task.recurrence != nil, task.dueDate == nil { form.setError("Date", text.repeatNeedsDate) }

        task.notes = form.fields.first { $0.id == "Notes" }?.editor.text ?? ""
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
