#!/usr/bin/env bash
# npm start: installs what is missing, makes sure Postgres and Redis answer, builds, then serves the app
# (the gateway applies pending migrations on start because .env sets MIGRATE_ON_START=true).
source "$(dirname "$0")/lib/common.sh"

ensure_node_modules
# The media worker's tools: ffmpeg/ffprobe and the offline recogniser (espeak-ng derives names' pronunciations).
ensure_apt_packages ffmpeg espeak-ng pocketsphinx pocketsphinx-en-us
ensure_pocketsphinx
ensure_postgres
ensure_redis
node scripts/dev-env.mjs
build_app
exec node scripts/run-services.mjs
