"""The providers' wire formats, as their official API references show them.

Each format turns a scripted `Reply` into the pieces of a streamed body (one event or line
each), a whole non-streamed answer, an error body, and the lists of models.
"""

import json
import time

from peer_scripts import fragments

CREATED = 1735689600  # a fixed time keeps the streams reproducible


def dumps(value) -> str:
    return json.dumps(value, ensure_ascii=False)


def sse(data, event=None, end="\n") -> bytes:
    """One server-sent event; `end` is the line ending (Gemini sends CRLF)."""
    head = f"event: {event}{end}" if event else ""
    text = data if isinstance(data, str) else dumps(data)
    return f"{head}data: {text}{end}{end}".encode()


class OpenAI:
    content_type = "text/event-stream"
    errors = {
        400: ("invalid_request_error", "invalid_value", "Invalid value for 'messages': the loopback server was asked to fail."),
        401: ("invalid_request_error", "invalid_api_key", "Incorrect API key provided: sk-****. You can find your API key at https://platform.openai.com/account/api-keys."),
        403: ("invalid_request_error", "unsupported_country_region_territory", "Country, region, or territory not supported"),
        404: ("invalid_request_error", "model_not_found", "The model does not exist or you do not have access to it."),
        429: ("requests", "rate_limit_exceeded", "Rate limit reached for requests. Please try again in 1s."),
        500: ("server_error", None, "The server had an error while processing your request. Sorry about that!"),
        503: ("server_error", None, "The engine is currently overloaded, please try again later."),
    }

    def __init__(self, body: dict):
        self.model = body.get("model") or "gpt-4o-mini"
        self.include_usage = bool((body.get("stream_options") or {}).get("include_usage"))

    def chunk(self, delta=None, finish=None, usage=None, choices=True) -> dict:
        value = {"id": "chatcmpl-loopback", "object": "chat.completion.chunk", "created": CREATED,
                 "model": self.model, "service_tier": "default", "system_fingerprint": "fp_loopback",
                 "choices": [{"index": 0, "delta": delta or {}, "logprobs": None, "finish_reason": finish}] if choices else []}
        if self.include_usage:
            value["usage"] = usage
        return value

    def usage(self, reply) -> dict:
        return {"prompt_tokens": reply.input_tokens, "completion_tokens": reply.output_tokens,
                "total_tokens": reply.input_tokens + reply.output_tokens,
                "prompt_tokens_details": {"cached_tokens": 0, "audio_tokens": 0},
                "completion_tokens_details": {"reasoning_tokens": 0, "audio_tokens": 0,
                                              "accepted_prediction_tokens": 0, "rejected_prediction_tokens": 0}}

    def stream(self, reply) -> list:
        pieces = [sse(self.chunk({"role": "assistant", "content": "" if reply.text else None, "refusal": None}))]
        pieces += [sse(self.chunk({"content": token})) for token in reply.text]
        for index, call in enumerate(reply.tool_calls):
            start = {"index": index, "id": call.id, "type": "function", "function": {"name": call.name, "arguments": ""}}
            pieces.append(sse(self.chunk({"tool_calls": [start]})))
            pieces += [sse(self.chunk({"tool_calls": [{"index": index, "function": {"arguments": part}}]}))
                       for part in fragments(call.arguments_json)]
        pieces.append(sse(self.chunk({}, finish="tool_calls" if reply.tool_calls else "stop")))
        if self.include_usage:
            pieces.append(sse(self.chunk(usage=self.usage(reply), choices=False)))
        pieces.append(sse("[DONE]"))
        return pieces

    def complete(self, reply) -> dict:
        message = {"role": "assistant", "content": "".join(reply.text) or None, "refusal": None, "annotations": []}
        if reply.tool_calls:
            message["tool_calls"] = [{"id": c.id, "type": "function",
                                      "function": {"name": c.name, "arguments": c.arguments_json}}
                                     for c in reply.tool_calls]
        return {"id": "chatcmpl-loopback", "object": "chat.completion", "created": CREATED, "model": self.model,
                "choices": [{"index": 0, "message": message, "logprobs": None,
                             "finish_reason": "tool_calls" if reply.tool_calls else "stop"}],
                "usage": self.usage(reply), "service_tier": "default", "system_fingerprint": "fp_loopback"}

    @classmethod
    def error(cls, status: int) -> dict:
        kind, code, message = cls.errors.get(status, cls.errors[500 if status >= 500 else 400])
        return {"error": {"message": message, "type": kind, "param": None, "code": code}}

    def midstream_error(self) -> bytes:
        return sse({"error": {"message": "The server is overloaded.", "type": "server_error", "param": None, "code": None}})

    @staticmethod
    def models() -> dict:
        return {"object": "list", "data": [{"id": m, "object": "model", "created": CREATED, "owned_by": "system"}
                                           for m in ("gpt-4o-mini", "gpt-4.1", "o4-mini")]}


class Anthropic:
    content_type = "text/event-stream"
    errors = {400: ("invalid_request_error", "messages: the loopback server was asked to fail"),
              401: ("authentication_error", "invalid x-api-key"),
              403: ("permission_error", "Your API key does not have permission to use the specified resource."),
              404: ("not_found_error", "The requested resource could not be found."),
              413: ("request_too_large", "Request exceeds the maximum allowed number of bytes."),
              429: ("rate_limit_error", "Number of requests has exceeded your per-minute rate limit."),
              500: ("api_error", "Internal server error"),
              529: ("overloaded_error", "Overloaded")}

    def __init__(self, body: dict):
        self.model = body.get("model") or "claude-sonnet-4-5"

    @staticmethod
    def event(name: str, data: dict) -> bytes:
        return sse({"type": name, **data}, event=name)

    def blocks(self, reply) -> list:
        """(content block, deltas) per block, in order: thinking, text, tool uses."""
        blocks = []
        if reply.thinking:
            deltas = [{"type": "thinking_delta", "thinking": t} for t in reply.thinking]
            deltas.append({"type": "signature_delta", "signature": "EqQBCgIYAhIMloopbacksignature"})
            blocks.append(({"type": "thinking", "thinking": ""}, deltas))
        if reply.text:
            blocks.append(({"type": "text", "text": ""}, [{"type": "text_delta", "text": t} for t in reply.text]))
        for call in reply.tool_calls:
            deltas = [{"type": "input_json_delta", "partial_json": ""}]
            deltas += [{"type": "input_json_delta", "partial_json": part} for part in fragments(call.arguments_json)]
            blocks.append(({"type": "tool_use", "id": call.id, "name": call.name, "input": {}}, deltas))
        return blocks

    def message(self, reply, content, stop_reason, output_tokens) -> dict:
        return {"id": "msg_loopback", "type": "message", "role": "assistant", "model": self.model,
                "content": content, "stop_reason": stop_reason, "stop_sequence": None,
                "usage": {"input_tokens": reply.input_tokens, "cache_creation_input_tokens": 0,
                          "cache_read_input_tokens": 0, "output_tokens": output_tokens}}

    def stop_reason(self, reply) -> str:
        return "tool_use" if reply.tool_calls else "end_turn"

    def stream(self, reply) -> list:
        pieces = [self.event("message_start", {"message": self.message(reply, [], None, 1)})]
        for index, (block, deltas) in enumerate(self.blocks(reply)):
            pieces.append(self.event("content_block_start", {"index": index, "content_block": block}))
            if index == 0:
                pieces.append(self.event("ping", {}))
            pieces += [self.event("content_block_delta", {"index": index, "delta": d}) for d in deltas]
            pieces.append(self.event("content_block_stop", {"index": index}))
        pieces.append(self.event("message_delta", {"delta": {"stop_reason": self.stop_reason(reply), "stop_sequence": None},
                                                   "usage": {"output_tokens": reply.output_tokens}}))
        pieces.append(self.event("message_stop", {}))
        return pieces

    def complete(self, reply) -> dict:
        content = []
        if reply.thinking:
            content.append({"type": "thinking", "thinking": "".join(reply.thinking), "signature": "EqQBloopback"})
        if reply.text:
            content.append({"type": "text", "text": "".join(reply.text)})
        content += [{"type": "tool_use", "id": c.id, "name": c.name, "input": c.arguments} for c in reply.tool_calls]
        return self.message(reply, content, self.stop_reason(reply), reply.output_tokens)

    @classmethod
    def error(cls, status: int) -> dict:
        kind, message = cls.errors.get(status, cls.errors[500 if status >= 500 else 400])
        return {"type": "error", "error": {"type": kind, "message": message}, "request_id": "req_loopback"}

    def midstream_error(self) -> bytes:
        return self.event("error", {"error": {"details": None, "type": "overloaded_error", "message": "Overloaded"}})

    @staticmethod
    def models() -> dict:
        ids = [("claude-sonnet-4-5-20250929", "Claude Sonnet 4.5"), ("claude-haiku-4-5-20251001", "Claude Haiku 4.5")]
        data = [{"type": "model", "id": i, "display_name": n, "created_at": "2025-09-29T00:00:00Z"} for i, n in ids]
        return {"data": data, "has_more": False, "first_id": ids[0][0], "last_id": ids[-1][0]}


class Gemini:
    content_type = "text/event-stream"
    statuses = {400: "INVALID_ARGUMENT", 401: "UNAUTHENTICATED", 403: "PERMISSION_DENIED", 404: "NOT_FOUND",
                429: "RESOURCE_EXHAUSTED", 500: "INTERNAL", 503: "UNAVAILABLE", 529: "UNAVAILABLE"}

    def __init__(self, body: dict, model: str):
        self.model = model or "gemini-2.5-flash"

    def response(self, parts, reply, finish=None) -> dict:
        candidate = {"content": {"parts": parts, "role": "model"}, "index": 0}
        usage = {"promptTokenCount": reply.input_tokens, "totalTokenCount": reply.input_tokens}
        if finish:
            candidate["finishReason"] = finish
            usage = {"promptTokenCount": reply.input_tokens, "candidatesTokenCount": reply.output_tokens,
                     "totalTokenCount": reply.input_tokens + reply.output_tokens,
                     "promptTokensDetails": [{"modality": "TEXT", "tokenCount": reply.input_tokens}]}
        return {"candidates": [candidate], "usageMetadata": usage, "modelVersion": self.model, "responseId": "loopback"}

    def parts(self, reply) -> list:
        parts = [{"text": t, "thought": True} for t in reply.thinking] + [{"text": t} for t in reply.text]
        return parts + [{"functionCall": {"name": c.name, "args": c.arguments}} for c in reply.tool_calls]

    def stream(self, reply) -> list:
        # Gemini ends its lines with CRLF; function calls come whole, with the finish reason.
        parts = self.parts(reply)
        calls = [p for p in parts if "functionCall" in p]
        texts = [p for p in parts if "functionCall" not in p]
        if calls:
            responses = [self.response([p], reply) for p in texts] + [self.response(calls, reply, finish="STOP")]
        else:
            texts = texts or [{"text": ""}]
            responses = [self.response([p], reply) for p in texts[:-1]]
            responses.append(self.response([texts[-1]], reply, finish="STOP"))
        return [sse(r, end="\r\n") for r in responses]

    def complete(self, reply) -> dict:
        return self.response(self.parts(reply), reply, finish="STOP")

    @classmethod
    def error(cls, status: int) -> dict:
        messages = {400: "API key not valid. Please pass a valid API key.", 429: "Resource has been exhausted (e.g. check quota).",
                    503: "The model is overloaded. Please try again later."}
        return {"error": {"code": status, "message": messages.get(status, f"The loopback server was asked to fail with {status}."),
                          "status": cls.statuses.get(status, "INTERNAL")}}

    def midstream_error(self) -> bytes:
        return sse(self.error(503), end="\r\n")

    @staticmethod
    def models() -> dict:
        names = [("gemini-2.5-flash", "Gemini 2.5 Flash"), ("gemini-2.5-pro", "Gemini 2.5 Pro")]
        return {"models": [{"name": f"models/{n}", "version": "001", "displayName": d, "description": d,
                            "inputTokenLimit": 1048576, "outputTokenLimit": 65536,
                            "supportedGenerationMethods": ["generateContent", "countTokens"]} for n, d in names]}


class Ollama:
    content_type = "application/x-ndjson"

    def __init__(self, body: dict):
        self.model = body.get("model") or "llama3.2"

    def line(self, message: dict, done=False, **extra) -> bytes:
        value = {"model": self.model, "created_at": "2025-01-01T00:00:00.000000Z",
                 "message": {"role": "assistant", "content": "", **message}, "done": done, **extra}
        return (dumps(value) + "\n").encode()

    def final(self, reply, message=None) -> bytes:
        return self.line(message or {}, done=True, done_reason="stop", total_duration=4883583458, load_duration=1334875,
                         prompt_eval_count=reply.input_tokens, prompt_eval_duration=342546000,
                         eval_count=reply.output_tokens, eval_duration=4535599000)

    def calls(self, reply) -> list:
        return [{"function": {"name": c.name, "arguments": c.arguments}} for c in reply.tool_calls]

    def stream(self, reply) -> list:
        pieces = [self.line({"thinking": t}) for t in reply.thinking]
        pieces += [self.line({"content": t}) for t in reply.text]
        if reply.tool_calls:
            pieces.append(self.line({"tool_calls": self.calls(reply)}))
        return pieces + [self.final(reply)]

    def complete(self, reply) -> dict:
        message = {"content": "".join(reply.text)}
        if reply.thinking:
            message["thinking"] = "".join(reply.thinking)
        if reply.tool_calls:
            message["tool_calls"] = self.calls(reply)
        return json.loads(self.final(reply, message))

    @staticmethod
    def error(status: int) -> dict:
        return {"error": f"the loopback server was asked to fail with {status}"}

    def midstream_error(self) -> bytes:
        return (dumps({"error": "server overloaded, please retry shortly"}) + "\n").encode()

    @staticmethod
    def models() -> dict:
        return {"models": [{"name": "llama3.2:latest", "model": "llama3.2:latest", "modified_at": "2025-01-01T00:00:00Z",
                            "size": 2019393189, "digest": "a80c4f17acd55265feec403c7aef86be0c25983ab279d83f3bcd3abbcb5b8b72",
                            "details": {"parent_model": "", "format": "gguf", "family": "llama", "families": ["llama"],
                                        "parameter_size": "3.2B", "quantization_level": "Q4_K_M"}}]}


class LlamaCpp:
    """llama.cpp server's raw `/completion`; a tool call comes as JSON text, as small local
    models print it."""
    content_type = "text/event-stream"

    def __init__(self, body: dict):
        self.model = "loopback.gguf"

    def tokens(self, reply) -> list:
        calls = [dumps({"name": c.name, "arguments": c.arguments}) for c in reply.tool_calls]
        return reply.text + [part for call in calls for part in fragments(call)]

    def final(self, reply) -> dict:
        return {"content": "", "stop": True, "id_slot": 0, "index": 0, "model": self.model,
                "tokens_predicted": reply.output_tokens, "tokens_evaluated": reply.input_tokens,
                "stop_type": "eos", "stopping_word": "", "tokens_cached": reply.input_tokens + reply.output_tokens,
                "timings": {"prompt_n": reply.input_tokens, "predicted_n": reply.output_tokens}}

    def stream(self, reply) -> list:
        pieces = [sse({"content": t, "stop": False, "id_slot": 0, "multimodal": False, "index": 0}) for t in self.tokens(reply)]
        return pieces + [sse(self.final(reply))]

    def complete(self, reply) -> dict:
        return {**self.final(reply), "content": "".join(self.tokens(reply))}

    @staticmethod
    def error(status: int) -> dict:
        kinds = {401: "authentication_error", 404: "not_found_error", 503: "unavailable_error"}
        return {"error": {"code": status, "message": f"the loopback server was asked to fail with {status}",
                          "type": kinds.get(status, "server_error" if status >= 500 else "invalid_request_error")}}

    def midstream_error(self) -> bytes:
        # llama.cpp names this field "error:", which event-stream parsers ignore.
        return ("error: " + dumps(self.error(500)["error"]) + "\n\n").encode()


# What each provider answers when the model cannot take images (their texts as seen in
# bug reports): status and body.
NO_VISION = {
    "openai": (400, {"error": {"message": "Invalid content type. image_url is only supported by certain models.",
                               "type": "invalid_request_error", "param": "messages.[0].content.[1].type",
                               "code": None}}),
    "anthropic": (400, {"type": "error", "error": {"type": "invalid_request_error", "message":
                        "messages[0].content: unknown variant `image`, expected one of `text`, `tool_use`, "
                        "`tool_result`, `thinking`"}}),
    "gemini": (400, {"error": {"code": 400, "message": "Image input modality is not enabled for models/gemini-loopback",
                               "status": "INVALID_ARGUMENT"}}),
    "ollama": (500, {"error": "Failed to create new sequence: failed to process inputs: "
                              "this model is missing data required for image input"}),
    "llamacpp": (500, {"error": {"code": 500, "message": "image input is not supported - hint: if this is unexpected, "
                                 "you may need to provide the mmproj", "type": "server_error"}}),
}
