import Foundation

/// A path as the user types it: `~` and `~/…` stand for the home folder (no `~user` form).
enum HomePath {
    static func expand(_ path: String, home: String = NSHomeDirectory()) -> String {
        path == "~" || path.hasPrefix("~/") ? home + path.dropFirst() : path
    }
}
