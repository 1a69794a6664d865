"""What the loopback provider server answers: scenarios chosen by the request.

A scenario is named by the header `X-Script: <name>` or, when that is absent, by a tag
`[script:<name>]` in the last user message (so a person typing into the TUI can pick one).
Without either, the answer is the `text` scenario.

  text[:N]         the fixed sentence below (or its first N tokens, cycling); it holds
                   multibyte characters (é, ï, 日本語, 🙂, —) on purpose
  long:N[:RATE]    N tokens "t0 ", "t1 ", ... at RATE tokens per second (0 or none: full speed)
  mdheavy[:RATE]   fixtures/markdown-heavy.md (headings, lists, a 200-line code block, a 20-row
                   table) in tokens of 4 characters, at RATE tokens per second (as `long`)
  md-ask           MD_ASK below, a Markdown answer (heading, bold, list, code, table, link)
                   in 3-character tokens, for `aihelper ask` on a terminal and on a pipe
  tool             one call: get_weather {"city": "Zürich", "unit": "celsius"}
  tools2           two calls: get_weather as above, then get_time {"timezone": ..., "note": ...}
  thinking         a reasoning block (Anthropic thinking, shown as plain text elsewhere) then text
  echo             the last user message, word by word
  json:NAME        a reply that holds JSON the way models write it (JSON_REPLIES below: code
                   fences, a sentence around it, trailing commas), for /remind and /list
  hostile          an answer full of what must never reach a terminal raw (HOSTILE below)
  markdown         a Markdown answer (MARKDOWN below: a heading, bold, a list, a python code
                   block and a table) in 3-character chunks, so markers and fences split
  agent:NAME       one step of a multi-step agent scenario (AGENT below): which step is the
                   number of assistant turns since the last user message with text, so each
                   model call of one agent turn gets the next step. Call ids restart at
                   call_1 in every step, as some providers' do.
"""

import json
import re
from pathlib import Path
from dataclasses import dataclass, field

SENTENCE = ["Hello", " from", " the", " loopback", " server", ":", " café", ",", " naïve", ",",
            " 日本語", " and", " 🙂", " —", " all", " in", " one", " answer", "."]
# `aihelper ask`'s Markdown answer: every line of it is changed when drawn, and a long code line.
MD_ASK = ("# Packing list\n\nTake **three** things and *one* spare:\n\n- passport\n- charger\n\n"
          "```python\nprint(\"ok\")  # a comment that is long enough to be wider than forty columns\n```\n\n"
          "| Item | Count |\n| --- | ---: |\n| socks | 4 |\n\nSee [the guide](https://example.com/guide).")
THOUGHT = ["The", " user", " wants", " a", " scripted", " answer", "; ", "I", " will", " give", " it", "."]

WEATHER = ("get_weather", {"city": "Zürich", "unit": "celsius"})
# The escaped quotes and newline make the argument fragments split inside escape sequences.
TIME = ("get_time", {"timezone": "Europe/Zurich", "note": "say \"hi\"\n"})

# ESC, CSI, OSC 0/8/52, C1 CSI and OSC, bidi overrides and a NUL around visible letters: cleaned,
# it reads "EvilTitle!".
HOSTILE = ("Evil\x1b]0;owned\x07\x1b[2J\x1b]52;c;cHduZWQ=\x07\x1b]8;;http://x.example/\x07Ti\u009b31m"
           "\u009d0;c1\u009c\u202etle\u2066\x00!")

MARKDOWN_HEAVY = Path(__file__).parent / "fixtures" / "markdown-heavy.md"

# What models write: every construct the transcript draws, cut into small chunks.
MARKDOWN = """# Weekly plan

Here is **the plan** for the *week*:

- Monday: groceries
- Tuesday: the **dentist**
- Wednesday: call mom

```python
def greet(name):
    return f"Hello, {name}!"

print(greet("world"))
```

| Day | Task | Hours |
|:----|:-----|------:|
| Mon | Groceries | 1 |
| Tue | Dentist | 2 |

That is all."""

TAG = re.compile(r"\[(script|fault):([^\]\s]+)\]")

JSON_REPLIES = {
    "remind": 'Sure! Here it is:\n```json\n[{"title": "Call mom", "description": "Ask about Sunday", "category": "personal",'
              ' "date_query": "tomorrow", "time": "17:00",}]\n```',
    "list": '{"title": "Shopping List: Pancakes", "description": "For Sunday breakfast", "subtasks": ['
            '{"content": "Flour, 500 g", "notes": ""}, {"content": "Eggs x6", "notes": "free range",},],}',
    "none": "I am not able to make that into a reminder.",
    "summary": 'Here is the summary:\n```json\n{"title": "Trip to Lisbon", "key_insights": ["Flights are cheaper on Tuesday",],'
               ' "main_themes": ["travel", "budget"], "thought_process": "We compared dates. Tuesday won.",'
               ' "action_items": ["Book the Tuesday flight", "Renew the passport",],}\n```',
}

DENTIST = {"title": "Dentist", "date": "2026-11-25", "time": "09:30"}
# What must never reach a terminal raw: CSI (clear, cursor report, window resize), OSC 0/8/52,
# their 8-bit C1 forms, bidi overrides, a NUL and a lone ESC (the TUI's hostile-input test).
HOSTILE_TUI = ("\x1b[2J\x1b[6n\x1b[8;1;1t\x1b]0;PWNED-TITLE\x07\x1b]8;;https://evil.example/\x1b\\link\x1b]8;;\x1b\\"
           "\x1b]52;c;cHduZWQ=\x07\u009b6n\u009d0;c1-title\u009c\u202eRLO\u2066iso\x00nul\x1b")
# Steps of the agent scenarios: a list of calls (name, arguments), or the text of the answer.
# The last step repeats once the list runs out.
AGENT = {
    "two-step": [[("create_task", DENTIST)], "The dentist is on your calendar for Wednesday at 09:30."],
    "parallel": [[("create_task", DENTIST), ("create_task", {"title": "Gym", "date": "2026-11-26"})],
                 "Both are on your calendar."],
    "recover": [[("create_task", {"title": 42, "date": "2026-11-25"})], [("create_task", DENTIST)],
                "Fixed the title; the dentist is on your calendar."],
    "errors": [[("no_such_tool", {"attempt": n})] for n in range(1, 10)],
    "loop": [[("list_tasks", {"from": "2026-11-01", "to": "2026-11-30"})]],
    "wander": [[("list_tasks", {"from": f"2026-11-0{day}", "to": "2026-11-30"})] for day in range(1, 10)],
    "delete": [[("delete_task", {"title": "Dentist"})], "Done."],
    "hostile": [[("create_task", {"title": "EvilTool" + HOSTILE_TUI, "date": "2026-11-25", "notes": HOSTILE_TUI})],
                "EvilAnswer" + HOSTILE_TUI + " and more" + HOSTILE_TUI],
    "slow": [[("slow_tool", {})], "Finished."],
    "reminder": [[("create_reminder", {"title": "Call mom", "due_date": "2026-11-25", "due_time": "17:00"})],
                 "I will remind you on Wednesday at 17:00."],
    "hostile-delete": [[("delete_task", {"title": HOSTILE})], "Done."],
    "files": [[("list_files", {})], [("read_file", {"path": "../../etc/passwd"})], "I can only read your files folder."],
    # External MCP servers' tools (MCPClient): the reference time server, and a test server's.
    "mcp-time": [[("time__get_current_time", {"timezone": "Europe/Zurich"})], "That is the time in Zurich."],
    "mcp-fault": [[("faulty__act", {"text": "go"})], "The server failed; I told you why."],
    "mcp-remote": [[("remote__add", {"a": 20, "b": 22})], "It is 42."],
    "mcp-image": [[("pictures__snapshot", {})], "That is your screen."],
}


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


def make_reply(script: str, user_text: str, step: int = 0) -> Reply:
    name, _, arg = (script or "text").partition(":")
    reply = Reply(input_tokens=10 + len(TAG.sub("", user_text or "").split()))
    if name == "text":
        count = int(arg) if arg else len(SENTENCE)
        reply.text = [SENTENCE[i % len(SENTENCE)] for i in range(count)]
    elif name == "long":
        count, _, rate = arg.partition(":")
        reply.text = [f"t{i} " for i in range(int(count or 100))]
        reply.interval = 1.0 / float(rate) if rate and float(rate) > 0 else 0.0
    elif name == "mdheavy":
        text = MARKDOWN_HEAVY.read_text(encoding="utf-8")
        reply.text = [text[i:i + 4] for i in range(0, len(text), 4)]
        reply.interval = 1.0 / float(arg) if arg and float(arg) > 0 else 0.0
    elif name == "md-ask":
        reply.text = [MD_ASK[i:i + 3] for i in range(0, len(MD_ASK), 3)]
    elif name == "tool":
        reply.tool_calls = [ToolCall("call_w1", *WEATHER)]
    elif name == "tools2":
        reply.tool_calls = [ToolCall("call_w1", *WEATHER), ToolCall("call_t2", *TIME)]
    elif name == "thinking":
        reply.thinking = list(THOUGHT)
        reply.text = list(SENTENCE)
    elif name == "hostile":
        reply.text = [HOSTILE[i:i + 5] for i in range(0, len(HOSTILE), 5)]
    elif name == "markdown":
        reply.text = [MARKDOWN[i:i + 3] for i in range(0, len(MARKDOWN), 3)]
    elif name == "echo":
        words = TAG.sub("", user_text or "").split(" ")
        reply.text = [w if i == 0 else " " + w for i, w in enumerate(words)]
    elif name == "json" and arg in JSON_REPLIES:
        text = JSON_REPLIES[arg]
        reply.text = [text[i:i + 7] for i in range(0, len(text), 7)]
    elif name == "agent" and arg in AGENT:
        steps = AGENT[arg]
        current = steps[min(step, len(steps) - 1)]
        if isinstance(current, str):
            reply.text = [w if i == 0 else " " + w for i, w in enumerate(current.split(" "))]
        else:
            reply.tool_calls = [ToolCall(f"call_{i + 1}", name, args) for i, (name, args) in enumerate(current)]
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
    """The last user message with text of an OpenAI, Anthropic or Ollama `messages` list
    (Anthropic sends tool results as user messages of `tool_result` blocks only)."""
    return next((text for _, text in _user_texts(body.get("messages") or [], "assistant", _message_text)), "")


def user_text_gemini(body: dict) -> str:
    return next((text for _, text in _user_texts(body.get("contents") or [], "model", _gemini_text)), "")


def agent_step(body: dict) -> int:
    """How many model turns came after the last user message with text: the agent step."""
    if "contents" in body:
        items, assistant, text = body.get("contents") or [], "model", _gemini_text
    else:
        items, assistant, text = body.get("messages") or [], "assistant", _message_text
    last = next((i for i, _ in _user_texts(items, assistant, text)), -1)
    return sum(1 for item in items[last + 1:] if item.get("role") == assistant)


def _user_texts(items: list, assistant: str, text):
    """(index, text) of the user items with text, last first."""
    for i in range(len(items) - 1, -1, -1):
        item = items[i]
        if item.get("role", "user") == "user" and text(item):
            yield i, text(item)


def _message_text(message: dict) -> str:
    return content_text(message.get("content"))


def _gemini_text(content: dict) -> str:
    return "".join(p.get("text", "") for p in content.get("parts") or [] if isinstance(p, dict))


def content_text(content) -> str:
    """A message's text, whether content is a string or a list of typed parts."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(p.get("text", "") for p in content if isinstance(p, dict) and p.get("type") == "text")
    return ""
