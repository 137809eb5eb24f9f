/**
 * A light Portuguese stemmer, after Jacques Savoy's "light" stemmer as implemented in
 * Lucene's PortugueseLightStemmer: plurals, feminine forms, -mente adverbs and the final
 * vowel. It maps "números"/"número", "configurações"/"configuração", "verificada"/
 * "verificado" and "tokens"/"token" together without the aggressive (and surprising)
 * conflations of RSLP. It works on accent-folded, lower-case words (see terms.ts).
 */
export function stemPt(word: string): string {
  if (word.length < 4 || /\d/.test(word)) return word;
  let w = removeSuffix(word);
  if (w.length > 3 && w.endsWith('a')) w = normaliseFeminine(w);
  if (w.length > 4 && /[aeo]$/.test(w)) w = w.slice(0, -1);
  // Plural -ns comes from a final -m (mensagem/mensagens) but also ends English loanwords
  // (token/tokens): meeting on -n maps both pairs together.
  if (w.length > 3 && w.endsWith('m')) w = w.slice(0, -1) + 'n';
  return w;
}

function removeSuffix(w: string): string {
  const n = w.length;
  if (n > 4 && w.endsWith('es') && 'rslz'.includes(w[n - 3])) return w.slice(0, -2); // cores → cor, meses → mes
  if (n > 3 && w.endsWith('ns')) return w.slice(0, -1); // mensagens → mensagen (see stemPt)
  if (n > 4 && w.endsWith('eis')) return w.slice(0, -3) + 'el'; // papéis → papel
  if (n > 4 && w.endsWith('ais')) return w.slice(0, -3) + 'al'; // manuais → manual
  if (n > 4 && w.endsWith('ois')) return w.slice(0, -3) + 'ol'; // anzóis → anzol
  if (n > 4 && w.endsWith('is')) return w.slice(0, -2) + 'il'; // funis → funil
  if (n > 3 && (w.endsWith('oes') || w.endsWith('aes'))) return w.slice(0, -3) + 'ao'; // integrações → integração
  if (n > 6 && w.endsWith('mente')) return w.slice(0, -5); // rapidamente → rapida
  if (n > 3 && w.endsWith('s')) return w.slice(0, -1);
  return w;
}

function normaliseFeminine(w: string): string {
  const n = w.length;
  if (n > 7 && (w.endsWith('inha') || w.endsWith('iaca') || w.endsWith('eira'))) return w.slice(0, -1) + 'o';
  if (n > 6) {
    if (/(osa|ica|ida|ada|iva|ama)$/.test(w)) return w.slice(0, -1) + 'o'; // verificada → verificado
    if (w.endsWith('ona')) return w.slice(0, -3) + 'ao';
    if (w.endsWith('ora')) return w.slice(0, -1);
    if (w.endsWith('esa')) return w.slice(0, -1);
    if (w.endsWith('na')) return w.slice(0, -1) + 'o';
  }
  return w;
}
