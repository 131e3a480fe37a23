# formspam's server: `formspam serve` on port 8080, as a non-root user, with everything it writes
# in the volume /data, its data directory (FORMSPAM_DATA_DIR): the SQLite store in
# /data/store/formspam.db, the lists `formspam update-lists` downloads in /data/lists.
#   docker build -t formspam .
#   docker run -d -p 8080:8080 -v formspam-data:/data -e FORMSPAM_MASTER_KEY="$(openssl rand -hex 32)" formspam
#   docker run --rm -v formspam-data:/data formspam node dist/cli/main.js update-lists
# See "Deploy it" in README.md (reverse proxy, several instances on Redis, lists, backups).

FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 is built from source when no prebuilt binary can be fetched.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    FORMSPAM_HOST=0.0.0.0 \
    FORMSPAM_PORT=8080 \
    FORMSPAM_DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/data/asn.bin /app/data/text-model.bin ./data/
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8080/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/cli/main.js", "serve"]
