/**
 * `@docusaurus/useGlobalData`: the data Docusaurus plugins publish for the browser. docgen runs
 * no Docusaurus plugins, so there is none: an empty object, and no data for any plugin (the
 * build warns about each plugin it leaves out).
 */
export default function useGlobalData(): Record<string, Record<string, unknown>> {
  return {};
}

export function useAllPluginInstancesData(_pluginName: string): Record<string, unknown> {
  return {};
}

export function usePluginData(_pluginName: string, _pluginId?: string): unknown {
  return undefined;
}
