# docgen serve for Cloud Run: the company site is built into the image and served with the
# sign-in enforced on the server. README "Deploy" has the commands and the settings.
FROM node:20-bookworm-slim AS build
WORKDIR /app
# Dependencies first, so a content edit does not reinstall them.
COPY package.json package-lock.json ./
COPY cli/package.json cli/package.json
COPY core/package.json core/package.json
COPY theme/package.json theme/package.json
RUN npm install --ignore-scripts --no-audit --no-fund
COPY . .
# The sign-in settings go into the pages at build time (the browser needs them; none is a
# secret). The site URL is the one host the server answers in production.
ARG DOCGEN_ALLOWED_DOMAIN
ARG DOCGEN_FIREBASE_API_KEY
ARG DOCGEN_FIREBASE_AUTH_DOMAIN
ARG DOCGEN_FIREBASE_PROJECT_ID
ARG DOCGEN_FIREBASE_STORAGE_BUCKET
ARG DOCGEN_FIREBASE_MESSAGING_SENDER_ID
ARG DOCGEN_FIREBASE_APP_ID
ARG DOCGEN_SITE_URL
RUN for v in DOCGEN_ALLOWED_DOMAIN DOCGEN_FIREBASE_API_KEY DOCGEN_FIREBASE_AUTH_DOMAIN DOCGEN_FIREBASE_PROJECT_ID DOCGEN_SITE_URL; do \
      eval "test -n \"\$$v\"" || { echo "docker build: --build-arg $v=... is required (README, Deploy)"; exit 1; }; \
    done \
 && node cli/scripts/build-cli.mjs \
 && node cli/bin/docgen.js build . --strict-links \
 && npm prune --omit=dev --ignore-scripts --no-audit --no-fund \
 && rm -rf .docgen bench content/test

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
# Owned by root, run as `node`: the server can read the site but not change it.
COPY --from=build /app /app
USER node
# Cloud Run sets PORT (8080) and terminates TLS in front: X-Forwarded-* come from it. Two
# proxies append to X-Forwarded-For: Firebase Hosting (the client's address), then Cloud Run
# (the address of Hosting's edge): the client is the second entry from the right.
# Secrets at run time: DOCGEN_SESSION_SECRET (and DOCGEN_SESSION_SECRET_PREVIOUS while rotating).
EXPOSE 8080
CMD ["node", "cli/bin/docgen.js", "serve", ".", "--host", "0.0.0.0", "--trust-proxy", "2"]
