# syntax=docker/dockerfile:1
# Seller center: one image serving the API and the web app.
# Build: docker build -t seller-center .   Run: docker run -p 3000:3000 -v sc-data:/data seller-center

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/locales/package.json packages/locales/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=3000 \
    HOST=0.0.0.0
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/locales/package.json packages/locales/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --no-audit --no-fund --workspace @seller/api \
    && npm cache clean --force
COPY packages/contract/src packages/contract/src
COPY packages/locales/src packages/locales/src
COPY apps/api/src apps/api/src
COPY apps/api/assets apps/api/assets
COPY apps/api/drizzle apps/api/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/api/dist apps/api/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
STOPSIGNAL SIGTERM
# The bundled server (npm run build): no TypeScript transpiling at start. Commands use tsx.
# The Node.js options are those of scripts/server-flags.mjs.
CMD ["node", "--enable-source-maps", "--max-semi-space-size=64", "apps/api/dist/server.js"]
