#!/usr/bin/env bash
# Times `tableside record` as a whole process against a bare Go process (testdata/bare) that
# opens the same database with the same driver and pragmas and inserts one row. Both start
# from a copy of the same file, a Candidate game of 152 events (the bundled demo less its last
# move), and record that last move; the copy is not timed. Runs alternate, so a busy machine
# slows both alike.
#
#   testdata/bench-record.sh [RUNS]     (default 200)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-200}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export CGO_ENABLED=0
go build -o "$dir/tableside" .
go build -o "$dir/bare" ./testdata/bare

head -n -1 commands/table/demo/candidate.txt >"$dir/game.txt"
move=$(tail -n 1 commands/table/demo/candidate.txt)
TABLESIDE_DB="$dir/template.db" "$dir/tableside" import "$dir/game.txt" >/dev/null

now() { date +%s%N; }
record=0 bare=0
for ((i = 0; i < runs; i++)); do
	cp "$dir/template.db" "$dir/a.db"
	cp "$dir/template.db" "$dir/b.db"
	t0=$(now)
	# shellcheck disable=SC2086 # the move is several words
	TABLESIDE_DB="$dir/a.db" "$dir/tableside" record 1 $move >/dev/null
	t1=$(now)
	"$dir/bare" "$dir/b.db"
	t2=$(now)
	record=$((record + t1 - t0))
	bare=$((bare + t2 - t1))
done
awk -v r="$record" -v b="$bare" -v n="$runs" 'BEGIN {
	rec = r / n / 1e6; bar = b / n / 1e6; ratio = r / b
	printf "record %.2f ms, bare %.2f ms, ratio %.2f, %d runs each\n", rec, bar, ratio, n
}'
