#!/usr/bin/env bash
# Builds bidbook's web page into web/dist/: a folder of static files that any
# static host serves (index.html, bidbook.css, app.js, and the engine with the
# embedded SAYC rulebook as bidbook_web.js + bidbook_web_bg.wasm).
#
#   web/build.sh                  # build
#   web/build.sh --serve [PORT]   # build, then serve web/dist on localhost (default 8000)
#
# Needs the wasm32-unknown-unknown target (rustup target add
# wasm32-unknown-unknown) and the wasm-bindgen command of the same version
# as the wasm-bindgen crate (cargo install wasm-bindgen-cli --version 0.2.130).
# BIDBOOK_WEB_TARGET_DIR sets cargo's target directory for the wasm build
# (default: $CARGO_TARGET_DIR, else target/); BIDBOOK_WEB_DIST the folder
# built (default: web/dist).
set -euo pipefail
cd "$(dirname "$0")/.."

target_dir="${BIDBOOK_WEB_TARGET_DIR:-${CARGO_TARGET_DIR:-target}}"
want=$(sed -n 's/^wasm-bindgen = "=\(.*\)"/\1/p' web/Cargo.toml)
if ! command -v wasm-bindgen >/dev/null 2>&1; then
  echo "web/build.sh: wasm-bindgen is missing: cargo install wasm-bindgen-cli --version $want" >&2
  exit 3
fi
have=$(wasm-bindgen --version | awk '{print $2}')
if [ "$have" != "$want" ]; then
  echo "web/build.sh: wasm-bindgen $have, the crate wants $want: cargo install wasm-bindgen-cli --version $want" >&2
  exit 3
fi

CARGO_TARGET_DIR="$target_dir" cargo build -p bidbook-web --target wasm32-unknown-unknown --profile wasm
dist="${BIDBOOK_WEB_DIST:-web/dist}"
rm -rf "$dist"
mkdir -p "$dist"
wasm-bindgen --target web --no-typescript --out-dir "$dist" \
  "$target_dir/wasm32-unknown-unknown/wasm/bidbook_web.wasm"
cp web/static/* "$dist/"
echo "web/build.sh: built $dist ($(du -sk "$dist" | cut -f1) KiB)"

if [ "${1:-}" = "--serve" ]; then
  port="${2:-8000}"
  echo "serving web/dist on http://localhost:$port/ (Ctrl-C stops)"
  cd "$dist" && exec python3 -m http.server "$port" --bind 127.0.0.1
fi
