#!/usr/bin/env bash
# Records the instruction-count baselines of benches/benches/instructions.rs into
# benches/baselines/instructions.txt: every benchmark is run once under Callgrind without
# its limit, and its instructions (Callgrind's Ir) become its baseline. Run it when a change
# is meant to cost instructions, and say why in the commit. Needs valgrind and
# gungraun-runner at the version benches/Cargo.toml pins (see .ci/run).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=benches/baselines/instructions.txt
json=$(INSTRUCTIONS_RECORD=1 cargo bench -p benches --bench instructions -- --output-format=json)
{
  sed -n '/^#/p' "$out"
  printf '%s\n' "$json" | python3 -c '
import json, sys

def instructions(node):
    """The first Ir count in a benchmark summary: the new (left) value of the metric."""
    if isinstance(node, dict):
        if "Ir" in node:
            return first_int(node["Ir"])
        for value in node.values():
            found = instructions(value)
            if found is not None:
                return found
    elif isinstance(node, list):
        for value in node:
            found = instructions(value)
            if found is not None:
                return found
    return None

def first_int(node):
    if isinstance(node, int) and not isinstance(node, bool):
        return node
    if isinstance(node, dict):
        for key in ("Left", "Both", "metrics", "Int"):
            if key in node:
                found = first_int(node[key])
                if found is not None:
                    return found
        for value in node.values():
            found = first_int(value)
            if found is not None:
                return found
    if isinstance(node, list) and node:
        return first_int(node[0])
    return None

for line in sys.stdin:
    line = line.strip()
    if not line.startswith("{"):
        continue
    summary = json.loads(line)
    name, ir = summary.get("id"), instructions(summary)
    if not name or ir is None:
        sys.exit("no id or no instruction count in: " + line[:200])
    print(f"{name} {ir}")
'
} > "$out.new"
mv "$out.new" "$out"
cat "$out"
