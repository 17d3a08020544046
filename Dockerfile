# Model Data Service image: build the bundle with every dependency, run it with production dependencies only.
#   docker build -t model-data-service:0.1.0 .
#   docker run --rm -p 8080:8080 model-data-service:0.1.0
# Base images are pinned by major version and Debian release (never `latest`); pin a digest in your registry if you
# need byte-identical rebuilds.

# --- build: npm ci (dev dependencies included: esbuild, tsx), then the bundle in dist/ ---
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY scripts ./scripts
COPY src ./src
RUN npm run build

# --- deps: production dependencies only (better-sqlite3 is loaded from node_modules, outside the bundle) ---
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# --- runtime ---
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    LOG_LEVEL=info \
    KEYS_DB=/var/lib/model-data/keys.sqlite
WORKDIR /app
# The only place the service writes: the SQLite key store (unused when DATABASE_URL points at PostgreSQL).
RUN mkdir -p /var/lib/model-data && chown node:node /var/lib/model-data
# Code and data stay owned by root: the service user (node, uid 1000, from the base image) can read them, not
# rewrite them.
COPY --chown=root:root --from=deps /app/node_modules ./node_modules
COPY --chown=root:root package.json ./
COPY --chown=root:root --from=build /app/dist ./dist
COPY --chown=root:root data/dataset ./data/dataset
COPY --chown=root:root src/surfaces/web/assets ./src/surfaces/web/assets
USER node
EXPOSE 8080
# No curl in slim images: Node's own fetch asks /readyz (200 while serving, degraded included; 503 while starting
# or stopping).
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/readyz') \
        .then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server.mjs"]
