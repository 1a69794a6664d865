import Foundation
import Sync

/// Sync in the TUI (docs/sync.md, In the TUI): the status bar, the `/sync` view, the conflict
/// choice of the Tasks and Todos panes.
struct SyncStrings: Sendable {
    var title: String
    var keys: String
    var noAccounts: String
    /// In the view while a run is under way; `runningShort` on the status bar.
    var running: String
    var runningShort: String
    var never: String
    /// "✓ 23:05"
    var succeeded: @Sendable (String) -> String
    /// "⚠ why"
    var failed: @Sendable (String) -> String
    /// "(caldav, every 5 min)"
    var accountKind: @Sendable (_ kind: String, _ minutes: Int) -> String
    /// The conflict policy, as in config.toml (ask, server_wins, local_wins).
    var policy: @Sendable (String) -> String
    var lastRun: @Sendable (String) -> String
    var counts: @Sendable (_ pulled: Int, _ pushed: Int, _ deleted: Int, _ conflicts: Int) -> String
    var problems: @Sendable (Int) -> String
    /// One item a run changed ("pushed task “Dentist”"), and how many more were not listed.
    var change: @Sendable (SyncItemChange.What, SyncKind, _ title: String) -> String
    var moreChanges: @Sendable (Int) -> String
    var changesHeader: String
    var conflictsHeader: @Sendable (Int) -> String
    var conflictLine: @Sendable (_ item: SyncConflictSummary.Item, _ title: String, _ server: String?) -> String
    /// C on an item without a conflict.
    var noConflict: String
    var pickSide: @Sendable (_ title: String, _ server: String?) -> String
    var keepMine: String
    var takeServer: String
    var keepBoth: String
    var resolveFailed: @Sendable (String) -> String
    /// Why a run failed or an item was skipped, by its kind (`SyncReason`), with its variable
    /// part as it came; nil: the English sentence sync itself wrote (the CLI's) is shown.
    var reason: @Sendable (SyncReason) -> String?
    /// The settings screen's Sync section (two fields per account).
    var syncInterval: @Sendable (String) -> String
    var syncIntervalHint: String
    var syncConflicts: @Sendable (String) -> String
    var syncConflictsHint: String
    var syncPolicy: @Sendable (String) -> String
    var badSyncInterval: String

    static let english = SyncStrings(
        title: "Sync", keys: "↑↓ account · s sync now · PgUp/PgDn scroll · Esc close",
        noAccounts: "No sync account. Run `aihelper sync setup`, or add [[sync.accounts]] to config.toml (docs/sync.md).",
        running: "⟳ syncing…", runningShort: "⟳ sync", never: "never synced",
        succeeded: { "✓ \($0)" }, failed: { "⚠ \($0)" },
        accountKind: { "(\($0), every \($1) min)" },
        policy: { "Conflicts: " + ["ask": "ask (C in Tasks / Todos / Contacts picks a side)", "server_wins": "the server's version wins",
                                   "local_wins": "this computer's version wins"][$0, default: $0] },
        lastRun: { "Last run: \($0)" },
        counts: { "\($0) pulled · \($1) pushed · \($2) deleted · \($3) conflict\($3 == 1 ? "" : "s")" },
        problems: { $0 == 1 ? "1 item not synced" : "\($0) items not synced" },
        change: { what, kind, title in
            let noun = [SyncKind.tasks: "task", .todos: "to-do", .contacts: "contact"][kind]!
            let verb = [SyncItemChange.What.pulled: "pulled", .pushed: "pushed", .deletedHere: "deleted here",
                        .deletedThere: "deleted on the server", .conflict: "conflict:"][what]!
            return "\(verb) \(noun) “\(title)”"
        },
        moreChanges: { "… and \($0) more (aihelper sync --status --json lists them)" },
        changesHeader: "What the last run changed:",
        conflictsHeader: { $0 == 1 ? "1 conflict waiting (C on it in Tasks / Todos / Contacts)" : "\($0) conflicts waiting (C on one in Tasks / Todos / Contacts)" },
        conflictLine: { item, title, server in
            let kind = ["task": "task", "todo": "todo", "subtask": "subtask", "contact": "contact"][item.rawValue, default: item.rawValue]
            return "\(kind) “\(title)”" + (server.map { " — the server's: “\($0)”" } ?? "")
        },
        noConflict: "No sync conflict on this item.",
        pickSide: { title, server in
            "“\(title)” changed here and on the server" + (server.map { " (there: “\($0)”)" } ?? "") + ". Keep which?"
        },
        keepMine: "keep mine", takeServer: "take the server's", keepBoth: "keep both",
        resolveFailed: { "Could not resolve the conflict: \($0)" },
        reason: { _ in nil },
        syncInterval: { "Sync \($0): every" }, syncIntervalHint: "minutes between background runs (interval_minutes; 1–1440)",
        syncConflicts: { "Sync \($0): conflicts" },
        syncConflictsHint: "both sides changed an item: ask (C in Tasks / Todos / Contacts), or one side wins (conflicts)",
        syncPolicy: { ["ask": "ask", "server_wins": "server wins", "local_wins": "this computer wins"][$0, default: $0] },
        badSyncInterval: "Write a number of minutes from 1 to 1440.")

    static let chinese = SyncStrings(
        title: "同步", keys: "↑↓ 账户 · s 立即同步 · PgUp/PgDn 滚动 · Esc 关闭",
        noAccounts: "没有同步账户。运行 `aihelper sync setup`，或在 config.toml 中添加 [[sync.accounts]]（见 docs/sync.md）。",
        running: "⟳ 正在同步…", runningShort: "⟳ 同步", never: "从未同步",
        succeeded: { "✓ \($0)" }, failed: { "⚠ \($0)" },
        accountKind: { "（\($0)，每 \($1) 分钟）" },
        policy: { "冲突：" + ["ask": "询问（在任务 / 待办 / 联系人中按 C 选择）", "server_wins": "以服务器版本为准",
                              "local_wins": "以本机版本为准"][$0, default: $0] },
        lastRun: { "上次同步：\($0)" },
        counts: { "拉取 \($0) · 推送 \($1) · 删除 \($2) · 冲突 \($3)" },
        problems: { "\($0) 项未能同步" },
        change: { what, kind, title in
            let noun = [SyncKind.tasks: "任务", .todos: "待办", .contacts: "联系人"][kind]!
            let verb = [SyncItemChange.What.pulled: "拉取", .pushed: "推送", .deletedHere: "已在本机删除",
                        .deletedThere: "已在服务器删除", .conflict: "冲突："][what]!
            return "\(verb)\(noun)“\(title)”"
        },
        moreChanges: { "……另有 \($0) 项（aihelper sync --status --json 可全部列出）" },
        changesHeader: "上次同步改动的项目：",
        conflictsHeader: { "\($0) 个冲突待处理（在任务 / 待办 / 联系人中对其按 C）" },
        conflictLine: { item, title, server in
            let kind = ["task": "任务", "todo": "待办", "subtask": "子任务", "contact": "联系人"][item.rawValue, default: item.rawValue]
            return "\(kind)“\(title)”" + (server.map { " — 服务器上：“\($0)”" } ?? "")
        },
        noConflict: "此项没有同步冲突。",
        pickSide: { title, server in
            "“\(title)”在本机和服务器上都被修改了" + (server.map { "（服务器上：“\($0)”）" } ?? "") + "。保留哪个？"
        },
        keepMine: "保留本机的", takeServer: "采用服务器的", keepBoth: "两个都保留",
        resolveFailed: { "无法解决冲突：\($0)" },
        reason: { reason in
            let detail = reason.detail.map { "（\($0)）" } ?? ""
            switch reason.code {
            case .unauthorized: return "用户名或密码错误\(detail)。用 aihelper sync setup 保存正确的密码；iCloud 和 Fastmail 需要 App 专用密码"
            case .unreachable: return "无法连接服务器\(detail)。本机的改动会在下次同步时发送"
            case .redirectRefused: return "拒绝重定向到其他主机\(detail)。如果信任该主机，请把它加入账户的 allow_redirect_hosts"
            case .malformedAnswer: return "服务器的回复无法读取\(detail)"
            case .changedMeanwhile: return "该项在此期间已在服务器上被修改\(detail)，请再同步一次"
            case .stopped: return "同步被中止（应用已退出）\(detail)；下次同步会从中断处继续"
            case .unreadableItem: return "已跳过，无法读取\(detail)。请在服务器上（手机或网页的日历、通讯录中）修正或删除此项；其他项目已同步"
            case .unreadableFile: return "已跳过，无法读取\(detail)。请修正或删除文件夹中该项的文件（或用写入它的应用，如 khal、todoman）；其他项目已同步"
            case .notStored: return "未能保存到本机\(detail)"
            case .notSent: return "服务器拒绝保存此项\(detail)；本机再次修改它时会重新发送"
            case .existsOnServer: return "服务器上已有此项\(detail)；下次完整列出时按 UID 匹配"
            case .folderMissing: return "文件夹不存在\(detail)。请创建它（mkdir -p），或修改 config.toml 中该账户的 path"
            case .noPassword: return "同步账户没有密码\(detail)。运行 aihelper sync setup，或在 credentials.toml 的 [sync] 下添加"
            }
        },
        syncInterval: { "同步 \($0)：间隔" }, syncIntervalHint: "后台同步之间的分钟数（interval_minutes；1–1440）",
        syncConflicts: { "同步 \($0)：冲突" },
        syncConflictsHint: "两边都修改了同一项：询问（在任务 / 待办 / 联系人中按 C），或以一方为准（conflicts）",
        syncPolicy: { ["ask": "询问", "server_wins": "以服务器为准", "local_wins": "以本机为准"][$0, default: $0] },
        badSyncInterval: "请填写 1 到 1440 之间的分钟数。")
}
