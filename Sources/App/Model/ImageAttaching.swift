import Foundation
import Core
import Storage
import Agent
import Terminal

// Images that go with the next message (docs/images.md): `/image PATH`, a pasted path, the
// chips above the input, and what the runtime answers. The files are read by the runtime
// (`TUIApp+Images.swift`); `update` only asks and applies.

/// What the runtime does for attached images.
enum ImageEffect: Equatable {
    /// Read, sniff and cap-check the file; `pasted` is the text of a paste that looked like a
    /// path: when the file is no image at all, it is typed into the input as any paste.
    case attach(path: String, pasted: String?)
    /// Start a turn with the pictures (after the model check): the chips go once it is stored.
    case send(String, [ImageAttachment], dictation: Dictation? = nil)
}

/// At most this many pictures go with one message (providers take 10 to 20 per request).
let maxImagesPerMessage = 10

/// `/image PATH` attaches; `/image` alone takes the last chip off.
func runImageCommand(_ state: inout AppState, argument: String) -> [Effect] {
    _ = state.chat.input.commit(remember: false)
    guard !argument.isEmpty else {
        guard let last = state.chat.images.popLast() else {
            state.notice = Notice(text: tr.images.noneToRemove, kind: .info, expires: state.clock.addingTimeInterval(4))
            return []
        }
        state.notice = Notice(text: tr.images.removed(chipName(last.name)), kind: .info, expires: state.clock.addingTimeInterval(4))
        return []
    }
    return [.images(.attach(path: argument, pasted: nil))]
}

/// A paste whose whole text is one path, as terminals paste a dragged file: plain, quoted
/// ('…' or "…"), with backslash-escaped spaces, or a `file://` URL. Nil for anything else,
/// which is pasted as text without touching the disk.
func pastedPath(_ text: String) -> String? {
    var s = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !s.isEmpty, !s.contains(where: \.isNewline), s.count < 4096 else { return nil }
    if s.count >= 2, let first = s.first, first == "'" || first == "\"", s.last == first {
        s = String(s.dropFirst().dropLast())
    } else if s.contains("\\") {
        var out = "", escaped = false
        for c in s {
            if escaped { out.append(c); escaped = false } else if c == "\\" { escaped = true } else { out.append(c) }
        }
        s = out
    }
    if s.hasPrefix("file://") {
        guard let url = URL(string: s), url.isFileURL, (url.host ?? "").isEmpty || url.host == "localhost" else { return nil }
        s = url.path
    }
    guard s.hasPrefix("/") || s.hasPrefix("~/") else { return nil }
    // A sentence that starts with a path is text; a path has no unescaped spaces around words
    // unless it was quoted or escaped, so only the whole text counts (checked by the runtime).
    return s
}

/// The name a chip, a placeholder or an export shows: control and escape sequences out, on one line.
func chipName(_ name: String) -> String {
    Sanitizer.clean(name).replacingOccurrences(of: "\n", with: " ")
}

/// `▣ photo.jpg 1280×960 240 KB`, the name cut so the whole fits `width`.
func chipText(_ image: ImageAttachment, width: Int) -> String {
    let tail = " \(image.info.sizeText) \(image.info.bytesText)"
    let room = max(1, width - 2 - TextWidth.of(tail))
    return "▣ " + truncate(chipName(image.name), toWidth: room) + tail
}

/// `▣ photo.jpg · 1280×960 · 240 KB`: the transcript's line for a stored picture.
func placeholderText(_ image: StoredImage, width: Int) -> String {
    let tail = " · \(image.info.sizeText) · \(image.info.bytesText)"
    let room = max(1, width - 2 - TextWidth.of(tail))
    return "▣ " + truncate(chipName(image.name), toWidth: room) + tail
}

extension AppState {
    /// A picture read and checked by the runtime joins the chips.
    mutating func imageAttached(_ image: ImageAttachment) {
        guard chat.images.count < maxImagesPerMessage else {
            notice = Notice(text: tr.images.tooMany(maxImagesPerMessage), kind: .error, expires: clock.addingTimeInterval(6))
            return
        }
        chat.images.append(image)
        notice = Notice(text: tr.images.attached(chipName(image.name)), kind: .info, expires: clock.addingTimeInterval(6))
    }

    /// The turn with the chips was stored: they are the message's now.
    mutating func imagesSent(messageId: Int64, _ images: [StoredImage]) {
        chat.images = []
        chat.messageImages[messageId] = images
    }
}
