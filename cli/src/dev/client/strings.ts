// The theme's pt-BR strings (the site's language), for the dev overlay and its hints. Only the
// JSON is imported: the theme's modules are React and CSS, which this small browser script
// should not load. (Bundled into the dev client by esbuild.)
import ptBR from '@docgen/theme/i18n/pt-BR.json';

export type DevStringKey = keyof typeof ptBR;

/** The theme's `translate`, for the one catalog this site has: `{name}` placeholders filled. */
export function devString(key: DevStringKey, values: Record<string, string | number> = {}): string {
  return ptBR[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
