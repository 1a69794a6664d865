import XCTest
import Core
import Providers
@testable import App

/// `[voice]` in config.toml, and which transcription server it chooses.
final class VoiceSettingsTests: XCTestCase {
    override func tearDown() { Strings.use(.english) }

    private let noCommand: (String) -> Result<String, KeyCommand.Failure> = { _ in XCTFail("no command expected"); return .failure(.empty) }

    func testTheTableIsRead() {
        let text = """
        [voice]
        url = "http://127.0.0.1:8000/v1"
        model = "Systran/faster-whisper-tiny.en"
        api_key_env = "WHISPER_KEY"
        language = "zh"
        prompt = "AI Helper"
        record_command = "arecord -q -f S16_LE -r 16000 -c 1 -t wav"
        max_seconds = 30
        send_at_once = true
        """
        let (config, warning) = AppConfig.parse(text, path: "c.toml")
        XCTAssertNil(warning)
        var expected = VoiceSettings()
        expected.url = "http://127.0.0.1:8000/v1"; expected.model = "Systran/faster-whisper-tiny.en"; expected.apiKeyEnv = "WHISPER_KEY"
        expected.language = "zh"; expected.prompt = "AI Helper"; expected.recordCommand = "arecord -q -f S16_LE -r 16000 -c 1 -t wav"
        expected.maxSeconds = 30; expected.sendAtOnce = true
        XCTAssertEqual(config.voice, expected)
        XCTAssertEqual(AppConfig().voice.maxSeconds, 120)
        XCTAssertFalse(AppConfig().voice.sendAtOnce)
    }

    func testBadValuesAreNamedAndIgnored() {
        let (config, warning) = AppConfig.parse("[voice]\nmax_seconds = 0\nsend_at_once = \"yes\"\nlanguage = \"English\"\nspeed = 2\n", path: "c.toml")
        XCTAssertEqual(config.voice, VoiceSettings())
        XCTAssertEqual(warning, "c.toml: unknown key 'voice.speed'; 'voice.language' must be a language code such as \"en\" or \"zh\", or \"auto\"; 'voice.max_seconds' must be a number of seconds from 1 to 3600; 'voice.send_at_once' must be true or false (ignored).")
        XCTAssertEqual(AppConfig.parse("voice = 3\n", path: "c.toml").warning, "c.toml: 'voice' must be a table: [voice] with lines like url = \"…\" (ignored).")
    }

    func testTheLanguageFollowsTheInterfaceUnlessSet() {
        var voice = VoiceSettings()
        XCTAssertEqual(voice.language(for: .english), "en")
        XCTAssertEqual(voice.language(for: .simplifiedChinese), "zh")
        voice.language = "auto"
        XCTAssertNil(voice.language(for: .english), "the server guesses")
        voice.language = "de"
        XCTAssertEqual(voice.language(for: .simplifiedChinese), "de")
    }

    func testAURLWinsAndItsKeyIsOptional() throws {
        var voice = VoiceSettings()
        voice.url = "http://127.0.0.1:8000/v1"
        let plain = try voice.endpoint(providers: ProviderConfig(), environment: ["OPENAI_API_KEY": "sk-openai-123456"], run: noCommand)
        XCTAssertEqual(plain, TranscriptionEndpoint(baseURL: "http://127.0.0.1:8000/v1", model: "whisper-1", label: "http://127.0.0.1:8000/v1"))
        voice.apiKeyEnv = "GROQ_API_KEY"
        voice.url = "https://api.groq.com/openai/v1"
        voice.model = "whisper-large-v3"
        let groq = try voice.endpoint(providers: ProviderConfig(), environment: ["GROQ_API_KEY": "gsk_123456"], run: noCommand)
        XCTAssertEqual(groq.apiKey, "gsk_123456")
        XCTAssertEqual(groq.keySource, "GROQ_API_KEY")
        XCTAssertEqual(groq.model, "whisper-large-v3")
        XCTAssertThrowsError(try voice.endpoint(providers: ProviderConfig(), environment: [:], run: noCommand)) { error in
            XCTAssertEqual((error as? ProviderError)?.message, "[voice] api_key_env names GROQ_API_KEY, which is not set.")
        }
        voice.apiKeyCommand = "pass show groq"
        let commanded = try voice.endpoint(providers: ProviderConfig(), environment: [:], run: { command in
            XCTAssertEqual(command, "pass show groq"); return .success("gsk_from_pass")
        })
        XCTAssertEqual(commanded.apiKey, "gsk_from_pass")
        XCTAssertEqual(commanded.keySource, "[voice] api_key_command")
        XCTAssertThrowsError(try voice.endpoint(providers: ProviderConfig(), environment: [:], run: { _ in .failure(.exitStatus(1)) })) { error in
            XCTAssertEqual((error as? ProviderError)?.message, "The [voice] api_key_command failed with exit status 1.")
            XCTAssertTrue((error as? ProviderError)?.suggestion.contains("[voice] api_key_command") == true)
        }
        // --url overrides; a URL that is not http(s) is refused.
        let overridden = try voice.endpoint(providers: ProviderConfig(), environment: [:], url: "http://10.0.0.2:9000/v1",
                                            model: "tiny", run: { _ in .success("k") })
        XCTAssertEqual(overridden.baseURL, "http://10.0.0.2:9000/v1")
        XCTAssertEqual(overridden.model, "tiny")
        XCTAssertThrowsError(try VoiceSettings().endpoint(providers: ProviderConfig(), environment: [:], url: "ftp://x", run: noCommand))
        // A user and password in the URL are sent, never shown.
        let secret = try VoiceSettings().endpoint(providers: ProviderConfig(), environment: [:], url: "https://me:hunter2@asr.example/v1", run: noCommand)
        XCTAssertEqual(secret.baseURL, "https://me:hunter2@asr.example/v1")
        XCTAssertEqual(secret.label, "https://asr.example/v1")
    }

    func testWithoutAURLAnOpenAIKeyChoosesOpenAI() throws {
        let voice = VoiceSettings()
        let fromEnvironment = try voice.endpoint(providers: ProviderConfig(), environment: ["OPENAI_API_KEY": "sk-env-123456"], run: noCommand)
        XCTAssertEqual(fromEnvironment, .openAI(key: "sk-env-123456"))
        XCTAssertEqual(fromEnvironment.url, "https://api.openai.com/v1/audio/transcriptions")
        XCTAssertEqual(fromEnvironment.label, "OpenAI")
        var providers = ProviderConfig()
        providers.apiKeys[.openai] = "sk-typed-123456"
        XCTAssertEqual(try voice.endpoint(providers: providers, environment: ["OPENAI_API_KEY": "sk-env-123456"], run: noCommand).apiKey,
                       "sk-typed-123456", "credentials.toml wins over the environment, as for chat")
        providers.perProvider[.openai] = ProviderConfig.Entry(apiKeyCommand: "pass show openai")
        let commanded = try voice.endpoint(providers: providers, environment: [:], run: { _ in .success("sk-pass-123456") })
        XCTAssertEqual(commanded.apiKey, "sk-pass-123456")
        XCTAssertEqual(commanded.keySource, "[providers.openai] api_key_command")
        var mini = VoiceSettings()
        mini.model = "gpt-4o-mini-transcribe"
        XCTAssertEqual(try mini.endpoint(providers: ProviderConfig(), environment: ["OPENAI_API_KEY": "sk-1234567"], run: noCommand).model,
                       "gpt-4o-mini-transcribe")
    }

    func testNoServerAtAllSaysHowToSetOne() {
        XCTAssertThrowsError(try VoiceSettings().endpoint(providers: ProviderConfig(), environment: ["OPENAI_API_KEY": "  "], run: noCommand)) { error in
            XCTAssertEqual(error as? ProviderError, VoiceSettings.noEndpoint)
            XCTAssertTrue(VoiceSettings.noEndpoint.suggestion.contains("docs/voice.md"))
        }
    }

    /// The timeline names the step of a spoken question in the interface's language.
    func testTheDictatedStepIsNamedInBothLanguages() {
        let step = TimelineStep(messageId: 1, position: 0, kind: .dictated, title: "dictated", detail: "2.9 s · OpenAI", status: .done)
        XCTAssertEqual(TimelineLines.title(step), "dictated")
        Strings.use(.simplifiedChinese)
        XCTAssertEqual(TimelineLines.title(step), "语音输入")
    }
}
