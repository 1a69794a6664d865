import XCTest
@testable import Providers

/// Test audio: a tone or near-silence as 16-bit PCM.
enum TestAudio {
    static func tone(seconds: Double, rate: Int = 16_000, channels: Int = 1, amplitude: Double = 0.3,
                     frequency: Double = 440) -> WAVAudio {
        let frames = Int(seconds * Double(rate))
        var samples = [Int16](repeating: 0, count: frames * channels)
        for f in 0..<frames {
            let value = Int16(amplitude * 32767 * sin(2 * .pi * frequency * Double(f) / Double(rate)))
            for c in 0..<channels { samples[f * channels + c] = value }
        }
        return WAVAudio(sampleRate: rate, channels: channels, samples: samples)
    }

    /// A quiet room: noise at about −60 dBFS.
    static func silence(seconds: Double, rate: Int = 16_000) -> WAVAudio {
        var generator = SystemRandomNumberGenerator()
        let samples = (0..<Int(seconds * Double(rate))).map { _ in Int16.random(in: -40...40, using: &generator) }
        return WAVAudio(sampleRate: rate, channels: 1, samples: samples)
    }
}

final class WAVAudioTests: XCTestCase {
    func testAFileRoundTripsAndItsDurationIsKnown() throws {
        let tone = TestAudio.tone(seconds: 0.5, rate: 22_050, channels: 2)
        let read = try WAVAudio(data: tone.encoded())
        XCTAssertEqual(read, tone)
        XCTAssertEqual(read.duration, 0.5, accuracy: 0.001)
        XCTAssertEqual(read.frameCount, 11_025)
    }

    /// A recorder writing to a pipe cannot know the length: 0xFFFFFFFF (or 0) in the header,
    /// and the samples run to the end; a LIST chunk before `data` is passed over.
    func testAStreamHeaderWithUnknownLengthsAndExtraChunks() throws {
        var data = Data("RIFF".utf8) + Data([0xFF, 0xFF, 0xFF, 0xFF]) + Data("WAVE".utf8)
        data += Data("fmt ".utf8) + Data([16, 0, 0, 0, 1, 0, 1, 0, 0x80, 0x3E, 0, 0, 0, 0x7D, 0, 0, 2, 0, 16, 0])
        data += Data("LIST".utf8) + Data([3, 0, 0, 0]) + Data("abc".utf8) + Data([0])   // odd size: one pad byte
        let header = try XCTUnwrap(try WAVAudio.header(data + Data("data".utf8) + Data([0xFF, 0xFF, 0xFF, 0xFF])))
        XCTAssertEqual(header.sampleRate, 16_000)
        XCTAssertEqual(header.channels, 1)
        XCTAssertTrue(header.isPCM16)
        XCTAssertNil(header.dataLength)
        XCTAssertEqual(header.dataOffset, data.count + 8)
        let audio = try WAVAudio(data: data + Data("data".utf8) + Data([0xFF, 0xFF, 0xFF, 0xFF]) + Data([1, 0, 2, 0, 3]))
        XCTAssertEqual(audio.samples, [1, 2], "a last half sample is left out")
        XCTAssertNil(try WAVAudio.header(data.prefix(30)), "more bytes needed")
        XCTAssertThrowsError(try WAVAudio.header(Data("ID3\u{3}abcdefgh".utf8)))
        // Tags of an editor before the samples (a 10 KB LIST chunk); a slice of a larger buffer reads the same.
        let tagged = TestAudio.tone(seconds: 0.1).encoded()
        let withTags = tagged.prefix(36) + Data("LIST".utf8) + Data([0x10, 0x27, 0, 0]) + Data(count: 10_000) + tagged.dropFirst(36)
        XCTAssertEqual(try WAVAudio(data: withTags), TestAudio.tone(seconds: 0.1))
        XCTAssertEqual(try WAVAudio(data: (Data(count: 3) + withTags).dropFirst(3)), TestAudio.tone(seconds: 0.1))
    }

    func testOtherSampleFormatsAreNamed() {
        var float = TestAudio.tone(seconds: 0.1).encoded()
        float[20] = 3; float[34] = 32   // IEEE float, 32 bits
        XCTAssertThrowsError(try WAVAudio(data: float)) { error in
            XCTAssertEqual(error as? WAVAudio.Problem, .unsupported(formatTag: 3, bitsPerSample: 32))
        }
    }

    func testLevelsAndSilence() {
        XCTAssertEqual(WAVAudio.level(of: [UInt8]()), 0)
        // Full scale square wave: ±32767 → 1.0; an odd trailing byte is ignored.
        XCTAssertEqual(WAVAudio.level(of: [0xFF, 0x7F, 0x01, 0x80, 0x55]), 32767.0 / 32768, accuracy: 0.0001)
        let tone = TestAudio.tone(seconds: 1, amplitude: 0.5)
        XCTAssertEqual(WAVAudio.level(of: tone.encoded().dropFirst(44)), 0.5 / 2.squareRoot(), accuracy: 0.01)
        XCTAssertFalse(tone.isSilent)
        XCTAssertTrue(TestAudio.silence(seconds: 2).isSilent)
        // One word in ten seconds of quiet is not silence.
        var word = TestAudio.silence(seconds: 10)
        word.samples.replaceSubrange(80_000..<84_000, with: TestAudio.tone(seconds: 0.25, amplitude: 0.1).samples)
        XCTAssertFalse(word.isSilent)
    }

    /// Channels are averaged; 48 kHz becomes 16 kHz by linear interpolation (every third sample here).
    func testDownmixAndResample() {
        let stereo = WAVAudio(sampleRate: 48_000, channels: 2, samples: [0, 300, 30, 30, 60, 60, 90, 90, 120, 120, 150, 150, 180, 180])
        let mono = stereo.downmixedTo16kMono()
        XCTAssertEqual(mono.sampleRate, 16_000)
        XCTAssertEqual(mono.channels, 1)
        XCTAssertEqual(mono.samples, [150, 90, 180])
        // 44.1 kHz: the 441 / 160 step falls between samples.
        let ramp = WAVAudio(sampleRate: 44_100, channels: 1, samples: (0..<441).map { Int16($0) })
        let lowered = ramp.downmixedTo16kMono()
        XCTAssertEqual(lowered.samples.count, 160)
        XCTAssertEqual(lowered.samples[1], 3)   // 2.75625 rounded
        XCTAssertEqual(lowered.samples[159], 438)   // 438.24...
        XCTAssertEqual(lowered.duration, ramp.duration, accuracy: 0.001)
        // 8 kHz mono stays as it is.
        let low = WAVAudio(sampleRate: 8_000, channels: 1, samples: [1, 2, 3])
        XCTAssertEqual(low.downmixedTo16kMono(), low)
    }
}
