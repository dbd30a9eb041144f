#!/usr/bin/env bash
# Start-up of the console: `bson-tutor shell --eval '1'` from exec to exit, N runs of the
# release binary (issue 18 asks for under 50 ms). Beside it, the same process doing nothing
# (`bson-tutor --version`), so the JavaScript engine's share shows. hyperfine when installed,
# else a timing loop in Python.
#   scripts/bench-shell.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
N="${1:-200}"
cargo build --release --quiet
BIN=target/release/bson-tutor
if command -v hyperfine >/dev/null; then
  hyperfine -N --warmup 10 --runs "$N" "$BIN --version" "$BIN shell --eval 1" \
    "$BIN shell --seed 1 --now 2026-10-08T03:45:49Z tests/shell/05-wallet.js"
else
  python3 - "$BIN" "$N" <<'PY'
import statistics, subprocess, sys, time
binary, n = sys.argv[1], int(sys.argv[2])
def measure(args):
    times = []
    for _ in range(n):
        t = time.perf_counter()
        subprocess.run([binary, *args], stdout=subprocess.DEVNULL, check=True)
        times.append((time.perf_counter() - t) * 1000)
    times.sort()
    return statistics.mean(times), times[len(times) // 2], times[int(len(times) * 0.95)]
for name, args in [("--version", ["--version"]), ("shell --eval 1", ["shell", "--eval", "1"]),
                   ("shell 05-wallet.js", ["shell", "--seed", "1", "--now", "2026-10-08T03:45:49Z", "tests/shell/05-wallet.js"])]:
    mean, median, p95 = measure(args)
    print(f"{name:22} mean {mean:6.2f} ms  median {median:6.2f} ms  p95 {p95:6.2f} ms  ({n} runs)")
PY
fi
