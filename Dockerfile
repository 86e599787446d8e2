# syntax=docker/dockerfile:1
# One Dockerfile, one target per image: gateway, consent, billing, media-worker, migrate.
#   docker build --target gateway -t consentiq/gateway:<tag> .
# docker-compose.yml builds every target; docs/OPERATIONS.md explains the release.

# The Node the tests run on: package.json's devDependency "node" (the test in test/deploy checks they agree).
ARG NODE_VERSION=24.21.0

FROM node:${NODE_VERSION}-bookworm-slim AS base
ENV NODE_ENV=production
WORKDIR /app

# Install scripts are skipped: the image brings Node (so the "node" package's download is not needed), sharp uses its
# prebuilt binary package and msgpackr its JavaScript fallback, as package.json's allowScripts already decides.
FROM base AS production-dependencies
COPY package.json package-lock.json .npmrc ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --ignore-scripts --no-audit --no-fund

FROM base AS build
ENV NODE_ENV=development
COPY package.json package-lock.json .npmrc ./
RUN --mount=type=cache,target=/root/.npm npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json nest-cli.json ./
COPY scripts scripts
COPY libs libs
COPY services services
COPY frontend frontend
# The same build as npm start and npm test (scripts/lib/common.sh), so the layout matches scripts/lib/services.json.
RUN bash -c 'source scripts/lib/common.sh && build_app'

# The media worker's PocketSphinx: Debian's source with the project's patches, as npm start and npm test build it
# (scripts/lib/common.sh ensure_pocketsphinx); static binaries that decode bit for bit as Debian's do, in less time.
FROM debian:bookworm-slim AS pocketsphinx
RUN apt-get update \
  && apt-get install -y --no-install-recommends gcc make libc6-dev patch xz-utils autoconf automake libtool bison pkg-config \
  && rm -rf /var/lib/apt/lists/*
COPY services/media-worker/pocketsphinx /recipe
RUN bash /recipe/build.sh /opt/pocketsphinx

# What every service image shares. The heap bounds are npm start's (scripts/lib/service-node-options.mjs).
FROM base AS service
ENV NODE_OPTIONS="--max-semi-space-size=8 --max-old-space-size=512"
COPY --from=production-dependencies /app/node_modules node_modules
# Numeric, so Kubernetes' runAsNonRoot can verify it (the image's "node" user).
USER 1000:1000

FROM service AS consent
COPY --from=build /app/dist/services/consent dist/services/consent
EXPOSE 3001 9465
CMD ["node", "dist/services/consent/services/consent/src/main.js"]

FROM service AS billing
COPY --from=build /app/dist/services/billing dist/services/billing
EXPOSE 3002 9466
CMD ["node", "dist/services/billing/services/billing/src/main.js"]

FROM service AS gateway
COPY --from=build /app/dist/services/gateway dist/services/gateway
COPY --from=build /app/dist/frontend dist/frontend
EXPOSE 3000 9464
CMD ["node", "dist/services/gateway/services/gateway/src/main.js"]

# The release step: every schema's pending migrations, one service after the other (npm run migrate's script).
FROM service AS migrate
COPY --from=build /app/dist/services/consent dist/services/consent
COPY --from=build /app/dist/services/billing dist/services/billing
COPY --from=build /app/dist/services/gateway dist/services/gateway
COPY scripts/migrate.mjs scripts/migrate.mjs
COPY scripts/lib/services.json scripts/lib/services.json
CMD ["node", "scripts/migrate.mjs"]

# The analysis tools it runs as child processes (as scripts/start.sh installs them); tini reaps any child that
# outlives a killed step, since Node as PID 1 does not.
FROM service AS media-worker
USER root
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg espeak-ng pocketsphinx pocketsphinx-en-us tini \
  && rm -rf /var/lib/apt/lists/*
COPY --from=pocketsphinx /opt/pocketsphinx /opt/pocketsphinx
ENV POCKETSPHINX_BIN_DIR=/opt/pocketsphinx/bin
COPY --from=build /app/dist/services/media-worker dist/services/media-worker
USER 1000:1000
EXPOSE 9467
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/services/media-worker/services/media-worker/src/main.js"]
