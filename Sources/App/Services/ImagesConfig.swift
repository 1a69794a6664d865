import TOMLKit
import Terminal

/// `[images]` in config.toml: `preview = "auto" | "kitty" | "sixel" | "off"`, whether images in
/// the transcript get an inline preview (docs/images.md, Previews in the terminal; docs/settings.md).
enum ImagesConfig {
    static let keys: Set<String> = ["preview"]

    static func parse(_ table: TOMLTable, into config: inout AppConfig, problems: inout [String]) {
        guard let value = table["images"] else { return }
        guard let section = value.table else { problems.append("'images' must be a table: [images] with preview = \"auto\""); return }
        for key in section.keys.sorted() where !keys.contains(key) { problems.append("unknown key 'images.\(key)'") }
        if let preview = section["preview"] {
            if let s = preview.string, let setting = PreviewSetting(rawValue: s) { config.imagePreview = setting }
            else { problems.append("'images.preview' must be one of: " + PreviewSetting.allCases.map(\.rawValue).joined(separator: ", ")) }
        }
    }
}
