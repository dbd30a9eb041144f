#!/usr/bin/env bash
# The dump benchmark (issue 17), release builds side by side with the `bson` crate:
#   dump -> canonical Extended JSON: `bson-tutor inspect --file D --to ejson` (both cores, and
#   one core with taskset) against `dump-peer D` (scripts/dump-peer.rs, built on the crate);
#   find over the dump: `bson-tutor find --docs D FILTER`.
# Each command runs RUNS times over a generated mixed dump of MB megabytes; the table shows
# the best wall time, the MB/s of input it makes and the largest peak RSS (`/usr/bin/time`).
# Our Extended JSON must equal the peer's byte for byte: a difference is printed and makes
# the script exit 1. Targets: inspect >= 1.5x the peer on both cores; find >= 200 MB/s.
#
#   scripts/bench-dump.sh            # MB=100 RUNS=3
#   MB=500 RUNS=5 scripts/bench-dump.sh
set -euo pipefail
cd "$(dirname "$0")/.."

MB=${MB:-100}
RUNS=${RUNS:-3}
FILTER=${FILTER:-'{ "address.zip": { "$lt": 20000 } }'}

if [ ! -x /usr/bin/time ]; then
    (apt-get update -qq && apt-get install -y -qq time) >/dev/null 2>&1 || true
fi
if [ ! -x /usr/bin/time ]; then
    echo "error: /usr/bin/time is missing and could not be installed (apt-get install time)" >&2
    exit 1
fi

cargo build --release --bin bson-tutor --example gen-dump --example dump-peer
release="${CARGO_TARGET_DIR:-target}/release"
ours="$release/bson-tutor"
peer="$release/examples/dump-peer"

# Under target/tmp/, as the tests write: never the system's temporary directory.
mkdir -p "${CARGO_TARGET_DIR:-target}/tmp"
work=$(mktemp -d "${CARGO_TARGET_DIR:-target}/tmp/bench-dump.XXXXXX")
trap 'rm -rf "$work"' EXIT
dump="$work/mixed.bson"
"$release/examples/gen-dump" "$dump" "$MB"
bytes=$(stat -c %s "$dump")
echo "dump: $dump, $bytes bytes; $RUNS runs each, best time, largest peak RSS"
echo

printf '%-34s %9s %9s %12s\n' command "best s" "MB/s" "peak RSS MiB"
# measure NAME OUT COMMAND...: runs COMMAND RUNS times, its output to OUT; prints a row and
# sets $rate (MB/s of input at the best time).
measure() {
    local name=$1 out=$2
    shift 2
    local best="" peak=0
    for _ in $(seq "$RUNS"); do
        local start end kib
        start=$(date +%s%N)
        /usr/bin/time -f "%M" -o "$work/rss" "$@" >"$out"
        end=$(date +%s%N)
        kib=$(tail -n 1 "$work/rss")
        local ns=$((end - start))
        if [ -z "$best" ] || [ "$ns" -lt "$best" ]; then best=$ns; fi
        if [ "$kib" -gt "$peak" ]; then peak=$kib; fi
    done
    rate=$(awk -v b="$bytes" -v ns="$best" 'BEGIN { printf "%.1f", b / 1e6 / (ns / 1e9) }')
    awk -v name="$name" -v ns="$best" -v rate="$rate" -v kib="$peak" \
        'BEGIN { printf "%-34s %9.3f %9s %12.1f\n", name, ns / 1e9, rate, kib / 1024 }'
}

measure "bson-tutor inspect --to ejson" "$work/ours.json" "$ours" inspect --file "$dump" --to ejson
ours_rate=$rate
if command -v taskset >/dev/null 2>&1; then
    measure "  the same on one core (taskset)" "$work/ours1.json" \
        taskset -c 0 "$ours" inspect --file "$dump" --to ejson
fi
measure "dump-peer (bson crate)" "$work/peer.json" "$peer" "$dump"
peer_rate=$rate
measure "bson-tutor find --docs" "$work/found" \
    "$ours" find --max-time-ms 0 --docs "$dump" "$FILTER"
find_rate=$rate
echo "  (find $FILTER: $(wc -l <"$work/found") documents)"
echo

status=0
awk -v o="$ours_rate" -v p="$peer_rate" -v f="$find_rate" 'BEGIN {
    printf "inspect --to ejson / peer: %.2fx (target >= 1.5x): %s\n", o / p, (o >= 1.5 * p ? "met" : "NOT MET")
    printf "find: %.1f MB/s (target >= 200 MB/s): %s\n", f, (f >= 200 ? "met" : "NOT MET")
}'
if cmp -s "$work/ours.json" "$work/peer.json"; then
    echo "Extended JSON: ours and the peer's are identical ($(wc -l <"$work/ours.json") lines)"
else
    echo
    echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"
    echo "!!! MISMATCH: our canonical Extended JSON differs from the bson crate's"
    cmp "$work/ours.json" "$work/peer.json" || true
    line=$(cmp "$work/ours.json" "$work/peer.json" | sed -n 's/.* line \([0-9]*\).*/\1/p')
    if [ -n "$line" ]; then
        echo "--- ours, line $line:"
        sed -n "${line}p" "$work/ours.json" | cut -c 1-2000
        echo "--- peer, line $line:"
        sed -n "${line}p" "$work/peer.json" | cut -c 1-2000
    fi
    echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"
    status=1
fi
exit $status
