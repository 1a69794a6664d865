#!/usr/bin/env python3
"""Proves that the loopback provider server speaks the real wire formats: the official
`openai` and `anthropic` Python SDKs must parse its streams into the scripted replies.

Run with the venv that scripts/peers-venv.sh makes: `.build/peers-venv/bin/python
Tests/Peers/check_sdks.py`. Prints one line per check and `N passed, M failed`; exits 1 when
any check failed.
"""

import json
import os
import subprocess
import sys
import traceback

import anthropic
import openai

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from peer_scripts import SENTENCE, THOUGHT, TIME, WEATHER  # noqa: E402

TEXT = "".join(SENTENCE)
TOOLS = [{"type": "function", "function": {"name": name, "parameters": {"type": "object"}}} for name in ("get_weather", "get_time")]
CHECKS = []


def check(function):
    CHECKS.append(function)
    return function


def expect(condition, what):
    if not condition:
        raise AssertionError(what)


def openai_client(script="text", fault=None):
    headers = {"X-Script": script, **({"X-Fault": fault} if fault else {})}
    return openai.OpenAI(api_key="sk-test", base_url=f"{BASE}/v1", max_retries=0, timeout=10, default_headers=headers)


def anthropic_client(script="text", fault=None):
    headers = {"X-Script": script, **({"X-Fault": fault} if fault else {})}
    return anthropic.Anthropic(api_key="sk-ant-test", base_url=BASE, max_retries=0, timeout=10, default_headers=headers)


HI = [{"role": "user", "content": "hi"}]


@check
def openai_text_stream_with_usage():
    stream = openai_client().chat.completions.create(model="gpt-4o-mini", messages=HI, stream=True,
                                                     stream_options={"include_usage": True})
    chunks = list(stream)
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    expect(text == TEXT, f"text {text!r}")
    expect(chunks[0].choices[0].delta.role == "assistant", "role delta first")
    finish = [c.choices[0].finish_reason for c in chunks if c.choices and c.choices[0].finish_reason]
    expect(finish == ["stop"], f"finish {finish}")
    expect(chunks[-1].choices == [] and chunks[-1].usage.completion_tokens == len(SENTENCE), "usage chunk last")


@check
def openai_split_utf8_and_drip():
    for fault in ("split-utf8", "drip:1:7"):
        stream = openai_client(fault=fault).chat.completions.create(model="m", messages=HI, stream=True)
        text = "".join(c.choices[0].delta.content or "" for c in stream if c.choices)
        expect(text == TEXT, f"{fault}: text {text!r}")


@check
def openai_two_tool_calls_accumulate():
    with openai_client("tools2").chat.completions.stream(model="gpt-4o-mini", messages=HI, tools=TOOLS) as stream:
        completion = stream.get_final_completion()
    choice = completion.choices[0]
    expect(choice.finish_reason == "tool_calls", f"finish {choice.finish_reason}")
    calls = [(c.id, c.function.name, json.loads(c.function.arguments)) for c in choice.message.tool_calls]
    expect(calls == [("call_w1", *WEATHER), ("call_t2", *TIME)], f"calls {calls}")


@check
def openai_not_streamed_and_models():
    completion = openai_client().chat.completions.create(model="gpt-4o-mini", messages=HI)
    expect(completion.choices[0].message.content == TEXT, "content")
    ids = [m.id for m in openai_client().models.list()]
    expect("gpt-4o-mini" in ids, f"models {ids}")


@check
def openai_errors():
    for fault, kind in (("401", openai.AuthenticationError), ("429:3", openai.RateLimitError),
                        ("500", openai.InternalServerError), ("400", openai.BadRequestError)):
        try:
            openai_client(fault=fault).chat.completions.create(model="m", messages=HI, stream=True)
            raise AssertionError(f"{fault}: no error")
        except kind as error:
            expect(isinstance(error.body, dict) and error.body.get("message"), f"{fault}: body {error.body}")
            if fault == "429:3":
                expect(error.response.headers.get("retry-after") == "3", "Retry-After")
    try:
        list(openai_client(fault="overloaded").chat.completions.create(model="m", messages=HI, stream=True))
        raise AssertionError("overloaded: no error")
    except openai.APIError as error:
        expect("overloaded" in str(error), f"overloaded: {error}")


@check
def anthropic_text_stream():
    with anthropic_client().messages.stream(model="claude-test", max_tokens=100, messages=HI) as stream:
        text = "".join(stream.text_stream)
        message = stream.get_final_message()
    expect(text == TEXT, f"text {text!r}")
    expect(message.stop_reason == "end_turn" and message.usage.output_tokens == len(SENTENCE), f"{message}")


@check
def anthropic_raw_events_in_order():
    events = list(anthropic_client("tool").messages.create(model="m", max_tokens=100, messages=HI, stream=True))
    kinds = [e.type for e in events]
    expect(kinds[:3] == ["message_start", "content_block_start", "ping"] or kinds[:2] == ["message_start", "content_block_start"],
           f"kinds {kinds[:4]}")
    expect(kinds[-2:] == ["message_delta", "message_stop"], f"kinds {kinds[-2:]}")
    partial = "".join(e.delta.partial_json for e in events if e.type == "content_block_delta")
    expect(json.loads(partial) == WEATHER[1], f"partial json {partial!r}")


@check
def anthropic_tool_calls_and_thinking():
    with anthropic_client("tools2").messages.stream(model="m", max_tokens=100, messages=HI) as stream:
        message = stream.get_final_message()
    calls = [(b.id, b.name, b.input) for b in message.content if b.type == "tool_use"]
    expect(calls == [("call_w1", *WEATHER), ("call_t2", *TIME)], f"calls {calls}")
    expect(message.stop_reason == "tool_use", message.stop_reason)
    with anthropic_client("thinking").messages.stream(model="m", max_tokens=100, messages=HI) as stream:
        message = stream.get_final_message()
    expect([b.type for b in message.content] == ["thinking", "text"], f"{message.content}")
    expect(message.content[0].thinking == "".join(THOUGHT) and message.content[1].text == TEXT, "thinking text")


@check
def anthropic_not_streamed_and_models():
    message = anthropic_client().messages.create(model="m", max_tokens=100, messages=HI)
    expect(message.content[0].text == TEXT, "content")
    ids = [m.id for m in anthropic_client().models.list()]
    expect(any(i.startswith("claude") for i in ids), f"models {ids}")


@check
def anthropic_errors():
    for fault, status in (("401", 401), ("403", 403), ("429:2", 429), ("529", 529), ("400", 400)):
        try:
            anthropic_client(fault=fault).messages.create(model="m", max_tokens=10, messages=HI, stream=True)
            raise AssertionError(f"{fault}: no error")
        except anthropic.APIStatusError as error:
            expect(error.status_code == status, f"{fault}: status {error.status_code}")
            expect(error.body["error"]["type"], f"{fault}: body {error.body}")
    try:
        with anthropic_client(fault="overloaded").messages.stream(model="m", max_tokens=10, messages=HI) as stream:
            stream.get_final_message()
        raise AssertionError("overloaded: no error")
    except anthropic.APIStatusError as error:
        expect("overloaded_error" in str(error), f"overloaded: {error}")


def start_server():
    server = subprocess.Popen([sys.executable, os.path.join(HERE, "provider_server.py")],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    line = server.stdout.readline().decode()
    if not line.startswith("PORT "):
        raise SystemExit(f"the provider server did not start: {line!r}")
    return server, f"http://127.0.0.1:{int(line.split()[1])}"


if __name__ == "__main__":
    SERVER, BASE = start_server()
    print(f"openai {openai.__version__}, anthropic {anthropic.__version__}")
    passed = failed = 0
    for function in CHECKS:
        try:
            function()
            passed += 1
            print(f"ok   {function.__name__}")
        except Exception:  # noqa: BLE001 - every failure is reported, then counted
            failed += 1
            print(f"FAIL {function.__name__}\n{traceback.format_exc()}")
    SERVER.stdin.close()
    SERVER.wait(timeout=5)
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)
