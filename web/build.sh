#!/usr/bin/env bash
# Builds the web page into web/dist/, a folder any static file server can serve:
#
#   web/build.sh && python3 -m http.server -d web/dist 8000   # then open http://localhost:8000
#
# Needs the Rust target wasm32-unknown-unknown (`rustup target add wasm32-unknown-unknown`)
# and the wasm-bindgen program at the exact version crates/web pins
# (`cargo install wasm-bindgen-cli --version <that version> --locked`). No npm, no bundler.
# CARGO_TARGET_DIR is honoured (default: the workspace's target/).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
dist="$root/web/dist"
target_dir="${CARGO_TARGET_DIR:-$root/target}"

pinned=$(sed -n 's/^wasm-bindgen = "=\(.*\)"/\1/p' crates/web/Cargo.toml)
found=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$found" != "$pinned" ]; then
  echo "error: crates/web needs the wasm-bindgen program at version $pinned (found: ${found:-none});" >&2
  echo "       cargo install wasm-bindgen-cli --version $pinned --locked" >&2
  exit 1
fi

(cd crates/web && CARGO_TARGET_DIR="$target_dir" \
  cargo build --locked --release --target wasm32-unknown-unknown --lib)

rm -rf "$dist"
mkdir -p "$dist/pkg" "$dist/maps" "$dist/data"
wasm-bindgen --target web --no-typescript --out-dir "$dist/pkg" \
  "$target_dir/wasm32-unknown-unknown/release/plysearch_web.wasm"
cp web/index.html web/app.js web/worker.js web/style.css "$dist/"
# The opening book the analysis board answers early positions from (data/README.md says
# how it was made), the benchmark positions of the speed view, and the maps of the path view.
cp data/connect4/opening-depth1.book "$dist/connect4.book"
cp data/connect4/Test_L2_R1 "$dist/data/"
for map in den312d arena Boston_0_256 random512-10-0; do
  cp "data/movingai/$map.map" "data/movingai/$map.map.scen" "$dist/maps/"
done
echo "built $dist ($(du -sk "$dist" | cut -f1) KiB); serve it with: python3 -m http.server -d web/dist 8000"
