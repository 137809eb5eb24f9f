import type { SiteConfigInput } from './schema.js';

/** Types site.config.ts; returns the configuration unchanged (validation happens at load). */
export function defineConfig(config: SiteConfigInput): SiteConfigInput {
  return config;
}
