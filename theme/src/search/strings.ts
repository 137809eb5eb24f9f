/**
 * The search box's pt-BR strings. Flat keys in the shape of theme/src/i18n/pt-BR.json, so
 * they can move there as they are; until then they live beside the component.
 */
export const searchStrings = {
  'search.button': 'Buscar',
  /** Read after 'search.button' by screen readers: "Buscar na documentação (Ctrl+K ou /)". */
  'search.buttonLabelRest': ' na documentação (Ctrl+K ou /)',
  'search.dialogLabel': 'Buscar na documentação',
  'search.inputLabel': 'Buscar',
  'search.inputPlaceholder': 'Buscar na documentação',
  'search.close': 'Fechar a busca',
  'search.closeShort': 'Fechar',
  'search.resultsLabel': 'Resultados da busca',
  'search.hint': 'Digite para buscar em todas as páginas.',
  'search.loading': 'Carregando a busca…',
  'search.error': 'Não foi possível carregar a busca.',
  'search.retry': 'Tentar novamente',
  'search.noResults': 'Nenhum resultado para “{query}”',
  'search.resultCount.one': '1 página encontrada',
  'search.resultCount.other': '{count} páginas encontradas',
  'search.keys.navigate': 'navegar',
  'search.keys.open': 'abrir',
  'search.keys.close': 'fechar',
  'search.pageTop': 'Início da página',
} as const;

export type SearchStringKey = keyof typeof searchStrings;

/** Looks a string up and fills `{name}` placeholders (the same syntax as i18n/translate.ts). */
export function t(key: SearchStringKey, values?: Record<string, string | number>): string {
  const message: string = searchStrings[key];
  return values ? message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole)) : message;
}
