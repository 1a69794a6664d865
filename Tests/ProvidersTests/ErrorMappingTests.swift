import XCTest
import Core
import HTTP
@testable import Providers

final class ErrorMappingTests: XCTestCase {
    func testOpenAIBodies() {
        let e401 = OpenAIErrorMapper.map(status: 401, body: OpenAIFixtures.error401)
        XCTAssertEqual(e401.kind, .unauthorized)
        XCTAssertTrue(e401.suggestion.contains("https://platform.openai.com/api-keys"))
        XCTAssertTrue(e401.suggestion.contains("OPENAI_API_KEY"))
        XCTAssertFalse(e401.description.contains("sk-proj"), "the masked key the API echoes is removed: \(e401)")

        let rate = OpenAIErrorMapper.map(status: 429, body: OpenAIFixtures.error429Rate, headers: ["Retry-After": "20"])
        XCTAssertEqual(rate.kind, .rateLimited)
        XCTAssertEqual(rate.retryAfter, 20)
        XCTAssertTrue(rate.suggestion.contains("It asked to wait 20 s."), rate.suggestion)
        XCTAssertTrue(rate.isRetryable)

        let quota = OpenAIErrorMapper.map(status: 429, body: OpenAIFixtures.error429Quota)
        XCTAssertEqual(quota.kind, .quotaExceeded)
        XCTAssertFalse(quota.isRetryable)
        XCTAssertTrue(quota.suggestion.contains("billing"))

        let bad = OpenAIErrorMapper.map(status: 400, body: OpenAIFixtures.error400)
        XCTAssertEqual(bad.kind, .badRequest)
        XCTAssertTrue(bad.message.contains("Invalid 'messages[1].content': string too long."))

        XCTAssertEqual(OpenAIErrorMapper.map(status: 403, body: OpenAIFixtures.error403).kind, .forbidden)
        XCTAssertEqual(OpenAIErrorMapper.map(status: 500, body: OpenAIFixtures.error500).kind, .serverError)
        XCTAssertTrue(OpenAIErrorMapper.map(status: 500, body: OpenAIFixtures.error500).message.hasSuffix("Sorry about that."),
                      "the provider's sentence ends with one full stop, not \"!.\"")
        XCTAssertEqual(OpenAIErrorMapper.map(status: 503, body: OpenAIFixtures.error503).kind, .overloaded)
        XCTAssertEqual(OpenAIErrorMapper.map(status: 404, body: "").kind, .modelNotFound)
        // A model the provider does not offer, whatever the status it comes with: another model, not another try.
        let gone = OpenAIErrorMapper.map(status: 400, body: #"{"error":{"message":"The model `x` does not exist.","type":"invalid_request_error","code":"model_not_found"}}"#)
        XCTAssertEqual(gone.kind, .modelNotFound)
        XCTAssertFalse(gone.isWorthAskingAgain)
        XCTAssertTrue(gone.description.contains("Choose another model"), gone.description)
    }

    func testAnthropicBodies() {
        let cases: [(Int, String, ProviderError.Kind)] = [
            (401, AnthropicFixtures.error401, .unauthorized), (400, AnthropicFixtures.error400, .badRequest),
            (403, AnthropicFixtures.error403, .forbidden), (404, AnthropicFixtures.error404, .modelNotFound),
            (413, AnthropicFixtures.error413, .badRequest), (429, AnthropicFixtures.error429, .rateLimited),
            (500, AnthropicFixtures.error500, .serverError), (529, AnthropicFixtures.error529, .overloaded),
        ]
        for (status, body, kind) in cases {
            let e = AnthropicErrorMapper.map(status: status, body: body)
            XCTAssertEqual(e.kind, kind, "\(status)")
            XCTAssertFalse(e.message.isEmpty)
            XCTAssertFalse(e.suggestion.isEmpty, "\(status) has a next step")
        }
        let e401 = AnthropicErrorMapper.map(status: 401, body: AnthropicFixtures.error401)
        XCTAssertTrue(e401.message.contains("invalid x-api-key"))
        XCTAssertTrue(e401.suggestion.contains("https://console.anthropic.com/settings/keys"))
        XCTAssertTrue(e401.suggestion.contains("ANTHROPIC_API_KEY"))
        XCTAssertTrue(AnthropicErrorMapper.map(status: 400, body: AnthropicFixtures.error400).message.contains("max_tokens: Field required"))
        XCTAssertTrue(AnthropicErrorMapper.map(status: 413, body: AnthropicFixtures.error413).suggestion.contains("new conversation"))
        let over = AnthropicErrorMapper.map(status: 529, body: AnthropicFixtures.error529, headers: ["retry-after": "3"])
        XCTAssertEqual(over.retryAfter, 3)
        XCTAssertTrue(over.message.contains("overloaded"))
    }

    func testGeminiBodies() {
        let key = GeminiErrorMapper.map(status: 400, body: GeminiFixtures.error400Key)
        XCTAssertEqual(key.kind, .unauthorized, "Gemini reports a bad key as 400 API_KEY_INVALID")
        XCTAssertTrue(key.suggestion.contains("https://aistudio.google.com/apikey"))
        XCTAssertTrue(key.suggestion.contains("GOOGLE_API_KEY") || key.suggestion.contains("GEMINI_API_KEY"))

        let rate = GeminiErrorMapper.map(status: 429, body: GeminiFixtures.error429)
        XCTAssertEqual(rate.kind, .rateLimited)
        XCTAssertEqual(rate.retryAfter, 37, "RetryInfo.retryDelay")

        XCTAssertEqual(GeminiErrorMapper.map(status: 403, body: GeminiFixtures.error403).kind, .forbidden)
        let schema = GeminiErrorMapper.map(status: 400, body: GeminiFixtures.error400)
        XCTAssertEqual(schema.kind, .badRequest)
        XCTAssertTrue(schema.message.contains("additionalProperties"))
        XCTAssertEqual(GeminiErrorMapper.map(status: 404, body: GeminiFixtures.error404).kind, .modelNotFound)
        XCTAssertEqual(GeminiErrorMapper.map(status: 500, body: GeminiFixtures.error500).kind, .serverError)
        XCTAssertEqual(GeminiErrorMapper.map(status: 503, body: GeminiFixtures.error503).kind, .overloaded)
    }

    func testNonJSONBodiesAndDispatch() {
        let html = ProviderErrorMapper.map(provider: .openai, status: 502, body: "<html><body>Bad gateway</body></html>")
        XCTAssertEqual(html.kind, .serverError)
        XCTAssertFalse(html.message.contains("<html>"))
        let plain = ProviderErrorMapper.map(provider: .llamacpp, status: 400, body: "context size exceeded")
        XCTAssertTrue(plain.message.contains("context size exceeded"))
        XCTAssertEqual(ProviderErrorMapper.map(provider: .anthropic, status: 529, body: AnthropicFixtures.error529).kind, .overloaded)
        XCTAssertEqual(ProviderErrorMapper.map(provider: .gemini, status: 400, body: GeminiFixtures.error400Key).kind, .unauthorized)
        // A local server asking for a key says which variable, without a key page.
        let local = ProviderErrorMapper.map(provider: .vllm, status: 401, body: "")
        XCTAssertTrue(local.suggestion.contains("VLLM_API_KEY"))
    }

    func testKeysNeverEchoed() {
        let key = "sk-live-abcdefghijklmnop"
        let settings = ProviderSettings(kind: .openaiCompatible, baseURL: URL(string: "http://127.0.0.1:1/v1")!, apiKey: key, model: "m")
        let e = ProviderWire.error(status: 401, body: #"{"error":{"message":"bad key \#(key)"}}"#, headers: [:], settings: settings)
        XCTAssertFalse(e.description.contains(key))
        XCTAssertFalse(e.description.contains("abcdefghijklmnop"))
        XCTAssertEqual(Redactor.redact("key=AIzaSyA1234567890abcdefghijklmno and Bearer abc.def"), "key=[redacted] and [redacted]")
        XCTAssertEqual(Redactor.redact("my key is hunter2-long", key: "hunter2-long"), "my key is [redacted]")
    }

    func testNetworkTimeoutTruncatedMessages() {
        let local = ProviderErrorMapper.network(provider: .ollama, detail: "Connection refused", host: "127.0.0.1:11434")
        XCTAssertEqual(local.kind, .network)
        XCTAssertTrue(local.suggestion.contains("running"))
        let remote = ProviderErrorMapper.network(provider: .openai, detail: "Could not resolve host")
        XCTAssertTrue(remote.suggestion.contains("internet"))
        XCTAssertEqual(ProviderErrorMapper.stalled(provider: .anthropic, seconds: 60).kind, .stalled)
        XCTAssertTrue(ProviderErrorMapper.stalled(provider: .anthropic, seconds: 60).message.contains("sent nothing for 60 s"))
        XCTAssertTrue(ProviderErrorMapper.stalled(provider: .anthropic, seconds: 0.5).message.contains("sent nothing for 0.5 s"))
        XCTAssertEqual(ProviderErrorMapper.cancelled.kind, .cancelled)
        XCTAssertFalse(ProviderErrorMapper.cancelled.isRetryable)
    }

    /// Every error a provider can end with is front-end neutral: no TUI key ("press r") nor an
    /// app command alone ("/model": the command line's flag is named beside it), no
    /// "Retrying…" (a final error is shown after the retries, never before one).
    func testNoErrorNamesAFrontEndKeyOrPromisesARetry() {
        var errors: [ProviderError] = [ProviderErrorMapper.cancelled]
        for kind in ProviderKind.allCases {
            for status in [400, 401, 402, 403, 404, 408, 413, 422, 429, 500, 502, 503, 529, 599, 302] {
                errors.append(ProviderErrorMapper.map(provider: kind, status: status, body: "", headers: ["retry-after": "300"]))
                errors.append(ProviderErrorMapper.map(provider: kind, status: status, body: #"{"error":{"message":"no"}}"#))
            }
            errors += [ProviderErrorMapper.network(provider: kind, detail: "refused", host: "h"), ProviderErrorMapper.stalled(provider: kind, seconds: 60),
                       ProviderErrorMapper.truncated(provider: kind), ProviderErrorMapper.malformed(provider: kind, detail: "x"),
                       ProviderTransport().map(HTTPError(kind: .timeout, message: "slow"), provider: kind, host: "h")]
        }
        for error in errors {
            XCTAssertNil(error.description.range(of: #"retrying|\bpress r\b|\bwith r\b|\br to retry|with /model|with /provider"#, options: [.regularExpression, .caseInsensitive]),
                         error.description)
        }
    }

    func testRetryAfterForms() {
        let now = Date(timeIntervalSince1970: 1_445_412_480)   // Wed, 21 Oct 2015 07:28:00 GMT
        XCTAssertEqual(RetryAfter.parse("120", now: now), 120)
        XCTAssertEqual(RetryAfter.parse(" 1.5 ", now: now), 1.5)
        XCTAssertEqual(RetryAfter.parse("Wed, 21 Oct 2015 07:28:30 GMT", now: now), 30)
        XCTAssertEqual(RetryAfter.parse("Wednesday, 21-Oct-15 07:29:00 GMT", now: now), 60)
        XCTAssertEqual(RetryAfter.parse("Wed Oct 21 07:28:10 2015", now: now), 10)
        XCTAssertEqual(RetryAfter.parse("Tue, 20 Oct 2015 07:28:00 GMT", now: now), 0, "a past date means now")
        XCTAssertNil(RetryAfter.parse("soon", now: now))
        XCTAssertNil(RetryAfter.parse("-5", now: now))
        XCTAssertEqual(RetryAfter.from(headers: ["Retry-After-Ms": "1500", "Retry-After": "9"]), 1.5)
        XCTAssertEqual(RetryAfter.from(headers: ["RETRY-AFTER": "9"]), 9)
        XCTAssertNil(RetryAfter.from(headers: [:]))
    }
}
