import Foundation
import Providers

/// A recorder's WAV output as it arrives: the header found with `WAVAudio.header` (a pipe's
/// RIFF and `data` sizes of 0 or 0xFFFFFFFF mean "to the end"), the bytes kept — never past
/// a `data` size the header gave — the level of each ~100 ms for the meter, and the loudest
/// of them, so the end needs neither a decode nor a second pass on the loop.
struct WAVStream {
    private(set) var header: WAVAudio.Header?
    private(set) var failure: WAVAudio.Problem?
    /// Everything that came, header included, up to the end of the samples the header stated.
    private(set) var bytes = Data()
    /// Bytes of samples already measured by `levels`.
    private var measured = 0
    /// The loudest ~100 ms measured so far (RMS, 0…1).
    private(set) var peak = 0.0
    /// The seconds of audio kept at most (the recording's limit): what comes past them — a
    /// read can bring more than the rest of the limit — is dropped as past a stated size is.
    var maxSeconds: Int?

    /// The sample bytes kept at most: the `data` size the header gave, or the limit's, the smaller.
    private var sampleCap: Int? {
        guard let header else { return nil }
        let byLimit = maxSeconds.map { $0 * header.sampleRate * max(1, header.channels) * 2 }
        guard let stated = header.dataLength else { return byLimit }
        return byLimit.map { min($0, stated) } ?? stated
    }

    /// Sample bytes so far (a `data` size the header gave is not passed).
    var sampleBytes: Int {
        guard let header else { return 0 }
        let available = bytes.count - header.dataOffset
        return min(sampleCap ?? available, available)
    }

    var seconds: Double {
        guard let header, header.sampleRate > 0, header.channels > 0 else { return 0 }
        return Double(sampleBytes / (2 * header.channels)) / Double(header.sampleRate)
    }

    /// Every byte the header stated (or the limit allows) came: what the recorder writes after
    /// that is not audio of this file, and is not kept.
    private var isComplete: Bool {
        guard let length = sampleCap else { return false }
        return sampleBytes >= length
    }

    mutating func feed(_ chunk: some Collection<UInt8>) {
        guard failure == nil, !isComplete else { return }
        if let header, let length = sampleCap {
            bytes.append(contentsOf: chunk.prefix(header.dataOffset + length - bytes.count))
            return
        }
        bytes.append(contentsOf: chunk)
        guard header == nil else { return }
        do {
            guard let found = try WAVAudio.header(bytes) else { return }
            guard found.isPCM16 else { failure = .unsupported(formatTag: found.formatTag, bitsPerSample: found.bitsPerSample); return }
            header = found
            if let length = sampleCap, bytes.count > found.dataOffset + length {
                bytes.removeSubrange((found.dataOffset + length)...)
            }
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
            found.append(Self.meterLevel(measure(header.dataOffset + measured, count: block)))
            measured += block
        }
        return Array(found.suffix(limit))
    }

    /// The end: the last part-block measured too (for `peak`).
    mutating func measureRest() {
        guard let header, sampleBytes > measured else { return }
        _ = measure(header.dataOffset + measured, count: sampleBytes - measured)
        measured = sampleBytes
    }

    /// No ~100 ms was louder than `WAVAudio.silenceThreshold` (as `WAVAudio.isSilent` says).
    var isSilent: Bool { peak < WAVAudio.silenceThreshold }

    /// Whole frames of audio came.
    var hasAudio: Bool {
        guard let header else { return false }
        return sampleBytes >= 2 * max(1, header.channels)
    }

    /// The recording as a WAV file: the bytes kept, cut to whole frames, with the RIFF and
    /// `data` sizes patched to what came (a pipe's header says 0 or 0xFFFFFFFF).
    var file: Data? {
        guard let header, hasAudio else { return nil }
        let frame = 2 * max(1, header.channels)
        let samples = sampleBytes / frame * frame
        var out = bytes.prefix(header.dataOffset + samples)
        Self.put32(&out, at: 4, out.count - 8)
        Self.put32(&out, at: header.dataOffset - 4, samples)
        return Data(out)
    }

    private mutating func measure(_ start: Int, count: Int) -> Double {
        let rms = WAVAudio.level(of: bytes[start..<(start + count)])
        peak = max(peak, rms)
        return rms
    }

    private static func meterLevel(_ rms: Double) -> Double {
        rms > 0 ? min(1, max(0, (20 * log10(rms) + 60) / 60)) : 0
    }

    private static func put32(_ data: inout Data, at offset: Int, _ value: Int) {
        let start = data.startIndex + offset
        for i in 0..<4 { data[start + i] = UInt8(truncatingIfNeeded: value >> (8 * i)) }
    }
}
