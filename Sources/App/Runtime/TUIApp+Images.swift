import Foundation
import Core
import Storage
import Agent
import Providers

extension TUIApp {
    func perform(images effect: ImageEffect) {
        switch effect {
        case .attach(let path, let pasted): attachImage(path, pasted: pasted)
        case .send(let text, let images, let dictation): sendWithImages(text, images, dictation: dictation)
        }
    }

    var imageMaxBytes: Int { switcher?.config.imageMaxBytes ?? ImageAttachment.defaultMaxBytes }

    /// Reads the file; its chip, or why not. A pasted path that is not an image file (missing,
    /// a folder, another kind of file) is typed into the input as the paste it was.
    func attachImage(_ path: String, pasted: String?) {
        do {
            apply(.imageAttached(try ImageFiles.load(path, maxBytes: imageMaxBytes)))
        } catch let failure as ImageFiles.Failure {
            if let pasted, failure.isNotAnImageFile { return apply(.pasteInserted(pasted)) }
            apply(.noticed(Notice(text: Self.words(failure), kind: .error, expires: nil)))
        } catch {
            apply(.noticed(Notice(text: "\(error)", kind: .error, expires: nil)))
        }
    }

    static func words(_ failure: ImageFiles.Failure) -> String {
        let words = tr.images
        switch failure {
        case .missing(let path): return words.missing(chipName(path))
        case .folder(let path): return words.folder(chipName(path))
        case .unreadable(let path): return words.unreadable(chipName(path))
        case .image(let name, let error): return words.refused(chipName(name), error)
        }
    }

    /// A message with pictures: refused at once when the catalog knows the model cannot see
    /// (nothing stored or sent, the chips and the words kept); else sent, the chips cleared.
    func sendWithImages(_ text: String, _ images: [ImageAttachment], dictation: Dictation? = nil) {
        if let kind = ProviderKind(rawValue: agent.provider.id), ModelCatalog.canSee(agent.model, provider: kind) == false {
            return apply(.turnNotStarted(text: text, Notice(text: tr.images.cannotSee(chipName(agent.model)), kind: .error, expires: nil)))
        }
        guard let turn = send(text, images: images, title: text.isEmpty ? images.first.map { chipName($0.name) } : nil,
                             dictation: dictation) else { return }
        // As stored with the message (their hashes worked out once, when stored): no bytes read.
        let stored = (try? database.images(messageId: turn.user.id!)) ?? []
        apply(.imagesSent(messageId: turn.user.id!, stored))
    }
}

extension ImageFiles.Failure {
    /// Missing, a folder, or bytes of another kind: a pasted path to it is just text.
    var isNotAnImageFile: Bool {
        switch self {
        case .missing, .folder, .unreadable, .image(_, .notAnImage): return true
        default: return false
        }
    }
}
