import Foundation

/// The Contacts and Notes views (Alt-C, Alt-N).
struct RecordStrings: Sendable {
    var contactsTitle: String, notesTitle: String
    var noContacts: String, noNotes: String, noMatch: String
    var keys: String, noteKeys: String, filterPrompt: String
    var newContact: String, editContact: String, newNote: String, renameNote: String
    var name: String, email: String, phone: String, organization: String, notes: String, title: String
    var needsName: String, nothingToRestore: String
    var saved: @Sendable (String) -> String
    var deleted: @Sendable (String) -> String
    var restored: @Sendable (String) -> String
    var failed: @Sendable (String) -> String

    static let english = RecordStrings(
        contactsTitle: "Contacts", notesTitle: "Notes",
        noContacts: "No contacts yet · a adds one",
        noNotes: "No notes yet · a adds one", noMatch: "Nothing matches the filter · Esc clears it",
        keys: "a add · e / Enter edit · d delete · u undo · / filter · Esc close",
        noteKeys: "a add · Enter text in $EDITOR · e rename · d delete · u undo · / filter · Esc close",
        filterPrompt: "Filter: ",
        newContact: "New contact", editContact: "Edit contact", newNote: "New note", renameNote: "Rename note",
        name: "Name", email: "Email", phone: "Phone", organization: "Organization", notes: "Notes", title: "Title",
        needsName: "Write a name first.", nothingToRestore: "Nothing deleted here to bring back.",
        saved: { "Saved “\($0)”." }, deleted: { "Deleted “\($0)” · u brings it back." }, restored: { "Brought back “\($0)”." },
        failed: { "Could not change it: \($0). Nothing was lost; try again." })

    static let chinese = RecordStrings(
        contactsTitle: "联系人", notesTitle: "笔记",
        noContacts: "还没有联系人 · 按 a 添加",
        noNotes: "还没有笔记 · 按 a 添加", noMatch: "没有符合筛选的项 · 按 Esc 清除",
        keys: "a 添加 · e / Enter 编辑 · d 删除 · u 撤销 · / 筛选 · Esc 关闭",
        noteKeys: "a 添加 · Enter 在 $EDITOR 中编辑正文 · e 重命名 · d 删除 · u 撤销 · / 筛选 · Esc 关闭",
        filterPrompt: "筛选：",
        newContact: "新联系人", editContact: "编辑联系人", newNote: "新笔记", renameNote: "重命名笔记",
        name: "姓名", email: "邮箱", phone: "电话", organization: "单位", notes: "备注", title: "标题",
        needsName: "请先填写名称。", nothingToRestore: "这里没有可恢复的删除。",
        saved: { "已保存“\($0)”。" }, deleted: { "已删除“\($0)” · 按 u 恢复。" }, restored: { "已恢复“\($0)”。" },
        failed: { "无法修改：\($0)。数据未丢失，请重试。" })
}
