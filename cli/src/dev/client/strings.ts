// The theme's pt-BR strings for `docgen dev` (the site's language), for the overlay and its
// hints. A file of their own beside pt-BR.json: pages never load them (their JavaScript has a
// budget), and this small browser script loads no theme module (React, CSS).
import ptBR from '@docgen/theme/i18n/dev.pt-BR.json';

export type DevStringKey = keyof typeof ptBR;

/** The theme's `translate`, for the one catalog this site has: `{name}` placeholders filled. */
export function devString(key: DevStringKey, values: Record<string, string | number> = {}): string {
  return ptBR[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
