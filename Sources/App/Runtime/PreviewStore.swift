import Foundation
import Core
import Terminal

/// Encoded previews, made off the loop: an image's bytes read from the database, decoded,
/// scaled to its box and encoded for the terminal's protocol on a queue of their own, kept per
/// (hash, box, protocol); the loop hears `.previewReady` and the next frame places them.
/// The loop only asks (`encoded`) and never waits.
final class PreviewStore: @unchecked Sendable {
    struct Key: Hashable {
        var hash: String
        var box: PreviewBox
        var graphics: GraphicsProtocol
    }

    /// What goes to the terminal: kitty's transmission (under `kittyId`) or the sixel image.
    struct Encoded: Equatable {
        var kittyId: UInt32
        var bytes: String
    }

    private enum Entry { case pending, ready(Encoded), failed }

    /// A PNG up to this size goes to kitty as it is; a larger one is decoded and scaled first.
    static let kittyPNGAsIsBytes = 256 * 1024
    /// Encoded previews kept (each at most ~32 × 8 cells of pixels).
    static let capacity = 64
    /// Kitty image ids start here, away from the small ids other programs use.
    static let firstKittyId: UInt32 = 0x4148_0000

    private let lock = NSLock()
    private var entries: [Key: Entry] = [:]
    private var order: [Key] = []
    private var nextId = firstKittyId
    private var evicted: [UInt32] = []
    private let queue = DispatchQueue(label: "aihelper.previews", qos: .utility)
    private let read: @Sendable (String) -> Data?
    private let ready: @Sendable () -> Void

    /// `read` gives an image's bytes by hash; `ready` tells the loop a preview is done.
    init(read: @escaping @Sendable (String) -> Data?, ready: @escaping @Sendable () -> Void) {
        self.read = read
        self.ready = ready
    }

    /// The encoded preview, or nil while it is being made (then asked for) or when it cannot be.
    func encoded(_ key: Key, format: ImageInfo.Format) -> Encoded? {
        lock.lock()
        defer { lock.unlock() }
        switch entries[key] {
        case .ready(let encoded): return encoded
        case .pending, .failed: return nil
        case nil:
            entries[key] = .pending
            order.append(key)
            let id = nextId
            nextId = nextId == UInt32.max ? Self.firstKittyId : nextId + 1
            queue.async { [self] in make(key, format: format, id: id) }
            return nil
        }
    }

    /// Kitty ids dropped from the cache since the last call: the terminal may free them.
    func takeEvicted() -> [UInt32] {
        lock.lock()
        defer { lock.unlock() }
        defer { evicted = [] }
        return evicted
    }

    /// Waits for the queue (tests).
    func settle() { queue.sync {} }

    private func make(_ key: Key, format: ImageInfo.Format, id: UInt32) {
        let bytes = read(key.hash).flatMap { Self.encode([UInt8]($0), format: format, box: key.box, graphics: key.graphics, kittyId: id) }
        lock.lock()
        // Evicted while it was being made: it has no place in `order` any more, so keeping it
        // would hold it (and its kitty id) for ever.
        guard entries[key] != nil else { return lock.unlock() }
        entries[key] = bytes.map { .ready(Encoded(kittyId: id, bytes: $0)) } ?? .failed
        while order.count > Self.capacity {
            if case .ready(let old) = entries.removeValue(forKey: order.removeFirst()) { evicted.append(old.kittyId) }
        }
        lock.unlock()
        if bytes != nil { ready() }
    }

    /// What the terminal is sent: for kitty a small PNG as it is, else the pixels scaled to the box.
    static func encode(_ data: [UInt8], format: ImageInfo.Format, box: PreviewBox, graphics: GraphicsProtocol, kittyId: UInt32) -> String? {
        if graphics == .kitty, format == .png, data.count <= kittyPNGAsIsBytes { return KittyGraphics.transmit(id: kittyId, .png(data)) }
        guard let scaled = try? RGBAImage.decode(data, fittingIn: box.pixelWidth, box.pixelHeight) else { return nil }
        return graphics == .kitty ? KittyGraphics.transmit(id: kittyId, .rgba(scaled)) : Sixel.encode(scaled)
    }
}
