import Foundation

/// Audio made ready for `POST …/audio/transcriptions`: the format checked, silence caught
/// before any request, a WAV over the size limit made 16 kHz mono.
public struct AudioUpload: Sendable, Equatable {
    public var data: Data
    public var fileName: String
    public var contentType: String
    /// Seconds, for a WAV (nil for the compressed formats, which are not decoded here).
    public var duration: Double?

    /// OpenAI's limit for one file; Groq's free tier and most local servers take at least as much.
    public static let sizeLimit = 25 * 1024 * 1024

    /// The formats the API takes, by extension, with their content types.
    static let formats: [(ext: String, type: String)] = [
        ("wav", "audio/wav"), ("mp3", "audio/mpeg"), ("mpga", "audio/mpeg"), ("mpeg", "audio/mpeg"),
        ("m4a", "audio/mp4"), ("mp4", "audio/mp4"), ("ogg", "audio/ogg"), ("oga", "audio/ogg"),
        ("opus", "audio/ogg"), ("webm", "audio/webm"), ("flac", "audio/flac"),
    ]

    /// Checks and, where needed, converts `data`. Throws `Transcriber.nothingHeard` for a silent
    /// WAV, and a `ProviderError` saying what is wrong for a file the API would refuse.
    public static func prepare(_ data: Data, fileName: String) throws -> AudioUpload {
        var name = (fileName as NSString).lastPathComponent
        if name.isEmpty { name = "audio" }
        let ext = (name as NSString).pathExtension.lowercased()
        // The first bytes decide; an MP3 or MP4 may start otherwise, so their extensions count too.
        guard let kind = sniff(data) ?? (["mp3", "mpga", "mpeg", "m4a", "mp4"].contains(ext) ? ext : nil) else {
            throw ProviderError(.badRequest, "\(name) is not audio the transcription API takes.",
                                suggestion: "Use a WAV, MP3, M4A, OGG, WebM or FLAC file.")
        }
        let type = formats.first { $0.ext == kind }!.type
        // OpenAI tells the format by the file name's extension.
        let sameType = formats.first { $0.ext == ext }?.type == type
        if !sameType { name += "." + kind }
        guard kind == "wav", let wav = try? WAVAudio(data: data) else {
            if data.count > sizeLimit { throw tooLarge(name, bytes: data.count) }
            return AudioUpload(data: data, fileName: name, contentType: type)
        }
        if wav.isSilent { throw Transcriber.nothingHeard }
        var upload = AudioUpload(data: data, fileName: name, contentType: type, duration: wav.duration)
        if data.count > sizeLimit, wav.sampleRate > 16_000 || wav.channels > 1 {
            upload.data = wav.downmixedTo16kMono().encoded()
        }
        if upload.data.count > sizeLimit {
            throw tooLarge(name, bytes: upload.data.count, converted: upload.data.count != data.count)
        }
        return upload
    }

    /// The format by the file's first bytes: "wav", "mp3", "m4a", "ogg", "webm", "flac".
    static func sniff(_ data: Data) -> String? {
        let b = [UInt8](data.prefix(12))
        func starts(_ text: String, at offset: Int = 0) -> Bool {
            let t = Array(text.utf8)
            return b.count >= offset + t.count && Array(b[offset..<offset + t.count]) == t
        }
        if starts("RIFF"), starts("WAVE", at: 8) { return "wav" }
        if starts("ID3") || (b.count >= 2 && b[0] == 0xFF && b[1] & 0xE0 == 0xE0) { return "mp3" }
        if starts("ftyp", at: 4) { return "m4a" }
        if starts("OggS") { return "ogg" }
        if b.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return "webm" }
        if starts("fLaC") { return "flac" }
        return nil
    }

    static func tooLarge(_ name: String, bytes: Int, converted: Bool = false) -> ProviderError {
        let size = megabytes(bytes), limit = megabytes(sizeLimit)
        let what = converted ? "\(name) is \(size) even as 16 kHz mono" : "\(name) is \(size)"
        return ProviderError(.badRequest, "\(what), over the transcription limit of \(limit).",
                             suggestion: "Record a shorter message, or split or compress the file (for example to MP3).")
    }

    static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }
}
