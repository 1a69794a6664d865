import GRDB

extension Schema {
    /// v4: the todo list's sections read by index. The first frame shows the head of each
    /// section (`todoHead`) and its total; without this index the completed section's head
    /// was found by walking every todo in position order.
    static func indexTodoSections(_ db: Database) throws {
        try db.execute(sql: "CREATE INDEX todo_on_completed_position ON todo(completed, position, id)")
    }
}
