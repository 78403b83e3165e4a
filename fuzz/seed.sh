#!/usr/bin/env bash
# Fills fuzz/corpus/TARGET/ with seeds from the project's own test files.
# Run from anywhere; the corpus directories are not committed.
set -euo pipefail
cd "$(dirname "$0")"
root=..
seed() { mkdir -p "corpus/$1"; }
for t in pbn_reader rbn_reader lin_reader macro_expander rule_parser rule_matcher explanations; do seed "$t"; done
cp $root/deal-formats/tests/data/pbn/*.pbn corpus/pbn_reader/
for f in $root/tests/deals/*.pbn; do cp "$f" "corpus/pbn_reader/deals-$(basename "$f")"; done
cp $root/deal-formats/tests/data/rbn/*.rbn corpus/rbn_reader/
cp $root/deal-formats/tests/data/lin/*.lin corpus/lin_reader/
for f in $root/tests/deals/*.lin; do cp "$f" "corpus/lin_reader/deals-$(basename "$f")"; done
# The expander's cases: the macro file, a NUL, the source.
for case in $root/macro-expander/tests/cases/*/; do
  name=$(basename "$case")
  { cat "$case"/macros*.m4 2>/dev/null || true; printf '\0'; cat "$case/source.txt2"; } > "corpus/macro_expander/$name"
done
# Rule files, in pieces of 40 lines (the matcher's seeds end with 8 seed bytes).
n=0
for f in $root/rulebook/*.txt2 $root/tests/*-rulebook/*.txt2 $root/tests/bad-rulebooks/*/main.txt2; do
  split -l 40 -d -a 3 "$f" "corpus/rule_parser/$(basename "$f" .txt2)-$n-"
  n=$((n + 1))
done
for f in corpus/rule_parser/*; do
  { cat "$f"; printf 'seed1234'; } > "corpus/rule_matcher/$(basename "$f")"
done
cp $root/rulebook/explanations*.txt corpus/explanations/
for f in $root/tests/*-rulebook/explanations.txt; do
  cp "$f" "corpus/explanations/$(basename "$(dirname "$f")").txt"
done
