/**
 * Compact (de)serialisation of MiniSearch's plain-object index.
 *
 * MiniSearch writes postings as {"fieldId": {"docId": freq}} objects and repeats a
 * documentIds table we do not need (our ids are the document numbers). Here each posting
 * is one number: the delta from the previous document number, times two, plus one when the
 * term occurs more than once. Term frequencies are capped at 2 ("once" or "repeatedly"):
 * on the 1000-page bench corpus exact frequencies cost 260 KiB gzip against 196 KiB,
 * and the budget for the whole first search is 400 KiB. BM25 saturates anyway.
 */
import type { AsPlainObject } from 'minisearch';
import type { EncodedIndex } from './types.js';

export function encodeIndex(plain: AsPlainObject, documentCount: number): EncodedIndex {
  const fieldCount = Object.keys(plain.fieldIds).length;
  const fieldLength: number[] = [];
  const sums = new Array<number>(fieldCount).fill(0);
  const counts = new Array<number>(fieldCount).fill(0);
  for (let id = 0; id < documentCount; id++) {
    const lengths = plain.fieldLength[id] ?? [];
    for (let f = 0; f < fieldCount; f++) {
      const length = lengths[f] ?? 0;
      fieldLength.push(length);
      if (length > 0) (sums[f] += length), (counts[f] += 1);
    }
  }
  const entries = [...plain.index].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const terms: string[] = [];
  const postings: number[][][] = [];
  for (const [term, byField] of entries) {
    const lists: number[][] = [];
    for (const [fieldId, freqs] of Object.entries(byField)) {
      const ids = Object.keys(freqs).map(Number).sort((a, b) => a - b);
      const list = [Number(fieldId)];
      let previous = -1;
      for (const id of ids) {
        list.push((id - previous) * 2 + (freqs[id] > 1 ? 1 : 0));
        previous = id;
      }
      lists.push(list);
    }
    terms.push(term);
    postings.push(lists);
  }
  return {
    fieldIds: plain.fieldIds,
    // Averages over the documents that have the field: a page's text is only on its top
    // document, and counting the heading documents' zeros would skew BM25's length norm.
    averageFieldLength: sums.map((sum, f) => (counts[f] ? Math.round((sum / counts[f]) * 100) / 100 : 0)),
    fieldLength,
    terms,
    postings,
  };
}

export function decodeIndex(encoded: EncodedIndex, documentCount: number): AsPlainObject {
  const fieldCount = Object.keys(encoded.fieldIds).length;
  const documentIds: Record<string, number> = {};
  const fieldLength: Record<string, number[]> = {};
  for (let id = 0; id < documentCount; id++) {
    documentIds[id] = id;
    fieldLength[id] = encoded.fieldLength.slice(id * fieldCount, (id + 1) * fieldCount);
  }
  const index: AsPlainObject['index'] = new Array(encoded.terms.length);
  for (let t = 0; t < encoded.terms.length; t++) index[t] = [encoded.terms[t], decodePostings(encoded.postings[t])];
  return {
    documentCount,
    nextId: documentCount,
    documentIds,
    fieldIds: encoded.fieldIds,
    fieldLength,
    averageFieldLength: encoded.averageFieldLength,
    storedFields: {},
    dirtCount: 0,
    index,
    serializationVersion: 2,
  };
}

/** One term's postings (see EncodedIndex) → MiniSearch's { fieldId: { document: frequency } }. */
export function decodePostings(lists: number[][]): Record<string, Record<string, number>> {
  const byField: Record<string, Record<string, number>> = {};
  for (const list of lists) {
    const freqs: Record<string, number> = {};
    let id = -1;
    for (let i = 1; i < list.length; i++) {
      const entry = list[i];
      id += entry >>> 1;
      freqs[id] = (entry & 1) + 1;
    }
    byField[list[0]] = freqs;
  }
  return byField;
}
