import { FIELDS, type IndexedDocument } from '@docgen/core/search/options';
import { processTerm, tokenize } from '@docgen/core/search/terms';
import type { EncodedIndex } from '@docgen/core/search/types';

/**
 * Builds the encoded index (EncodedIndex, see core/src/search/encode.ts) one document at a
 * time, writing each posting in its final form: the same result as MiniSearch's `addAll`,
 * `toJSON` and `encodeIndex`, term by term and number by number. MiniSearch keeps a Map per
 * term and field with an entry per document, and `toJSON` copies it all into objects once
 * more: at 10,000 pages that took about 1 GB for an index whose postings are a few million
 * small numbers.
 *
 * Documents must be added with ids 0, 1, 2… (as the builder numbers them), so each posting
 * list grows in document order and an entry is final once the next document starts.
 */
export class PostingsWriter {
  /**
   * Term → per field id: [fieldId, ...entries] (see EncodedIndex.postings), or undefined; and
   * per field id the last document the term was seen in (-1: none). One map: a term is looked
   * up once per occurrence (most of an index's time once pages' analyses are kept).
   */
  private readonly terms = new Map<string, { lists: (number[] | undefined)[]; last: number[] }>();
  private readonly fieldLength: number[] = [];
  private documents = 0;

  add(doc: IndexedDocument): void {
    this.addAnalyzed(doc.id, analyzeDocument(doc));
  }

  /** Adds a document from its analysis (analyzeDocument), which a build may have kept from the last one. */
  addAnalyzed(id: number, analyzed: AnalyzedDocument): void {
    if (id !== this.documents) throw new Error(`internal: search document ${id} added as number ${this.documents}`);
    this.documents++;
    analyzed.forEach(([length, terms, repeated], fieldId) => {
      this.fieldLength.push(length);
      for (const term of terms) this.addTerm(term, fieldId, id);
      // A term seen more than once in the field: the entry's low bit, as the token loop set it.
      for (const i of repeated) this.addTerm(terms[i], fieldId, id);
    });
  }

  private addTerm(term: string, fieldId: number, id: number) {
    let entry = this.terms.get(term);
    if (!entry) this.terms.set(term, (entry = { lists: [], last: FIELDS.map(() => -1) }));
    const { lists, last } = entry;
    const list = (lists[fieldId] ??= [fieldId]);
    if (last[fieldId] === id) {
      // Seen before in this field of this document: "repeatedly" (the entry's low bit).
      list[list.length - 1] |= 1;
      return;
    }
    list.push((id - last[fieldId]) * 2);
    last[fieldId] = id;
  }

  finish(): EncodedIndex {
    const fieldCount = FIELDS.length;
    const sums = new Array<number>(fieldCount).fill(0);
    const counts = new Array<number>(fieldCount).fill(0);
    this.fieldLength.forEach((length, i) => {
      if (length > 0) (sums[i % fieldCount] += length), (counts[i % fieldCount] += 1);
    });
    const terms = [...this.terms.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const postings = terms.map((term) => this.terms.get(term)!.lists.filter((list): list is number[] => list !== undefined));
    return {
      fieldIds: Object.fromEntries(FIELDS.map((field, i) => [field, i])),
      // As encodeIndex: averages over the documents that have the field.
      averageFieldLength: sums.map((sum, f) => (counts[f] ? Math.round((sum / counts[f]) * 100) / 100 : 0)),
      fieldLength: this.fieldLength,
      terms,
      postings,
    };
  }
}

/**
 * What indexing takes from one document, per field (in FIELDS order): MiniSearch's field
 * length (distinct words as written), its distinct terms in the order first seen, and which
 * of them occur more than once. Adding it gives the postings the token loop gave.
 */
export type AnalyzedDocument = [length: number, terms: string[], repeated: number[]][];

export function analyzeDocument(doc: IndexedDocument): AnalyzedDocument {
  return FIELDS.map((field) => {
    const tokens = tokenize(doc[field]);
    const seen = new Map<string, number>();
    const terms: string[] = [];
    const repeated = new Set<number>();
    for (const token of tokens) {
      const term = processTerm(token);
      if (!term) continue;
      const at = seen.get(term);
      if (at === undefined) seen.set(term, terms.push(term) - 1);
      else repeated.add(at);
    }
    return [new Set(tokens).size, terms, [...repeated].sort((a, b) => a - b)];
  });
}
