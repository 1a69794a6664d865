import Foundation

/// 16-bit PCM audio in a RIFF/WAVE file: what recorders write (`arecord -f S16_LE -t wav`,
/// `pw-record`, `parecord`, `rec`) and what every transcription server takes.
public struct WAVAudio: Sendable, Equatable {
    public var sampleRate: Int
    public var channels: Int
    /// Interleaved samples, `channels` to a frame.
    public var samples: [Int16]

    public init(sampleRate: Int, channels: Int, samples: [Int16]) {
        self.sampleRate = sampleRate; self.channels = channels; self.samples = samples
    }

    /// Why bytes are not audio this type can read.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        /// No `RIFF…WAVE` with a `fmt ` and a `data` chunk.
        case notWAV
        /// WAV, but not 16-bit integer PCM (float, 8- or 24-bit, compressed).
        case unsupported(formatTag: Int, bitsPerSample: Int)

        public var description: String {
            switch self {
            case .notWAV: return "not a WAV file"
            case .unsupported(let tag, let bits): return "a WAV file of a kind other than 16-bit PCM (format \(tag), \(bits) bits)"
            }
        }
    }

    /// Where the samples of a WAV file or stream begin, and their format.
    public struct Header: Sendable, Equatable {
        public var sampleRate: Int
        public var channels: Int
        public var bitsPerSample: Int
        public var formatTag: Int
        /// Byte offset of the first sample.
        public var dataOffset: Int
        /// The data chunk's length as the header says; nil for a stream (0 or 0xFFFFFFFF:
        /// the recorder could not know it), where the samples run to the end.
        public var dataLength: Int?

        /// 16-bit integer PCM (plain, or WAVE_FORMAT_EXTENSIBLE with the PCM sub-format).
        public var isPCM16: Bool { bitsPerSample == 16 && (formatTag == 1 || formatTag == 0xFFFE) }
    }

    /// The header at the start of `bytes`; nil while more bytes are needed. Throws when they
    /// are not a WAV header (or it runs past a megabyte: no recorder writes such).
    public static func header(_ bytes: Data) throws(Problem) -> Header? {
        let b = Bytes(data: bytes)
        if b.count >= 4, !b.matches("RIFF", at: 0) { throw .notWAV }
        if b.count >= 12, !b.matches("WAVE", at: 8) { throw .notWAV }
        var offset = 12
        var format: (tag: Int, channels: Int, rate: Int, bits: Int)?
        while offset + 8 <= b.count {
            let size = Int(b.le32(offset + 4))
            let body = offset + 8
            if b.matches("data", at: offset) {
                guard let format, format.channels > 0, format.rate > 0 else { throw .notWAV }
                let known = size == 0 || size == 0xFFFF_FFFF ? nil : size
                return Header(sampleRate: format.rate, channels: format.channels, bitsPerSample: format.bits,
                              formatTag: format.tag, dataOffset: body, dataLength: known)
            }
            if b.matches("fmt ", at: offset) {
                guard size >= 16 else { throw .notWAV }
                guard body + 16 <= b.count else { return nil }
                var tag = Int(b.le16(body))
                // WAVE_FORMAT_EXTENSIBLE: the sub-format GUID starts with the real tag.
                if tag == 0xFFFE, size >= 40, body + 26 <= b.count, b.le16(body + 24) != 1 { tag = Int(b.le16(body + 24)) }
                format = (tag, Int(b.le16(body + 2)), Int(b.le32(body + 4)), Int(b.le16(body + 14)))
            }
            offset = body + size + (size & 1)
            guard offset < 1 << 20 else { throw .notWAV }
        }
        return nil
    }

    /// Reads a whole file (or a stream's bytes so far: a last half sample is left out).
    public init(data: Data) throws(Problem) {
        guard let header = try Self.header(data) else { throw .notWAV }
        guard header.isPCM16 else { throw .unsupported(formatTag: header.formatTag, bitsPerSample: header.bitsPerSample) }
        let available = data.count - header.dataOffset
        let length = min(header.dataLength ?? available, available) & ~1
        var samples = [Int16](repeating: 0, count: length / 2)
        data.withUnsafeBytes { raw in
            let start = raw.baseAddress!.advanced(by: header.dataOffset)
            for i in 0..<samples.count {
                samples[i] = Int16(littleEndian: start.loadUnaligned(fromByteOffset: i * 2, as: Int16.self))
            }
        }
        self.init(sampleRate: header.sampleRate, channels: header.channels, samples: samples)
    }

    public var frameCount: Int { channels > 0 ? samples.count / channels : 0 }

    /// Seconds of audio.
    public var duration: Double { sampleRate > 0 ? Double(frameCount) / Double(sampleRate) : 0 }

    /// A WAV file of these samples (44-byte header).
    public func encoded() -> Data {
        var out = Data(capacity: 44 + samples.count * 2)
        let dataBytes = samples.count * 2
        out.append(contentsOf: Array("RIFF".utf8)); append32(&out, 36 + dataBytes)
        out.append(contentsOf: Array("WAVEfmt ".utf8)); append32(&out, 16)
        append16(&out, 1); append16(&out, channels); append32(&out, sampleRate)
        append32(&out, sampleRate * channels * 2); append16(&out, channels * 2); append16(&out, 16)
        out.append(contentsOf: Array("data".utf8)); append32(&out, dataBytes)
        samples.withUnsafeBytes { raw in
            if Int16(littleEndian: 1) == 1 { out.append(contentsOf: raw) } else {
                for s in samples { append16(&out, Int(UInt16(bitPattern: s))) }
            }
        }
        return out
    }

    /// The same audio as 16 kHz mono: channels averaged, the rate lowered by linear
    /// interpolation (a rate at or under 16 kHz is kept). What Whisper hears anyway.
    public func downmixedTo16kMono() -> WAVAudio {
        let frames = frameCount
        var mono = [Double](repeating: 0, count: frames)
        for f in 0..<frames {
            var sum = 0
            for c in 0..<channels { sum += Int(samples[f * channels + c]) }
            mono[f] = Double(sum) / Double(channels)
        }
        let target = min(sampleRate, 16_000)
        guard target < sampleRate, frames > 1 else {
            return WAVAudio(sampleRate: sampleRate, channels: 1, samples: mono.map { Int16($0.rounded()) })
        }
        let step = Double(sampleRate) / Double(target)
        let count = Int(Double(frames - 1) / step) + 1
        var out = [Int16](repeating: 0, count: count)
        for i in 0..<count {
            let position = Double(i) * step
            let j = Int(position)
            let fraction = position - Double(j)
            let next = j + 1 < frames ? mono[j + 1] : mono[j]
            out[i] = Int16((mono[j] * (1 - fraction) + next * fraction).rounded())
        }
        return WAVAudio(sampleRate: target, channels: 1, samples: out)
    }

    /// Below this RMS level (about −40 dBFS) every tenth of a second, nothing was said.
    public static let silenceThreshold = 0.01

    /// No tenth of a second is louder than `silenceThreshold`: a muted microphone, an empty room.
    public var isSilent: Bool { peakLevel < Self.silenceThreshold }

    /// The loudest tenth of a second's RMS level, 0…1.
    public var peakLevel: Double {
        let window = max(1, sampleRate / 10) * max(1, channels)
        var peak = 0.0
        var start = 0
        while start < samples.count {
            let end = min(samples.count, start + window)
            peak = max(peak, Self.rms(samples[start..<end]))
            start = end
        }
        return peak
    }

    /// The RMS level, 0…1, of little-endian 16-bit samples (raw bytes off a recorder: a
    /// trailing odd byte is left out). For a level meter.
    public static func level(of pcm16: some Collection<UInt8>) -> Double {
        var sum = 0.0
        var count = 0
        var low: UInt8?
        for byte in pcm16 {
            if let first = low {
                let value = Double(Int16(bitPattern: UInt16(first) | UInt16(byte) << 8))
                sum += value * value
                count += 1
                low = nil
            } else {
                low = byte
            }
        }
        return count == 0 ? 0 : min(1, (sum / Double(count)).squareRoot() / 32768)
    }

    static func rms(_ samples: ArraySlice<Int16>) -> Double {
        guard !samples.isEmpty else { return 0 }
        var sum = 0.0
        for s in samples { sum += Double(s) * Double(s) }
        return min(1, (sum / Double(samples.count)).squareRoot() / 32768)
    }
}

/// Little-endian reads at offsets from the start of a `Data` (which may be a slice).
private struct Bytes {
    let data: Data
    var count: Int { data.count }
    func byte(_ i: Int) -> UInt8 { data[data.startIndex + i] }
    func le16(_ i: Int) -> UInt16 { UInt16(byte(i)) | UInt16(byte(i + 1)) << 8 }
    func le32(_ i: Int) -> UInt32 { UInt32(le16(i)) | UInt32(le16(i + 2)) << 16 }
    func matches(_ text: String, at i: Int) -> Bool {
        i + 4 <= count && text.utf8.enumerated().allSatisfy { byte(i + $0.offset) == $0.element }
    }
}

private func append16(_ out: inout Data, _ v: Int) { out.append(UInt8(v & 0xFF)); out.append(UInt8((v >> 8) & 0xFF)) }
private func append32(_ out: inout Data, _ v: Int) { for shift in [0, 8, 16, 24] { out.append(UInt8((v >> shift) & 0xFF)) } }
