import Foundation
import Interop

/// Why an item from the other side could not be read, worded for a synced item: the reader's
/// own hints are for a file given to `aihelper import` ("tr -d '\\000' < FILE > FIXED and
/// import the fixed file"), which a synced item is not. It says where to fix the item, and that
/// the run went on without it.
struct UnreadableItem: Error, CustomStringConvertible {
    let description: String
    /// What is wrong with it, for the app's catalog (which words the fix).
    let reason: SyncReason

    init(_ error: Error, folder: Bool) {
        let what: String
        if let error = error as? InteropError {
            what = (error.line.map { "line \($0)" + (error.column.map { ", column \($0)" } ?? "") + ": " } ?? "") + error.message
        } else {
            what = "\(error)"
        }
        description = what + " — " + (folder ? Self.fixInFolder : Self.fixOnServer)
        reason = SyncReason(folder ? .unreadableFile : .unreadableItem, what)
    }

    static let fixOnServer = "fix or delete this item on the server (in the phone's or the web calendar or address book); the other items synced"
    static let fixInFolder = "fix or delete this item's file in the folder (or in the app that wrote it, such as khal or todoman); the other items synced"
}
