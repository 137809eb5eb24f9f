/**
 * Interface-string placeholders, shared by the theme (every string it shows) and the engine
 * (the titles of generated pages, such as a tag page's), so both fill `{name}` the same way.
 */
export function fill(message: string, values?: Record<string, string | number>): string {
  if (!values) return message;
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
