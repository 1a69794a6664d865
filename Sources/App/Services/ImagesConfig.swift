import TOMLKit
import Terminal

/// `[images]` in config.toml: its keys, and `preview = "auto" | "kitty" | "sixel" | "off"`, whether
/// images in the transcript get an inline preview (docs/images.md, Previews in the terminal;
/// docs/settings.md). `max_bytes`, the section's table check and unknown keys: `AppConfig.parse`.
enum ImagesConfig {
    static let keys: Set<String> = ["max_bytes", "preview"]

    static func parse(_ table: TOMLTable, into config: inout AppConfig, problems: inout [String]) {
        guard let section = table["images"]?.table else { return }
        if let preview = section["preview"] {
            if let s = preview.string, let setting = PreviewSetting(rawValue: s) { config.imagePreview = setting }
            else { problems.append("[images] 'preview' must be one of: " + PreviewSetting.allCases.map(\.rawValue).joined(separator: ", ")) }
        }
    }
}
