// Gemini streamGenerateContent?alt=sse streams in the shapes of the API reference.

enum GeminiFixtures {
    static let text = #"""
data: {"candidates": [{"content": {"parts": [{"text": "Hello"}],"role": "model"},"index": 0}],"usageMetadata": {"promptTokenCount": 8,"totalTokenCount": 8,"promptTokensDetails": [{"modality": "TEXT","tokenCount": 8}]},"modelVersion": "gemini-2.5-flash","responseId": "abc"}

data: {"candidates": [{"content": {"parts": [{"text": ", wörld ☕"}],"role": "model"},"index": 0}],"usageMetadata": {"promptTokenCount": 8,"totalTokenCount": 8},"modelVersion": "gemini-2.5-flash","responseId": "abc"}

data: {"candidates": [{"content": {"parts": [{"text": "!"}],"role": "model"},"finishReason": "STOP","index": 0}],"usageMetadata": {"promptTokenCount": 8,"candidatesTokenCount": 12,"totalTokenCount": 40,"cachedContentTokenCount": 4,"thoughtsTokenCount": 20,"promptTokensDetails": [{"modality": "TEXT","tokenCount": 8}]},"modelVersion": "gemini-2.5-flash","responseId": "abc"}

"""#

    /// A thought summary, then two parallel function calls in one chunk.
    static let functionCalls = #"""
data: {"candidates": [{"content": {"parts": [{"text": "Need a task and the list.","thought": true}],"role": "model"},"index": 0}],"usageMetadata": {"promptTokenCount": 120,"totalTokenCount": 120},"modelVersion": "gemini-2.5-pro"}

data: {"candidates": [{"content": {"parts": [{"functionCall": {"name": "create_task","args": {"title": "Buy \"oat\" milk ☕","due": "2025-05-02"}}},{"functionCall": {"name": "list_tasks","args": {}}}],"role": "model"},"finishReason": "STOP","index": 0}],"usageMetadata": {"promptTokenCount": 120,"candidatesTokenCount": 30,"totalTokenCount": 150},"modelVersion": "gemini-2.5-pro"}

"""#

    static let maxTokens = #"""
data: {"candidates": [{"content": {"parts": [{"text": "Once upon"}],"role": "model"},"finishReason": "MAX_TOKENS","index": 0}],"usageMetadata": {"promptTokenCount": 3,"candidatesTokenCount": 2,"totalTokenCount": 5}}

"""#

    static let error400Key = #"""
{
  "error": {
    "code": 400,
    "message": "API key not valid. Please pass a valid API key.",
    "status": "INVALID_ARGUMENT",
    "details": [
      {
        "@type": "type.googleapis.com/google.rpc.ErrorInfo",
        "reason": "API_KEY_INVALID",
        "domain": "googleapis.com",
        "metadata": {"service": "generativelanguage.googleapis.com"}
      }
    ]
  }
}
"""#
    static let error429 = #"""
{
  "error": {
    "code": 429,
    "message": "You exceeded your current quota, please check your plan and billing details.",
    "status": "RESOURCE_EXHAUSTED",
    "details": [
      {"@type": "type.googleapis.com/google.rpc.QuotaFailure", "violations": [{"quotaMetric": "generativelanguage.googleapis.com/generate_content_free_tier_requests", "quotaId": "GenerateRequestsPerMinutePerProjectPerModel-FreeTier"}]},
      {"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "37s"}
    ]
  }
}
"""#
    static let error403 = #"{"error": {"code": 403, "message": "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.", "status": "PERMISSION_DENIED"}}"#
    static let error400 = #"{"error": {"code": 400, "message": "Invalid JSON payload received. Unknown name \"additionalProperties\" at 'tools[0].function_declarations[0].parameters': Cannot find field.", "status": "INVALID_ARGUMENT"}}"#
    static let error404 = #"{"error": {"code": 404, "message": "models/gemini-9 is not found for API version v1beta, or is not supported for generateContent.", "status": "NOT_FOUND"}}"#
    static let error500 = #"{"error": {"code": 500, "message": "An internal error has occurred.", "status": "INTERNAL"}}"#
    static let error503 = #"{"error": {"code": 503, "message": "The model is overloaded. Please try again later.", "status": "UNAVAILABLE"}}"#
}
