#!/usr/bin/env bash
# Runs every fuzz target in turn, SECONDS each (default 600), one at a time,
# with a 2 GiB memory limit; logs in fuzz/logs/TARGET.log, crashes in
# fuzz/artifacts/TARGET/. Seeds come from ./seed.sh.
set -uo pipefail
cd "$(dirname "$0")"
seconds=${1:-600}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(macro_expander pbn_reader rule_matcher rule_parser rbn_reader lin_reader explanations)
[ -d corpus ] || ./seed.sh
mkdir -p logs
for t in "${targets[@]}"; do
  echo "== $t ($seconds s)"
  RUSTC_BOOTSTRAP=1 cargo fuzz run -O "$t" -- -max_total_time="$seconds" -rss_limit_mb=2048 \
    -max_len=65536 -timeout=10 -print_final_stats=1 > "logs/$t.log" 2>&1
  echo "   exit $?; $(grep -E '^(stat::number_of_executed_units|Done)' "logs/$t.log" | tr '\n' ' ')"
done
