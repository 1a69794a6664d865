"""OpenAI's audio transcription endpoint for provider_server.py: `POST /v1/audio/transcriptions`
with a multipart/form-data body. Standard library only.

The body is parsed strictly (RFC 7578 / 2046: `--boundary` lines, CRLF, part headers, the
closing `--boundary--`), independently of the app's encoder, and what it held is recorded:
each part's name, filename, content type, size and SHA-256, the text of the fields and
the bytes of a file part up to 512 KB (base64).

The transcript is the `prompt` field with its tags removed (so a test chooses it, escape
sequences included), or SENTENCE. Faults as `[fault:NAME]` in the prompt (or header X-Fault):
the status faults of provider_server.py (`401`, `429:S`, `500-once`, ...), and
  html      200 with an HTML page        garbage   200 with bytes that are not JSON
  empty     200 with {"text": ""}         drop      headers promising more, then a hang-up
  hang      no answer until the client leaves
"""

import base64
import hashlib
import re

SENTENCE = "hello from the loopback transcription peer"
TAG = re.compile(r"\[(?:script|fault):[^\]]*\]")


class MultipartError(ValueError):
    pass


def parse_multipart(content_type: str, raw: bytes) -> list:
    """The parts of a multipart/form-data body: [{name, filename, content_type, data}]."""
    match = re.search(r"boundary=(\"?)([^\";]+)\1", content_type or "")
    if not content_type.startswith("multipart/form-data") or not match:
        raise MultipartError(f"not multipart/form-data with a boundary: {content_type!r}")
    delimiter = b"--" + match.group(2).encode()
    if not raw.startswith(delimiter + b"\r\n"):
        raise MultipartError("the body does not start with the boundary line")
    closing = b"\r\n" + delimiter + b"--\r\n"
    if not raw.endswith(closing):
        raise MultipartError("the body does not end with CRLF and the closing boundary")
    chunks = raw[len(delimiter) + 2: -len(closing)].split(b"\r\n" + delimiter + b"\r\n")
    parts = []
    for chunk in chunks:
        head, sep, data = chunk.partition(b"\r\n\r\n")
        if not sep:
            raise MultipartError("a part has no blank line after its headers")
        headers = {}
        for line in head.decode("utf-8").split("\r\n"):
            name, colon, value = line.partition(":")
            if not colon:
                raise MultipartError(f"a part header without a colon: {line!r}")
            headers[name.strip().lower()] = value.strip()
        disposition = headers.get("content-disposition", "")
        if not disposition.startswith("form-data;"):
            raise MultipartError(f"a part without form-data disposition: {disposition!r}")
        params = dict(re.findall(r';\s*(\w+)="([^"]*)"', disposition))
        if "name" not in params:
            raise MultipartError("a part without a name")
        parts.append({"name": params["name"], "filename": params.get("filename"),
                      "content_type": headers.get("content-type"), "data": data})
    return parts


def summary(parts: list, raw: bytes, content_type: str) -> dict:
    """What the request held, for /_requests."""
    out = []
    for p in parts:
        entry = {"name": p["name"], "filename": p["filename"], "content_type": p["content_type"],
                 "size": len(p["data"]), "sha256": hashlib.sha256(p["data"]).hexdigest()}
        if p["filename"] is None:
            entry["text"] = p["data"].decode("utf-8", "replace")
        elif len(p["data"]) <= 512 * 1024:
            entry["base64"] = base64.b64encode(p["data"]).decode()  # for a byte-for-byte check
        out.append(entry)
    return {"content_type": content_type, "size": len(raw), "parts": out}


def fields(parts: list) -> dict:
    return {p["name"]: p["data"].decode("utf-8", "replace") for p in parts if p["filename"] is None}


def reply(form: dict) -> dict:
    """The transcript object for `response_format` json or verbose_json."""
    text = TAG.sub("", form.get("prompt", "")).strip() or SENTENCE
    if form.get("response_format") == "verbose_json":
        return {"task": "transcribe", "language": form.get("language") or "english", "duration": 1.5, "text": " " + text,
                "segments": [{"id": 0, "seek": 0, "start": 0.0, "end": 1.5, "text": " " + text, "tokens": [1, 2],
                              "temperature": 0.0, "avg_logprob": -0.2, "compression_ratio": 1.0, "no_speech_prob": 0.01}]}
    return {"text": " " + text}
