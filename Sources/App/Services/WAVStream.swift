import Foundation
import Providers

/// A recorder's WAV output as it arrives: the header found with `WAVAudio.header` (a pipe's
/// RIFF and `data` sizes of 0 or 0xFFFFFFFF mean "to the end"), the bytes kept, and the level
/// of each ~100 ms for the meter; at the end the whole as `WAVAudio`, for silence and upload.
struct WAVStream {
    private(set) var header: WAVAudio.Header?
    private(set) var failure: WAVAudio.Problem?
    /// Everything that came, header included (`WAVAudio(data:)` reads a stream's bytes so far).
    private(set) var bytes = Data()
    /// Bytes of samples already measured by `levels`.
    private var measured = 0

    /// Sample bytes so far (a `data` size the header gave is not passed).
    var sampleBytes: Int {
        guard let header else { return 0 }
        let available = bytes.count - header.dataOffset
        return min(header.dataLength ?? available, available)
    }

    var seconds: Double {
        guard let header, header.sampleRate > 0, header.channels > 0 else { return 0 }
        return Double(sampleBytes / (2 * header.channels)) / Double(header.sampleRate)
    }

    mutating func feed(_ chunk: some Collection<UInt8>) {
        guard failure == nil else { return }
        bytes.append(contentsOf: chunk)
        guard header == nil else { return }
        do {
            guard let found = try WAVAudio.header(bytes) else { return }
            guard found.isPCM16 else { failure = .unsupported(formatTag: found.formatTag, bitsPerSample: found.bitsPerSample); return }
            header = found
        } catch {
            failure = error
        }
    }

    /// The level of each whole ~100 ms that came since the last call, 0…1 on a −60…0 dBFS
    /// scale (a meter moves with speech, which RMS alone shows as a flicker at the bottom);
    /// the newest `limit`.
    mutating func levels(limit: Int) -> [Double] {
        guard let header else { return [] }
        let block = max(1, header.sampleRate / 10) * max(1, header.channels) * 2
        var found: [Double] = []
        while sampleBytes - measured >= block {
            let start = header.dataOffset + measured
            let rms = WAVAudio.level(of: bytes[start..<(start + block)])
            found.append(rms > 0 ? min(1, max(0, (20 * log10(rms) + 60) / 60)) : 0)
            measured += block
        }
        return Array(found.suffix(limit))
    }

    /// The recording, read whole (nil before a header).
    var audio: WAVAudio? { header == nil ? nil : try? WAVAudio(data: bytes) }
}
