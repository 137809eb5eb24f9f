/** `docgen serve`: the production server that enforces the sign-in (DESIGN.md section 5). */
export { readManifest, ManifestError, type ServeManifest } from './manifest.js';
export { resolveSettings, type ServeSettings } from './settings.js';
export { startServer, type RunningServer } from './server.js';
