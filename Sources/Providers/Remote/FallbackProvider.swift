import Foundation

/// Opt-in fallback (`fallback = true`): when a provider is unavailable before it said anything —
/// no key, key rejected, unreachable, overloaded after its retries — the next one answers
/// (external → local → Offline), and the answer says so first. Never silent.
///
/// Each provider asked is announced (`StreamEvent.answering`), so a turn can keep to the one
/// that answered for its later model calls (`continuing(from:)`) instead of walking the chain
/// (and its retries) again, and a screen can name it.
public struct FallbackProvider: ChatProvider {
    public let chain: [any ChatProvider]
    /// Why providers ahead of `chain` were left out before any request (a missing key), by name.
    public let skipped: [(name: String, error: ProviderError)]

    public init(chain: [any ChatProvider], skipped: [(name: String, error: ProviderError)] = []) {
        precondition(!chain.isEmpty, "a fallback chain needs at least one provider")
        self.chain = chain; self.skipped = skipped
    }

    public var id: String { chain[0].id }
    public var displayName: String { chain[0].displayName }
    public var defaultModel: String { chain[0].defaultModel }

    /// The chain from the provider `id` on, its notes about skipped ones already said: what
    /// the rest of a turn asks once `id` answered. Itself when `id` is not in the chain.
    public func continuing(from id: String) -> FallbackProvider {
        guard let i = chain.firstIndex(where: { $0.id == id }) else { return self }
        return FallbackProvider(chain: Array(chain[i...]))
    }

    /// The member `id` of the chain, if any.
    public func member(_ id: String) -> (any ChatProvider)? { chain.first { $0.id == id } }

    /// Failures that make the next provider worth asking.
    public static func isUnavailable(_ error: ProviderError) -> Bool {
        switch error.kind {
        case .missingKey, .unauthorized, .forbidden, .quotaExceeded, .network, .timeout, .stalled, .overloaded, .serverError, .rateLimited:
            return true
        case .badRequest, .modelNotFound, .cancelled, .malformedStream, .imagesNotSupported:
            return false
        }
    }

    static func note(_ name: String, _ error: ProviderError, next: String) -> String {
        "_\(name) is unavailable (\(error.message)) Answering with \(next) instead._\n\n"
    }

    public func stream(_ request: ChatRequest) -> AsyncThrowingStream<StreamEvent, Error> {
        let chain = self.chain, skipped = self.skipped
        return AsyncThrowingStream { continuation in
            let task = Task {
                for (name, error) in skipped {
                    continuation.yield(.textDelta(Self.note(name, error, next: chain[0].displayName)))
                }
                for (i, provider) in chain.enumerated() {
                    var call = request
                    if i > 0 { call.model = "" }   // each fallback uses its own model
                    var outputStarted = false
                    continuation.yield(.answering(providerId: provider.id, name: provider.displayName))
                    do {
                        for try await event in provider.stream(call) {
                            switch event {
                            case .textDelta, .reasoningDelta, .toolCallStart: outputStarted = true
                            default: break
                            }
                            continuation.yield(event)
                        }
                        continuation.finish()
                        return
                    } catch {
                        let failure = error as? ProviderError
                        guard let failure, !outputStarted, !Task.isCancelled, i + 1 < chain.count,
                              Self.isUnavailable(failure) else {
                            continuation.finish(throwing: error)
                            return
                        }
                        continuation.yield(.textDelta(Self.note(provider.displayName, failure, next: chain[i + 1].displayName)))
                    }
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
