#!/usr/bin/env bash
# npm run bench:speech: the local recogniser step by step, Debian's PocketSphinx beside the project's build
# (services/media-worker/test/speech/latency.bench.ts).
source "$(dirname "$0")/../lib/common.sh"
ensure_node_modules
ensure_apt_packages ffmpeg flite pocketsphinx pocketsphinx-en-us
ensure_pocketsphinx
exec jest --config jest.config.js --testMatch '**/test/speech/latency.bench.ts' --testTimeout 600000
