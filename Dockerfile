# Lamplight for a ministry: `docker compose up` (docker-compose.yml) or `docker build -t lamplight .`.
# Three stages: production dependencies, the web build, and a small runtime image with both.

# Production dependencies only. tsx (runs the TypeScript server) and sharp are runtime dependencies;
# installing inside the image gets the Linux (glibc) builds of sharp and esbuild, never the host's.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# The web app, built once here so that the server never builds at start (`npm start` would, when stale).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx vite build

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
# The code stays owned by root (read-only to the app); only DATA_DIR is the app's. A named volume mounted
# on /data starts with this ownership.
RUN mkdir /data && chown node:node /data
# tsconfig.json: tsx compiles the server with the same settings as `npm start`.
COPY package.json tsconfig.json ./
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist/web ./dist/web
# src/server holds the migrations (db/migrations), applied at every start; content/ is the story library.
COPY src/server ./src/server
COPY src/core ./src/core
COPY content ./content
# The accounts tool: docker compose exec app1 npm run users -- promote pastor@example.org leader
COPY scripts/users.ts ./scripts/users.ts
USER node
EXPOSE 3000
# No curl in the slim image; Node's fetch asks the same endpoint the load balancer does.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The server drains on SIGTERM within 10 s (docker stop's default grace). Node itself is PID 1, not npm,
# so the signal reaches it.
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "src/server/main.ts"]
