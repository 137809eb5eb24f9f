/** What site.config.ts and plugins may import from 'docgen'. */
export { defineConfig } from './config/define-config.js';
export type { SiteConfigInput, SiteConfig } from './config/schema.js';
