"""A chat-completions client for any OpenAI-compatible endpoint: plain HTTP (urllib), no vendor SDK.

Configuration, flags first, then the environment:

* base URL: ``--base-url`` / ``REUSE_AUDIT_LLM_BASE_URL`` / ``OPENAI_BASE_URL``
  (e.g. ``https://api.openai.com/v1``, ``http://127.0.0.1:8000/v1``);
* model: ``--model`` / ``REUSE_AUDIT_LLM_MODEL``;
* key: ``REUSE_AUDIT_LLM_API_KEY`` / ``OPENAI_API_KEY`` (never a flag: it would land in shell history).

Every answer is cached under ``cache_dir`` by the SHA-256 of the request
(model, messages, temperature): a second build with the same prompts makes no
request at all, so a build is reproducible offline from its cache.
"""

from __future__ import annotations

import hashlib
import json
import os
import socket
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional

from reuse_audit.errors import UsageError


class LLMError(Exception):
    """A request failed (network, HTTP status, timeout, an answer without text)."""


@dataclass
class LLMConfig:
    base_url: str
    model: str
    api_key: Optional[str] = None
    timeout: float = 120.0
    temperature: float = 0.0

    @classmethod
    def from_env(cls, base_url: Optional[str] = None, model: Optional[str] = None, timeout: float = 120.0,
                 offline: bool = False) -> "LLMConfig":
        base = base_url or os.environ.get("REUSE_AUDIT_LLM_BASE_URL") or os.environ.get("OPENAI_BASE_URL")
        if not base and offline:
            base = "http://offline.invalid"  # answers come from the cache only; the key is model + prompt
        name = model or os.environ.get("REUSE_AUDIT_LLM_MODEL")
        if not base:
            raise UsageError("no model endpoint: pass --base-url or set REUSE_AUDIT_LLM_BASE_URL (or use --chooser heuristic)")
        if not base.startswith(("http://", "https://")):
            raise UsageError(f"--base-url {base!r}: expected an http:// or https:// URL")
        if not name:
            raise UsageError("no model name: pass --model or set REUSE_AUDIT_LLM_MODEL")
        key = os.environ.get("REUSE_AUDIT_LLM_API_KEY") or os.environ.get("OPENAI_API_KEY")
        return cls(base.rstrip("/"), name, key, timeout)


class ChatClient:
    """``complete(messages) -> text``, cached by prompt hash."""

    def __init__(self, config: LLMConfig, cache_dir: Optional[Path] = None, offline: bool = False):
        self.config = config
        self.cache_dir = Path(cache_dir) if cache_dir else None
        self.offline = offline
        self.requests = 0  # requests actually sent (cache misses)

    def _key(self, messages: list[dict]) -> str:
        blob = json.dumps({"model": self.config.model, "messages": messages, "temperature": self.config.temperature},
                          sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(blob.encode("utf-8")).hexdigest()

    def complete(self, messages: list[dict]) -> str:
        key = self._key(messages)
        cached = self.cache_dir / key[:2] / f"{key}.json" if self.cache_dir else None
        if cached is not None and cached.is_file():
            return json.loads(cached.read_text(encoding="utf-8"))["answer"]
        if self.offline:
            raise LLMError(f"offline and no cached answer for prompt {key[:12]}")
        answer = self._post(messages)
        if cached is not None:
            cached.parent.mkdir(parents=True, exist_ok=True)
            tmp = cached.with_suffix(".tmp")
            tmp.write_text(json.dumps({"model": self.config.model, "messages": messages, "answer": answer}, ensure_ascii=False),
                           encoding="utf-8")
            os.replace(tmp, cached)
        return answer

    def _post(self, messages: list[dict]) -> str:
        body = json.dumps({"model": self.config.model, "messages": messages, "temperature": self.config.temperature}).encode()
        headers = {"Content-Type": "application/json"}
        if self.config.api_key:
            headers["Authorization"] = f"Bearer {self.config.api_key}"
        request = urllib.request.Request(self.config.base_url + "/chat/completions", data=body, headers=headers, method="POST")
        self.requests += 1
        try:
            with urllib.request.urlopen(request, timeout=self.config.timeout) as response:
                data = json.loads(response.read().decode("utf-8"))
        except urllib.error.HTTPError as exc:
            raise LLMError(f"HTTP {exc.code} from {self.config.base_url}: {exc.reason}") from None
        except (socket.timeout, TimeoutError):
            raise LLMError(f"no answer from {self.config.base_url} within {self.config.timeout:g} s") from None
        except urllib.error.URLError as exc:
            if isinstance(exc.reason, (socket.timeout, TimeoutError)):
                raise LLMError(f"no answer from {self.config.base_url} within {self.config.timeout:g} s") from None
            raise LLMError(f"cannot reach {self.config.base_url}: {exc.reason}") from None
        except (ValueError, OSError) as exc:
            raise LLMError(f"bad answer from {self.config.base_url}: {exc}") from None
        try:
            return data["choices"][0]["message"]["content"] or ""
        except (KeyError, IndexError, TypeError):
            raise LLMError(f"answer from {self.config.base_url} has no choices[0].message.content") from None


def extract_json(text: str) -> object:
    """The JSON object of an answer: the whole text, or the one fenced ```json block in it."""
    text = text.strip()
    if text.startswith("```"):
        lines = text.splitlines()
        end = next((i for i in range(len(lines) - 1, 0, -1) if lines[i].strip().startswith("```")), len(lines))
        text = "\n".join(lines[1:end])
    return json.loads(text)


def ask_json(client: ChatClient, messages: list[dict], check: Callable[[object], Optional[str]], retries: int = 2,
             log: Optional[Callable[[str], None]] = None) -> Optional[object]:
    """Ask until the answer is JSON that ``check`` accepts (it returns None, or a problem).

    A malformed answer is retried ``retries`` more times, with the problem told
    to the model; then None (the caller drops the candidate).  Every problem is logged.
    """
    convo = list(messages)
    for attempt in range(retries + 1):
        try:
            answer = client.complete(convo)
        except LLMError as exc:
            if log:
                log(f"request failed: {exc}")
            return None
        try:
            data = extract_json(answer)
            problem = check(data)
        except json.JSONDecodeError as exc:
            data, problem = None, f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        if problem is None:
            return data
        if log:
            log(f"malformed answer (attempt {attempt + 1} of {retries + 1}): {problem}")
        convo = list(messages) + [
            {"role": "assistant", "content": answer},
            # the attempt number keeps each retry's prompt (and so its cache key) distinct
            {"role": "user", "content": f"That answer is not usable: {problem}. Answer again with the JSON object only "
                                        f"(attempt {attempt + 2} of {retries + 1})."},
        ]
    return None
