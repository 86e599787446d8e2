#!/usr/bin/env bash
# npm test: the same set-up as npm start, then every suite against real Postgres, Redis and Chromium.
source "$(dirname "$0")/lib/common.sh"

ensure_node_modules
# docker-compose (Debian's, v1) only validates docker-compose.yml here (test/deploy/compose.spec.ts): no engine runs.
ensure_apt_packages chromium fonts-dejavu-core ffmpeg espeak-ng flite pocketsphinx pocketsphinx-en-us docker-compose
ensure_pocketsphinx
ensure_kustomize
ensure_postgres
ensure_redis
build_app

RESULTS="$DATA_DIR/test-results"
rm -rf "$RESULTS"; mkdir -p "$RESULTS"
status=0
say "Type check, lint and format check (services, libs, tests, web app)"
npm run --silent typecheck || status=1
npm run --silent lint || status=1
npm run --silent format:check || status=1
say "API and unit tests (jest)"
npx jest --config jest.config.js --json --outputFile="$RESULTS/api.json" || status=1
say "Web app unit tests (vitest)"
npx vitest run --config frontend/vite.config.ts --reporter=default --reporter=json --outputFile.json="$RESULTS/web.json" || status=1
say "Browser tests (Chromium)"
npx jest --config jest.e2e.config.js --json --outputFile="$RESULTS/browser.json" || status=1
node scripts/test-summary.mjs "$RESULTS"/*.json || status=1
exit $status
