# syntax=docker/dockerfile:1
# The production image (README "Production"): one image for both processes, chosen by ROLE
# (web | worker | all). Node 24 LTS, as .nvmrc; the server runs its TypeScript through tsx, as
# `npm start` does. compose.yaml runs it with PostgreSQL, Redis and MinIO.
ARG NODE_VERSION=24

# 1. Every dependency, then the web app's build; then only what runs in production is kept.
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/domain/package.json packages/domain/
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/extension/package.json apps/extension/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build -w apps/web \
  && npm prune --omit=dev --no-audit --no-fund \
  && rm -rf e2e apps/server/test apps/server/bench apps/web/src .ci

# 2. The runtime: files owned by root and read-only for the app's user (`node`, uid 1000); only
#    DATA_DIR (/data) is writable.
FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production \
    ROLE=all \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# web/all: GET /api/health; worker: its database answers (scripts/healthcheck.mjs).
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
  CMD ["node", "scripts/healthcheck.mjs"]
# the flags of scripts/server-command.mjs
CMD ["node", "--v8-pool-size=1", "--import", "tsx", "apps/server/src/main.ts"]
