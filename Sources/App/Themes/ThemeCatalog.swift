import Foundation
import Terminal

/// Where themes come from: the shipped ones (embedded in the binary) and the user's themes
/// folder, whose `NAME.toml` adds a theme or replaces the shipped one of that name.
public struct ThemeCatalog: Sendable {
    public static let defaultName = "dark"
    /// The user's themes; nil: the shipped themes only.
    let userFolder: String?

    public init(userFolder: String?) { self.userFolder = userFolder }
    public init(paths: AppPaths) { self.init(userFolder: paths.themes) }

    /// Which theme to start with: `--theme` over config.toml's `theme` over the default.
    public static func chosenName(flag: String?, config: String?) -> String {
        flag ?? config ?? defaultName
    }

    /// Every theme: the shipped ones in their order, then the user's others by name.
    var names: [String] {
        let shipped = ShippedThemes.files.map(\.name)
        let files = userFolder.flatMap { try? FileManager.default.contentsOfDirectory(atPath: $0) } ?? []
        let user = files.filter { $0.hasSuffix(".toml") }.map { String($0.dropLast(5)) }.filter(Self.isValidName)
        return shipped + Set(user).subtracting(shipped).sorted()
    }

    /// The theme called `name`, or the default theme and a warning that says why not.
    func loadOrDefault(_ name: String) -> (theme: Theme, warning: String?) {
        switch load(name) {
        case .success(let theme): return (theme, nil)
        case .failure(let problem): return (Theme.dark, problem.text(instead: "using \(Self.defaultName)"))
        }
    }

    /// The theme called `name`, or what is wrong: no such theme, or its file's problems.
    func load(_ name: String) -> Result<Theme, ThemeLoadError> {
        var visited: Set<String> = []
        do {
            guard let source = try source(name, excluding: visited) else {
                return .failure(ThemeLoadError(what: "No theme named '\(Sanitized.oneLine(name, max: 40))'",
                                               details: "Themes: \(names.joined(separator: ", "))."))
            }
            return .success(Theme(name: name, specs: try specs(of: source, visited: &visited)))
        } catch {
            return .failure(ThemeLoadError(what: "Theme '\(name)' has mistakes", details: error.description + "."))
        }
    }

    /// The shipped default, which every other theme's missing styles come from.
    static let shippedDefault: Theme = {
        var visited: Set<String> = []
        let catalog = ThemeCatalog(userFolder: nil)
        guard let source = try? catalog.source(defaultName, excluding: []),
              let specs = try? catalog.specs(of: source, visited: &visited) else {
            assertionFailure("themes/\(defaultName).toml does not load")  // ThemeCatalogTests check it does
            return Theme(name: defaultName, styles: [:])
        }
        return Theme(name: defaultName, specs: specs)
    }()

    // MARK: - Private

    private struct Source {
        var name: String
        /// Tells a user file from the shipped theme of the same name (for loops).
        var id: String
        /// How messages name it.
        var file: String
        var text: String
    }

    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64 && !name.hasPrefix(".")
            && name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0) }
    }

    /// The user's file called `name`, else the shipped one; one already `visited` is skipped,
    /// so a user's `dark.toml` can inherit from the shipped dark.
    private func source(_ name: String, excluding visited: Set<String>) throws(ThemeFileError) -> Source? {
        guard Self.isValidName(name) else { return nil }
        if let folder = userFolder {
            let path = folder + "/" + name + ".toml"
            if !visited.contains(path), FileManager.default.fileExists(atPath: path) {
                guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                    throw ThemeFileError(problems: [ThemeProblem(file: path, line: nil, key: nil, message: "cannot be read as UTF-8 text")])
                }
                return Source(name: name, id: path, file: path, text: text)
            }
        }
        let id = "built-in " + name
        guard !visited.contains(id), let shipped = ShippedThemes.files.first(where: { $0.name == name }) else { return nil }
        return Source(name: name, id: id, file: "themes/\(name).toml (built in)", text: shipped.text)
    }

    /// The styles `source` defines over those of the theme it inherits (the default when it
    /// names none), and its palette over the inherited one.
    private func specs(of source: Source, visited: inout Set<String>) throws(ThemeFileError) -> [StyleName: StyleSpec] {
        try resolve(source, visited: &visited).styles
    }

    private func resolve(_ source: Source, visited: inout Set<String>) throws(ThemeFileError) -> ThemeFile {
        visited.insert(source.id)
        var inherited: [StyleName: StyleSpec] = [:]
        let parsed = ThemeFile.parse(source.text, name: source.name, file: source.file) { (inherits: String?) throws(ThemeFileError) -> [String: Color] in
            guard let parentName = inherits ?? (source.id == "built-in " + Self.defaultName ? nil : Self.defaultName) else { return [:] }
            guard let parent = try self.source(parentName, excluding: visited) else {
                let known = names.contains(parentName)
                let message = known ? "inheriting '\(parentName)' makes a loop" : "no theme named '\(Sanitized.oneLine(parentName, max: 40))'; themes: \(names.joined(separator: ", "))"
                throw ThemeFileError(problems: [ThemeProblem(file: source.file, line: TOMLKeyLines.line(of: ["inherits"], in: source.text),
                                                             key: "inherits", message: message)])
            }
            let resolved = try resolve(parent, visited: &visited)
            inherited = resolved.styles
            return resolved.palette
        }
        switch parsed {
        case .success(var file):
            file.styles = inherited.merging(file.styles) { $1 }
            return file
        case .failure(let error): throw error
        }
    }
}

extension Theme {
    /// The theme made of these file styles: colors a style leaves out are the `text` style's.
    init(name: String, specs: [StyleName: StyleSpec]) {
        let text = specs[.text]?.style(over: .plain) ?? .plain
        var styles: [StyleName: Style] = [:]
        for style in StyleName.allCases { styles[style] = specs[style]?.style(over: text) ?? text }
        styles[.text] = text
        self.init(name: name, styles: styles)
    }
}

/// Why a theme was not loaded, in words for the status bar.
struct ThemeLoadError: Error, CustomStringConvertible {
    var what: String
    var details: String

    /// What went wrong, then what is drawn instead, then the details: the part cut off a
    /// narrow status bar is the least needed.
    func text(instead: String) -> String { "\(what); \(instead). \(details)" }
    var description: String { "\(what). \(details)" }
}
