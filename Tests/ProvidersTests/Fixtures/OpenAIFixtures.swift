// Recorded shapes of OpenAI Chat Completions streams (as in the API reference's streaming
// examples, with `stream_options.include_usage`), and of compatible servers.

enum OpenAIFixtures {
    static let text = #"""
data: {"id":"chatcmpl-123","object":"chat.completion.chunk","created":1694268190,"model":"gpt-4o-mini-2024-07-18","system_fingerprint":"fp_44709d6fcb","choices":[{"index":0,"delta":{"role":"assistant","content":"","refusal":null},"logprobs":null,"finish_reason":null}],"usage":null}

data: {"id":"chatcmpl-123","object":"chat.completion.chunk","created":1694268190,"model":"gpt-4o-mini-2024-07-18","system_fingerprint":"fp_44709d6fcb","choices":[{"index":0,"delta":{"content":"Hello"},"logprobs":null,"finish_reason":null}],"usage":null}

data: {"id":"chatcmpl-123","object":"chat.completion.chunk","created":1694268190,"model":"gpt-4o-mini-2024-07-18","system_fingerprint":"fp_44709d6fcb","choices":[{"index":0,"delta":{"content":", wörld ☕"},"logprobs":null,"finish_reason":null}],"usage":null}

data: {"id":"chatcmpl-123","object":"chat.completion.chunk","created":1694268190,"model":"gpt-4o-mini-2024-07-18","system_fingerprint":"fp_44709d6fcb","choices":[{"index":0,"delta":{"content":" \u00e9\ud83d\ude00\n"},"logprobs":null,"finish_reason":null}],"usage":null}

data: {"id":"chatcmpl-123","object":"chat.completion.chunk","created":1694268190,"model":"gpt-4o-mini-2024-07-18","system_fingerprint":"fp_44709d6fcb","choices":[{"index":0,"delta":{},"logprobs":null,"finish_reason":"stop"}],"usage":null}

data: {"id":"chatcmpl-123","object":"chat.completion.chunk","created":1694268190,"model":"gpt-4o-mini-2024-07-18","system_fingerprint":"fp_44709d6fcb","choices":[],"usage":{"prompt_tokens":9,"completion_tokens":12,"total_tokens":21,"prompt_tokens_details":{"cached_tokens":0,"audio_tokens":0},"completion_tokens_details":{"reasoning_tokens":0,"audio_tokens":0,"accepted_prediction_tokens":0,"rejected_prediction_tokens":0}}}

data: [DONE]

"""#

    /// Two parallel calls. Call 0's arguments `{"title":"Buy \"oat\" milk ☕ e\u0301","due":"2025-05-02"}`
    /// are split inside the `\"` escape and inside the `\u0301` escape; call 1's split between the
    /// scalars of 👍🏽. The fragments of the two calls interleave.
    static let parallelToolCalls = #"""
data: {"id":"chatcmpl-9","object":"chat.completion.chunk","created":1727000000,"model":"gpt-4.1-2025-04-14","system_fingerprint":"fp_1","choices":[{"index":0,"delta":{"role":"assistant","content":null,"tool_calls":[{"index":0,"id":"call_DdmO9pD3xa9XTPNJ32zg2hcA","type":"function","function":{"name":"create_task","arguments":""}}],"refusal":null},"logprobs":null,"finish_reason":null}],"usage":null}

data: {"id":"chatcmpl-9","object":"chat.completion.chunk","created":1727000000,"model":"gpt-4.1-2025-04-14","system_fingerprint":"fp_1","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"ti"}}]},"logprobs":null,"finish_reason":null}],"usage":null}

data: {"id":"chatcmpl-9","object":"chat.completion.chunk","created":1727000000,"model":"gpt-4.1-2025-04-14","system_fingerprint":"fp_1","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"tle\":\"Buy \\"}}]},"logprobs":null,"finish_reason":null}],"usage":null}

data: {"id":"chatcmpl-9","object":"chat.completion.chunk","created":1727000000,"model":"gpt-4.1-2025-04-14","system_fingerprint":"fp_1","choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"call_XxA6rzLQxGZ3Lq2jUw0Vxkqa","type":"function","function":{"name":"list_tasks","arguments":"{\"filter\":\"\ud83d\udc4d"}}]},"logprobs":null,"finish_reason":null}],"usage":null}

data: {"id":"chatcmpl-9","object":"chat.completion.chunk","created":1727000000,"model":"gpt-4.1-2025-04-14","system_fingerprint":"fp_1","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\"oat\\\" milk ☕ e\\u03"}}]},"logprobs":null,"finish_reason":null}],"usage":null}

data: {"id":"chatcmpl-9","object":"chat.completion.chunk","created":1727000000,"model":"gpt-4.1-2025-04-14","system_fingerprint":"fp_1","choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"function":{"arguments":"🏽\"}"}}]},"logprobs":null,"finish_reason":null}],"usage":null}

data: {"id":"chatcmpl-9","object":"chat.completion.chunk","created":1727000000,"model":"gpt-4.1-2025-04-14","system_fingerprint":"fp_1","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"01\",\"due\":\"2025-05-02\"}"}}]},"logprobs":null,"finish_reason":null}],"usage":null}

data: {"id":"chatcmpl-9","object":"chat.completion.chunk","created":1727000000,"model":"gpt-4.1-2025-04-14","system_fingerprint":"fp_1","choices":[{"index":0,"delta":{},"logprobs":null,"finish_reason":"tool_calls"}],"usage":null}

data: {"id":"chatcmpl-9","object":"chat.completion.chunk","created":1727000000,"model":"gpt-4.1-2025-04-14","system_fingerprint":"fp_1","choices":[],"usage":{"prompt_tokens":90,"completion_tokens":40,"total_tokens":130,"prompt_tokens_details":{"cached_tokens":64,"audio_tokens":0},"completion_tokens_details":{"reasoning_tokens":16,"audio_tokens":0,"accepted_prediction_tokens":0,"rejected_prediction_tokens":0}}}

data: [DONE]

"""#

    /// llama-cpp-python with `--chat_format chatml-function-calling` and a named tool_choice:
    /// every chunk repeats id and name, sends explicit nulls, and carries the same text in a
    /// legacy `function_call` field too. No usage chunk.
    static let llamaCppPython = #"""
data: {"id":"chatcmpl-7f2c","object":"chat.completion.chunk","created":1730000000,"model":"smollm2","choices":[{"index":0,"finish_reason":null,"logprobs":null,"delta":{"role":"assistant","content":null,"function_call":{"name":"create_task","arguments":""},"tool_calls":[{"index":0,"id":"call__0_create_task_cmpl-7f2c","type":"function","function":{"name":"create_task","arguments":""}}]}}]}

data: {"id":"chatcmpl-7f2c","object":"chat.completion.chunk","created":1730000000,"model":"smollm2","choices":[{"index":0,"finish_reason":null,"logprobs":null,"delta":{"role":null,"content":null,"function_call":{"name":"create_task","arguments":"{\"title\": \"Bu"},"tool_calls":[{"index":0,"id":"call__0_create_task_cmpl-7f2c","type":"function","function":{"name":"create_task","arguments":"{\"title\": \"Bu"}}]}}]}

data: {"id":"chatcmpl-7f2c","object":"chat.completion.chunk","created":1730000000,"model":"smollm2","choices":[{"index":0,"finish_reason":null,"logprobs":null,"delta":{"role":null,"content":null,"function_call":{"name":"create_task","arguments":"y milk\"}"},"tool_calls":[{"index":0,"id":"call__0_create_task_cmpl-7f2c","type":"function","function":{"name":"create_task","arguments":"y milk\"}"}}]}}]}

data: {"id":"chatcmpl-7f2c","object":"chat.completion.chunk","created":1730000000,"model":"smollm2","choices":[{"index":0,"finish_reason":"tool_calls","logprobs":null,"delta":{"role":null,"content":null,"function_call":null,"tool_calls":null}}]}

data: [DONE]

"""#

    /// The pre-tools protocol: only `function_call`, finish reason `function_call`.
    static let legacyFunctionCall = #"""
data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":null,"function_call":{"name":"create_task","arguments":""}},"finish_reason":null}]}

data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"function_call":{"arguments":"{\"title\":"}},"finish_reason":null}]}

data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"function_call":{"arguments":"\"Tea\"}"}},"finish_reason":null}]}

data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"function_call"}]}

data: [DONE]

"""#

    /// DeepSeek / llama.cpp reasoning, then the answer, cut at max tokens.
    static let reasoning = #"""
data: {"id":"r1","object":"chat.completion.chunk","created":1,"model":"deepseek-reasoner","choices":[{"index":0,"delta":{"role":"assistant","content":null,"reasoning_content":"The user wants"},"logprobs":null,"finish_reason":null}]}

data: {"id":"r1","object":"chat.completion.chunk","created":1,"model":"deepseek-reasoner","choices":[{"index":0,"delta":{"content":null,"reasoning_content":" a greeting."},"logprobs":null,"finish_reason":null}]}

data: {"id":"r1","object":"chat.completion.chunk","created":1,"model":"deepseek-reasoner","choices":[{"index":0,"delta":{"content":"Hi","reasoning_content":null},"logprobs":null,"finish_reason":null}]}

data: {"id":"r1","object":"chat.completion.chunk","created":1,"model":"deepseek-reasoner","choices":[{"index":0,"delta":{"content":""},"logprobs":null,"finish_reason":"length"}],"usage":{"prompt_tokens":5,"completion_tokens":3,"total_tokens":8}}

data: [DONE]

"""#

    /// Servers that put every call at index 0 with a new id (and whole arguments).
    static let everyCallAtIndexZero = #"""
data: {"id":"o1","object":"chat.completion.chunk","created":1,"model":"llama3.2","choices":[{"index":0,"delta":{"role":"assistant","content":"","tool_calls":[{"index":0,"id":"call_a1","type":"function","function":{"name":"create_task","arguments":"{\"title\":\"A\"}"}}]},"finish_reason":null}]}

data: {"id":"o1","object":"chat.completion.chunk","created":1,"model":"llama3.2","choices":[{"index":0,"delta":{"role":"assistant","content":"","tool_calls":[{"index":0,"id":"call_b2","type":"function","function":{"name":"list_tasks","arguments":"{}"}}]},"finish_reason":null}]}

data: {"id":"o1","object":"chat.completion.chunk","created":1,"model":"llama3.2","choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":"tool_calls"}]}

data: [DONE]

"""#

    static let error401 = #"{"error": {"message": "Incorrect API key provided: sk-proj-********************abcd. You can find your API key at https://platform.openai.com/account/api-keys.", "type": "invalid_request_error", "param": null, "code": "invalid_api_key"}}"#
    static let error429Rate = #"{"error": {"message": "Rate limit reached for gpt-4o-mini in organization org-x on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 20s.", "type": "requests", "param": null, "code": "rate_limit_exceeded"}}"#
    static let error429Quota = #"{"error": {"message": "You exceeded your current quota, please check your plan and billing details.", "type": "insufficient_quota", "param": null, "code": "insufficient_quota"}}"#
    static let error400 = #"{"error": {"message": "Invalid 'messages[1].content': string too long.", "type": "invalid_request_error", "param": "messages[1].content", "code": "string_above_max_length"}}"#
    static let error500 = #"{"error": {"message": "The server had an error while processing your request. Sorry about that!", "type": "server_error", "param": null, "code": null}}"#
    static let error503 = #"{"error": {"message": "The engine is currently overloaded, please try again later.", "type": "server_error", "param": null, "code": null}}"#
    static let error403 = #"{"error": {"message": "Country, region, or territory not supported", "type": "request_forbidden", "param": null, "code": "unsupported_country_region_territory"}}"#
}
