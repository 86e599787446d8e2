#!/usr/bin/env bash
# npm run bench:speech-quality: the speech check's recall and false grants per condition over the whole corpus, the live
# hearing's agreement with the stored verdict, recall after read-along, and takes said one word at a time
# (services/media-worker/test/speech/quality.bench.ts; SPEECH_VOICES and SPEECH_CONDITIONS narrow it).
source "$(dirname "$0")/../lib/common.sh"
ensure_node_modules
ensure_apt_packages ffmpeg espeak-ng flite pocketsphinx pocketsphinx-en-us
ensure_pocketsphinx
exec jest --config jest.config.js --testMatch '**/test/speech/quality.bench.ts' --testTimeout 86400000
