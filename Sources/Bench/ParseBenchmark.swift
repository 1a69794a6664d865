import Foundation
import Providers

/// The provider side of a streamed answer in-process, through the app's own `StreamDecoder`
/// (SSE framing, the OpenAI chunk parser, coalescing) over a body shaped like the loopback
/// peer's (`[script:long:N]`), fed in 32 KB pieces as the HTTP engine hands them over.
/// Separates parsing cost from the pty, the screen and the network.
enum ParseBenchmark {
    static func body(tokens: Int) -> Data {
        var text = ""
        for i in 0..<tokens {
            text += #"data: {"id": "chatcmpl-loopback", "object": "chat.completion.chunk", "created": 1735689600, "model": "gpt-4.1-mini", "#
            text += #""service_tier": "default", "system_fingerprint": "fp_loopback", "choices": [{"index": 0, "delta": {"content": "t\#(i) "}, "#
            text += #""logprobs": null, "finish_reason": null}], "usage": null}"# + "\n\n"
        }
        text += #"data: {"id": "chatcmpl-loopback", "object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}"# + "\n\n"
        text += "data: [DONE]\n\n"
        return Data(text.utf8)
    }

    /// Per-run times to parse `body`, and the text it gave (to check it).
    static func measure(_ body: Data, runs: Int) throws -> (times: [Duration], text: String) {
        var times: [Duration] = []
        var text = ""
        for _ in 0..<runs {
            let settings = ProviderSettings(kind: .openai, baseURL: URL(string: "http://127.0.0.1:1/v1")!, model: "gpt-4.1-mini")
            var decoder = StreamDecoder(ProviderWire.parser(for: ChatRequest(messages: []), settings: settings))
            var got = ""
            let start = ContinuousClock.now
            var offset = 0
            while offset < body.count {
                let piece = body[offset..<min(body.count, offset + 32_768)]
                offset += piece.count
                let (events, error) = decoder.feed(Data(piece))
                if let error { throw error }
                for case .textDelta(let t) in events { got += t }
            }
            for case .textDelta(let t) in try decoder.finish() { got += t }
            times.append(ContinuousClock.now - start)
            text = got
        }
        return (times, text)
    }
}
