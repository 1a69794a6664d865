import Foundation
import Terminal

/// Image previews: the graphics query after the first frame, the terminal's answers, and the
/// previews placed after each frame (docs/images.md, Previews in the terminal).
extension TUIApp {
    /// How long the answers may take; a terminal that answers no DA1 by then gets no previews.
    static let graphicsAnswerWait = Duration.seconds(2)

    /// After the first frame, so start-up never waits for the terminal's round trip: writes the
    /// query when the setting asks the terminal, or decides at once from the setting.
    func startGraphicsDetection(setting: PreviewSetting, environment: [String: String]) {
        var detection = GraphicsDetection(setting: setting, environment: environment)
        if detection.asks {
            backend.sendControlSequence(GraphicsDetection.query)
            decoder.awaitingReplies = true
            graphicsDeadline = ContinuousClock.now + Self.graphicsAnswerWait
            self.detection = detection
        } else {
            detection.giveUp()
            graphicsDecided(detection)
        }
    }

    /// The answers read with the keys; DA1 decides.
    func takeTerminalReplies(_ replies: [TerminalReply]) {
        guard var detection, !replies.isEmpty else { return }
        var decided = false
        for reply in replies where detection.take(reply) { decided = true }
        self.detection = detection
        if decided { graphicsDecided(detection) }
    }

    /// No DA1 in time: no previews, and no image byte is ever written.
    func graphicsWaitEnded() {
        guard var detection, let deadline = graphicsDeadline, ContinuousClock.now >= deadline else { return }
        detection.giveUp()
        graphicsDecided(detection)
    }

    private func graphicsDecided(_ detection: GraphicsDetection) {
        self.detection = nil
        decoder.awaitingReplies = false
        graphicsDeadline = nil
        guard case .found(let graphics) = detection.outcome else { return }
        let cell = backend.cellPixelSize ?? detection.cellPixels ?? ImagePreviews.defaultCell
        if let graphics {
            let database = self.database, mailbox = self.mailbox
            let store = PreviewStore(read: { try? database.imageData(hash: $0) }, ready: { mailbox.post(.previewReady) })
            painter = PreviewPainter(graphics: graphics, store: store)
        }
        handleNow(.graphicsDetected(graphics, cell: cell))
    }
}
