"""What the loopback provider server answers: scenarios chosen by the request.

A scenario is named by the header `X-Script: <name>` or, when that is absent, by a tag
`[script:<name>]` in the last user message (so a person typing into the TUI can pick one).
Without either, the answer is the `text` scenario.

  text[:N]         the fixed sentence below (or its first N tokens, cycling); it holds
                   multibyte characters (é, ï, 日本語, 🙂, —) on purpose
  long:N[:RATE]    N tokens "t0 ", "t1 ", ... at RATE tokens per second (0 or none: full speed)
  tool             one call: get_weather {"city": "Zürich", "unit": "celsius"}
  tools2           two calls: get_weather as above, then get_time {"timezone": ..., "note": ...}
  thinking         a reasoning block (Anthropic thinking, shown as plain text elsewhere) then text
  echo             the last user message, word by word
"""

import json
import re
from dataclasses import dataclass, field

SENTENCE = ["Hello", " from", " the", " loopback", " server", ":", " café", ",", " naïve", ",",
            " 日本語", " and", " 🙂", " —", " all", " in", " one", " answer", "."]
THOUGHT = ["The", " user", " wants", " a", " scripted", " answer", "; ", "I", " will", " give", " it", "."]

WEATHER = ("get_weather", {"city": "Zürich", "unit": "celsius"})
# The escaped quotes and newline make the argument fragments split inside escape sequences.
TIME = ("get_time", {"timezone": "Europe/Zurich", "note": "say \"hi\"\n"})

TAG = re.compile(r"\[(script|fault):([^\]\s]+)\]")


@dataclass
class ToolCall:
    id: str
    name: str
    arguments: dict

    @property
    def arguments_json(self) -> str:
        return json.dumps(self.arguments, ensure_ascii=False)


@dataclass
class Reply:
    text: list = field(default_factory=list)
    thinking: list = field(default_factory=list)
    tool_calls: list = field(default_factory=list)
    interval: float = 0.0  # seconds between token events
    input_tokens: int = 0

    @property
    def output_tokens(self) -> int:
        return len(self.text) + len(self.thinking) + sum(len(fragments(c.arguments_json)) for c in self.tool_calls)

    def summary(self) -> dict:
        return {
            "text": "".join(self.text),
            "thinking": "".join(self.thinking),
            "tool_calls": [{"id": c.id, "name": c.name, "arguments": c.arguments} for c in self.tool_calls],
            "usage": {"input_tokens": self.input_tokens, "output_tokens": self.output_tokens},
        }


def tags(text: str) -> dict:
    """The `[script:...]` and `[fault:...]` tags in a message."""
    return {kind: value for kind, value in TAG.findall(text or "")}


def make_reply(script: str, user_text: str) -> Reply:
    name, _, arg = (script or "text").partition(":")
    reply = Reply(input_tokens=10 + len(TAG.sub("", user_text or "").split()))
    if name == "text":
        count = int(arg) if arg else len(SENTENCE)
        reply.text = [SENTENCE[i % len(SENTENCE)] for i in range(count)]
    elif name == "long":
        count, _, rate = arg.partition(":")
        reply.text = [f"t{i} " for i in range(int(count or 100))]
        reply.interval = 1.0 / float(rate) if rate and float(rate) > 0 else 0.0
    elif name == "tool":
        reply.tool_calls = [ToolCall("call_w1", *WEATHER)]
    elif name == "tools2":
        reply.tool_calls = [ToolCall("call_w1", *WEATHER), ToolCall("call_t2", *TIME)]
    elif name == "thinking":
        reply.thinking = list(THOUGHT)
        reply.text = list(SENTENCE)
    elif name == "echo":
        words = TAG.sub("", user_text or "").split(" ")
        reply.text = [w if i == 0 else " " + w for i, w in enumerate(words)]
    else:
        raise ValueError(f"unknown script {script!r}")
    return reply


def fragments(text: str) -> list:
    """Cuts tool-call arguments at awkward places, as real servers do: sizes 1, 3, 2, 7, 4 in
    turn, and always right after a backslash, so an escape sequence is split in two."""
    sizes = [1, 3, 2, 7, 4]
    pieces, start, turn = [], 0, 0
    while start < len(text):
        end = min(len(text), start + sizes[turn % len(sizes)])
        backslash = text.find("\\", start, end)
        if backslash >= 0:
            end = backslash + 1
        pieces.append(text[start:end])
        start, turn = end, turn + 1
    return pieces


def user_text_openai(body: dict) -> str:
    """The last user message of an OpenAI, Anthropic or Ollama `messages` list."""
    for message in reversed(body.get("messages") or []):
        if message.get("role") == "user":
            return content_text(message.get("content"))
    return ""


def user_text_gemini(body: dict) -> str:
    for content in reversed(body.get("contents") or []):
        if content.get("role", "user") == "user":
            return "".join(p.get("text", "") for p in content.get("parts") or [])
    return ""


def content_text(content) -> str:
    """A message's text, whether content is a string or a list of typed parts."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(p.get("text", "") for p in content if isinstance(p, dict) and p.get("type") == "text")
    return ""
