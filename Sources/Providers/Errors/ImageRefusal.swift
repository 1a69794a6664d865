/// Recognizes a provider's "this model takes no images" in its error text, so the turn ends
/// with a notice to pick a model that sees rather than a generic failure (and no retry: a
/// server error of llama.cpp or Ollama would otherwise be asked again).
public enum ImageRefusal {
    /// What the providers say (seen in their answers):
    /// OpenAI "Invalid content type. image_url is only supported by certain models.";
    /// Gemini "Image input modality is not enabled for models/…";
    /// Ollama "… this model is missing data required for image input";
    /// llama.cpp "image input is not supported - hint: … you may need to provide the mmproj";
    /// DeepSeek's Anthropic-format endpoint "unknown variant `image`, expected one of `text`, …";
    /// others "does not support images" / "vision".
    static let phrases = [
        "image_url is only supported", "image input modality is not enabled", "missing data required for image input",
        "image input is not supported", "does not support image", "doesn't support image", "not support vision",
        "images are not supported", "image inputs are not supported", "unknown variant `image`",
        "image blocks are not supported",
    ]

    public static func matches(_ message: String) -> Bool {
        let lower = message.lowercased()
        return phrases.contains { lower.contains($0) }
    }
}
