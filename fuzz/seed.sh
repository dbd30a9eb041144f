#!/usr/bin/env bash
# Builds fuzz/corpus/decode/ from the official BSON corpus (../../shared/bson-corpus/*.json
# relative to this directory): every valid[].canonical_bson, valid[].degenerate_bson and
# decodeErrors[].bson, hex-decoded to one binary file each (named by content hash).
# The corpus is under a non-commercial licence: seeds are generated at run time and
# fuzz/corpus/ is git-ignored. Never commit them.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
src="${1:-$here/../../shared/bson-corpus}"
out="$here/corpus/decode"
mkdir -p "$out" "$here/corpus/ejson" "$here/corpus/shell"
python3 - "$src" "$out" "$here/corpus/ejson" <<'PY'
import glob, hashlib, json, os, sys
src, out, ejson_out = sys.argv[1], sys.argv[2], sys.argv[3]
n = 0
for path in sorted(glob.glob(os.path.join(src, "*.json"))):
    with open(path) as f:
        suite = json.load(f)
    hexes = []
    for case in suite.get("valid", []):
        hexes += [case[k] for k in ("canonical_bson", "degenerate_bson") if k in case]
    hexes += [case["bson"] for case in suite.get("decodeErrors", []) if "bson" in case]
    for h in hexes:
        data = bytes.fromhex(h)
        with open(os.path.join(out, hashlib.sha1(data).hexdigest()), "wb") as f:
            f.write(data)
        n += 1
print(f"wrote {n} seeds ({len(os.listdir(out))} distinct files in {out})")
# Extended JSON texts (valid forms and parse errors) seed the `ejson` target.
for path in sorted(glob.glob(os.path.join(src, "*.json"))):
    with open(path) as f:
        suite = json.load(f)
    texts = [c[k] for c in suite.get("valid", []) for k in ("canonical_extjson", "relaxed_extjson", "degenerate_extjson") if k in c]
    texts += [c["string"] for c in suite.get("parseErrors", []) if "string" in c]
    for t in texts:
        data = t.encode()
        with open(os.path.join(ejson_out, hashlib.sha1(data).hexdigest()), "wb") as f:
            f.write(data)
print(f"{len(os.listdir(ejson_out))} distinct files in {ejson_out}")
PY

# mongosh-syntax snippets from the project's own shell tests seed the `shell` target.
python3 - "$here/../tests/it/shell_syntax.rs" "$here/corpus/shell" <<'PY'
import hashlib, os, re, sys
src, out = open(sys.argv[1]).read(), sys.argv[2]
for m in re.finditer(r'r#"(.*?)"#|"((?:[^"\\]|\\.)*)"', src, re.S):
    text = m.group(1) or m.group(2) or ""
    if "{" in text:
        data = text.encode()
        with open(os.path.join(out, hashlib.sha1(data).hexdigest()), "wb") as f:
            f.write(data)
print(f"{len(os.listdir(out))} distinct files in {out}")
PY
