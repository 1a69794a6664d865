import Foundation

/// A recorder's WAV output read as it arrives: the header (RIFF, `fmt `, chunks to `data`), then
/// 16-bit PCM samples. Recorders writing to a pipe cannot seek back to fill in the sizes, so a
/// RIFF or `data` size of 0 or 0xFFFFFFFF (or past what came) means "to the end of the stream".
struct WAVStream {
    enum Failure: Error, Equatable {
        /// Not RIFF/WAVE, or not 16-bit integer PCM.
        case notPCM16
    }
    private(set) var sampleRate = 16_000
    private(set) var channels = 1
    /// Mono samples (the channels' first), as they came.
    private(set) var samples: [Int16] = []
    /// The header was read: samples follow.
    private(set) var headerDone = false
    var sampleCount: Int { samples.count }
    private(set) var failure: Failure?
    private var pending: [UInt8] = []
    /// Bytes of `data` left when the header gave a real size; nil: to the end.
    private var dataLeft: Int?
    /// Samples not yet measured by `levels()`.
    private var measured = 0

    /// Samples in a level block: ~100 ms.
    var blockSamples: Int { max(1, sampleRate / 10) }
    var seconds: Double { Double(samples.count) / Double(sampleRate) }

    mutating func feed(_ bytes: some Collection<UInt8>) {
        guard failure == nil else { return }
        pending += bytes
        if !headerDone { readHeader() }
        guard headerDone else { return }
        var usable = pending.count
        if let left = dataLeft { usable = min(usable, left) }
        let frame = 2 * channels
        usable -= usable % frame
        guard usable > 0 else { return }
        samples.reserveCapacity(samples.count + usable / frame)
        pending.withUnsafeBufferPointer { p in
            var i = 0
            while i < usable {
                samples.append(Int16(bitPattern: UInt16(p[i]) | UInt16(p[i + 1]) << 8))
                i += frame
            }
        }
        pending.removeFirst(usable)
        if let left = dataLeft { dataLeft = left - usable }
        if dataLeft == 0 { pending = [] }
    }

    /// The level of each whole block of samples that came since the last call, 0…1 (silence to
    /// full scale on a −60…0 dBFS scale); at most `limit`, the newest.
    mutating func levels(limit: Int) -> [Double] {
        let block = blockSamples
        var found: [Double] = []
        while samples.count - measured >= block {
            found.append(Self.level(samples[measured..<(measured + block)]))
            measured += block
        }
        return Array(found.suffix(limit))
    }

    /// No block of ~100 ms rises above −46 dBFS (a quiet room's noise through a laptop's microphone
    /// stays under it; speech is −30 dBFS and up).
    var isSilent: Bool {
        let block = blockSamples
        var start = 0
        while start < samples.count {
            let end = min(samples.count, start + block)
            if Self.rms(samples[start..<end]) > 0.005 { return false }
            start = end
        }
        return true
    }

    /// The whole recording as a WAV file with its sizes filled in (mono, 16-bit), for the upload.
    var wavFile: Data {
        var out = Data(capacity: 44 + samples.count * 2)
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { out.append(contentsOf: $0) } }
        func u16(_ v: Int) { withUnsafeBytes(of: UInt16(v).littleEndian) { out.append(contentsOf: $0) } }
        out.append(contentsOf: Array("RIFF".utf8)); u32(36 + samples.count * 2)
        out.append(contentsOf: Array("WAVEfmt ".utf8)); u32(16); u16(1); u16(1); u32(sampleRate); u32(sampleRate * 2); u16(2); u16(16)
        out.append(contentsOf: Array("data".utf8)); u32(samples.count * 2)
        samples.withUnsafeBytes { raw in
            if Int16(littleEndian: 1) == 1 { out.append(contentsOf: raw) }
            else { for s in samples { withUnsafeBytes(of: s.littleEndian) { out.append(contentsOf: $0) } } }
        }
        return out
    }

    static func level(_ block: ArraySlice<Int16>) -> Double {
        let r = rms(block)
        guard r > 0 else { return 0 }
        return min(1, max(0, (20 * log10(r) + 60) / 60))
    }

    private static func rms(_ block: ArraySlice<Int16>) -> Double {
        guard !block.isEmpty else { return 0 }
        var sum = 0.0
        for s in block { let v = Double(s) / 32768; sum += v * v }
        return (sum / Double(block.count)).squareRoot()
    }

    private mutating func readHeader() {
        guard pending.count >= 12 else { return }
        guard pending[0..<4].elementsEqual("RIFF".utf8), pending[8..<12].elementsEqual("WAVE".utf8) else { failure = .notPCM16; return }
        var at = 12
        var formatSeen = false
        while pending.count >= at + 8 {
            let id = String(decoding: pending[at..<(at + 4)], as: UTF8.self)
            let size = Int(u32(at + 4))
            if id == "data" {
                guard formatSeen else { failure = .notPCM16; return }
                // 0 or 0xFFFFFFFF (and a size past a streamed end) mean "to the end".
                dataLeft = size == 0 || size >= 0x7FFF_FFFF ? nil : size
                pending.removeFirst(at + 8)
                headerDone = true
                return
            }
            let padded = size + size % 2
            guard pending.count >= at + 8 + padded else { return }   // the chunk's end has not come yet
            if id == "fmt " {
                guard size >= 16 else { failure = .notPCM16; return }
                let format = u16(at + 8), bits = u16(at + 22)
                // 1: PCM; 0xFFFE: WAVE_FORMAT_EXTENSIBLE (its subformat checked as PCM).
                let pcm = format == 1 || (format == 0xFFFE && size >= 26 && u16(at + 32) == 1)
                guard pcm, bits == 16, u16(at + 10) > 0 else { failure = .notPCM16; return }
                channels = Int(u16(at + 10))
                sampleRate = max(1, Int(u32(at + 12)))
                formatSeen = true
            }
            at += 8 + padded
            guard at < 1 << 20 else { failure = .notPCM16; return }   // no header is that long
        }
    }

    private func u16(_ at: Int) -> UInt16 { UInt16(pending[at]) | UInt16(pending[at + 1]) << 8 }
    private func u32(_ at: Int) -> UInt32 { UInt32(u16(at)) | UInt32(u16(at + 2)) << 16 }
}
