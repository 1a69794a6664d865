import Foundation
import Core

/// Words about attached images: chips, placeholders, and why a file was refused (docs/images.md).
struct ImageStrings: Sendable {
    /// After `/image PATH` or a pasted path: the chip shows it; this says how to take it off.
    var attached: @Sendable (_ name: String) -> String
    var removed: @Sendable (_ name: String) -> String
    var noneToRemove: String
    var tooMany: @Sendable (_ limit: Int) -> String
    var missing: @Sendable (_ path: String) -> String
    var folder: @Sendable (_ path: String) -> String
    var unreadable: @Sendable (_ path: String) -> String
    var refused: @Sendable (_ name: String, _ error: ImageError) -> String
    /// Sending pictures to a model the catalog knows cannot see: the turn is not started.
    var cannotSee: @Sendable (_ model: String) -> String
    /// The placeholder's words for "more chips than rows".
    var more: @Sendable (_ count: Int) -> String

    static let english = ImageStrings(
        attached: { "Attached \($0): it goes with your next message (/image alone removes the last)." },
        removed: { "Removed \($0)." }, noneToRemove: "No image is attached (/image PATH attaches one).",
        tooMany: { "At most \($0) images go with one message." },
        missing: { "No such file: \($0)" }, folder: { "\($0) is a folder, not an image file." },
        unreadable: { "Cannot read \($0) (permission denied?)." },
        refused: { name, error in "\(name): \(error)." },
        cannotSee: { "\($0) cannot see images: pick a model that can (/model), or remove them (/image alone removes the last)." },
        more: { "+\($0) more" })

    static let chinese = ImageStrings(
        attached: { "已附加 \($0)：随下一条消息发送（只输入 /image 可移除最后一张）。" },
        removed: { "已移除 \($0)。" }, noneToRemove: "没有附加图片（/image 路径 可附加）。",
        tooMany: { "一条消息最多附带 \($0) 张图片。" },
        missing: { "没有这个文件：\($0)" }, folder: { "\($0) 是文件夹，不是图片文件。" },
        unreadable: { "无法读取 \($0)（没有权限？）。" },
        refused: { name, error in "\(name)：\(Self.chineseReason(error))。" },
        cannotSee: { "\($0) 看不到图片：请换一个能看图的模型（/model），或移除图片（只输入 /image 移除最后一张）。" },
        more: { "还有 \($0) 张" })

    static func chineseReason(_ error: ImageError) -> String {
        switch error {
        case .notAnImage: return "不是图片：只能附加 PNG、JPEG、GIF 和 WebP 文件"
        case .truncated(let f): return "这个 \(f.rawValue.uppercased()) 文件不完整（在结束标记之前就断了）"
        case .badHeader(let f): return "这个 \(f.rawValue.uppercased()) 文件头已损坏（读不到图片尺寸）"
        case .dimensionsTooLarge(_, let w, let h): return "图片为 \(w)×\(h) 像素；每边最多 \(ImageInfo.maxSide)"
        case .tooLarge(let n, let cap): return "图片有 \(ByteSize.text(n))，超过上限 \(ByteSize.text(cap))（[images] max_bytes）"
        }
    }
}
