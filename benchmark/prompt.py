"""The prompt of a turn: requirement, delivery instructions and the memory note.

The delivery instructions are the same for every memory setting and encourage
reuse; repository targets are never named.  The memory note changes only what
the agent is told about its own earlier turns:

* ``none``: nothing;
* ``interface`` (default): the public signatures required in earlier turns;
* ``source``: the exact files it submitted in earlier turns.

The note is part of the prompt only: it is never written into the workspace.

Under ``--feedback lint`` a turn whose submitted file has a finding gets a second
session whose prompt is :func:`feedback_prompt`: reuse-audit's text report of
that file, as a pre-commit hook prints it, then the turn's prompt.
"""

from __future__ import annotations

from pathlib import Path

from reuse_audit.benchmark.model import Chain, Turn

DELIVERY = """\
## Delivery
- Create the new module `{module}` at `{path}` (relative to the repository root).
- Implement exactly these functions, with these signatures:
{signatures}
- Reuse suitable existing code from the repository, and from modules you wrote earlier, instead of re-implementing it.
- Do not modify existing files.
- Check that the module imports (`python -c "import {module}"`) and behaves as required before you finish.
"""

INTERFACE_NOTE = """\
## Your earlier work
In earlier turns you implemented these public functions; they are in the workspace and importable:
{entries}
Reuse them where they fit.
"""

SOURCE_NOTE = """\
## Your earlier work
These are the exact files you submitted in earlier turns:
{files}
"""


def memory_note(chain: Chain, turn: Turn, memory: str, workspace: Path) -> str:
    earlier = [t for t in chain.turns if t.number < turn.number]
    if memory == "none" or not earlier:
        return ""
    if memory == "interface":
        entries = []
        for t in earlier:
            for sig in t.signatures:
                entries.append(f"- `{t.module}`: `{sig.strip()}`  ({t.path})")
        return INTERFACE_NOTE.format(entries="\n".join(entries))
    if memory == "source":
        blocks = []
        for t in earlier:
            file = workspace / t.path
            try:
                text = file.read_text(encoding="utf-8", errors="replace")
            except OSError:
                text = "# (no file was submitted at this path)\n"
            blocks.append(f"### {t.path}\n```python\n{text.rstrip()}\n```")
        return SOURCE_NOTE.format(files="\n\n".join(blocks))
    raise ValueError(f"unknown memory setting {memory!r}")


def build_prompt(chain: Chain, turn: Turn, memory: str, workspace: Path) -> str:
    signatures = "\n".join(f"  - `{sig.strip()}`" for sig in turn.signatures)
    parts = [
        f"# Task (turn {turn.number} of {len(chain.turns)})\n\n{turn.requirement.strip()}\n",
        DELIVERY.format(module=turn.module, path=turn.path, signatures=signatures),
    ]
    note = memory_note(chain, turn, memory, workspace)
    if note:
        parts.append(note)
    return "\n".join(parts)


FEEDBACK = """\
# Your submission was rejected by reuse-audit (turn {number})

`reuse-audit check` ran on `{path}` as a pre-commit hook would, and found code that re-implements \
functions the repository already has:

```text
{report}```

Revise `{path}`: call the functions named above instead of re-implementing them, keep the required \
signatures and behaviour, and finish as before. The workspace is as you left it.

## The task, as it was given

{prompt}"""


#: what an agent given reuse-audit is told of it, by how it is given (the adapters' options
#: ``reuse_audit_check`` of mini-swe-agent, ``reuse_audit_mcp`` of OpenCode): the same advice
TOOL_NOTES = {
    "check": """\
## reuse-audit
`reuse-audit check`, run in the repository, lists the new or changed functions that re-implement \
functions the repository already has, each with the function to call instead. Run it before you \
finish, and call those functions rather than copying what they do.""",
    "mcp": """\
## reuse-audit
The reuse-audit tools name the functions the repository already has that your code would \
re-implement, each with its signature: ask `find_existing` before you write a function, and \
`check_changes` before you finish; call those functions rather than copying what they do.""",
}


def with_tool_note(prompt: str, tool: str) -> str:
    """``prompt`` with the note of reuse-audit given as ``tool`` (a key of :data:`TOOL_NOTES`) after it."""
    return prompt.rstrip() + "\n\n" + TOOL_NOTES[tool] + "\n"


def feedback_prompt(turn: Turn, report: str, prompt: str) -> str:
    """The prompt of a turn's second session under ``--feedback lint``: ``report`` (the text report of
    the submitted file, as ``reuse-audit check`` prints it), then the turn's ``prompt``."""
    return FEEDBACK.format(number=turn.number, path=turn.path, report=report, prompt=prompt.rstrip() + "\n")
