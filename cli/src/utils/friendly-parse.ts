import type { z } from 'zod';

/**
 * The one way docgen validates user data with zod (site config, front matter, `_category_`
 * files, the build manifest): every issue at once, each as a config path and a sentence that
 * says what was expected and what was received, in the style of Starlight's error map. Keys
 * the schema does not know are reported apart, with the closest known key, since zod drops
 * them silently.
 */
export interface FriendlyIssue {
  /** Dotted path, e.g. `themeConfig.navbar.items.2.type`; '' for the root. */
  path: string;
  message: string;
}

export type FriendlyResult<T> = { ok: true; data: T; unknownKeys: FriendlyIssue[] } | { ok: false; issues: FriendlyIssue[]; unknownKeys: FriendlyIssue[] };

export function friendlyParse<T>(schema: z.ZodType<T>, data: unknown): FriendlyResult<T> {
  const result = schema.safeParse(data, { reportInput: true });
  const unknownKeys = findUnknownKeys(schema, data, []);
  if (result.success) return { ok: true, data: result.data, unknownKeys };
  return { ok: false, issues: result.error.issues.map(describeIssue), unknownKeys };
}

const show = (value: unknown): string => {
  if (value === undefined) return 'nothing';
  if (typeof value === 'function') return 'a function';
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

const typeOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** One zod issue → "Expected …, received …". */
export function describeIssue(issue: z.core.$ZodIssue): FriendlyIssue {
  const path = issue.path.map(String).join('.');
  const input = (issue as { input?: unknown }).input;
  let message: string;
  // A schema's own message (e.g. the navbar's "Unknown navbar item type") says it best.
  const generic = /^Invalid (input|option)/.test(issue.message);
  if (!generic && issue.code !== 'too_small' && issue.code !== 'too_big') {
    return { path, message: input === undefined || issue.code === 'invalid_union' ? issue.message : `${issue.message} (received ${show(input)})` };
  }
  switch (issue.code) {
    case 'invalid_type':
      message = input === undefined ? `Required: expected ${issue.expected}` : `Expected ${issue.expected}, received ${typeOf(input)} ${show(input)}`;
      break;
    case 'invalid_value':
      message = `Expected one of ${issue.values.map((v) => JSON.stringify(v)).join(' | ')}, received ${show(input)}`;
      break;
    case 'invalid_union': {
      // A discriminated union names what it expected in its own note; otherwise list the options' first issues.
      const note = (issue as { note?: string }).note;
      const options = (issue.errors ?? []).map((errs) => errs[0]).filter(Boolean).map((e) => describeIssue(e as z.core.$ZodIssue).message);
      message = note ? `${note}, received ${show(input)}` : `Did not match any allowed form, received ${show(input)}${options.length ? ` (${[...new Set(options)].join('; or ')})` : ''}`;
      break;
    }
    case 'too_small':
    case 'too_big':
      message = `${issue.message} (received ${show(input)})`;
      break;
    default:
      message = `${issue.message}${input !== undefined ? ` (received ${show(input)})` : ''}`;
  }
  return { path, message };
}

type Def = { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; element?: z.ZodType; options?: z.ZodType[]; catchall?: z.ZodType };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Keys of plain objects in `data` that `schema` does not declare, with the closest known key. */
function findUnknownKeys(schema: z.ZodType, data: unknown, path: string[]): FriendlyIssue[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return def.innerType ? findUnknownKeys(def.innerType, data, path) : [];
    case 'array':
      return Array.isArray(data) && def.element ? data.flatMap((item, i) => findUnknownKeys(def.element!, item, [...path, String(i)])) : [];
    case 'union': {
      // The option the value matches (or, for tagged unions, the one with its tag) is the one to compare with.
      const options = def.options ?? [];
      const match = options.find((o) => o.safeParse(data).success) ?? options.find((o) => sameTag(o, data));
      return match ? findUnknownKeys(match, data, path) : [];
    }
    case 'object': {
      if (!isPlainObject(data) || def.catchall) return [];
      const shape = def.shape ?? {};
      const known = Object.keys(shape);
      const out: FriendlyIssue[] = [];
      for (const [key, value] of Object.entries(data)) {
        if (key in shape) out.push(...findUnknownKeys(shape[key], value, [...path, key]));
        else {
          const near = closest(key, known);
          out.push({ path: [...path, key].join('.'), message: `unknown key "${key}" is ignored${near ? ` (did you mean "${near}"?)` : ''}` });
        }
      }
      return out;
    }
    default:
      return [];
  }
}

function sameTag(option: z.ZodType, data: unknown): boolean {
  const shape = defOf(option).shape;
  if (!shape || !isPlainObject(data)) return false;
  const tag = defOf(shape.type ?? ({ _zod: { def: { type: '' } } } as unknown as z.ZodType)) as { values?: unknown[] };
  return Array.isArray(tag.values) && tag.values.includes(data.type);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** The known key within edit distance 2 (or a third of its length) of `key`, if any. */
export function closest(key: string, known: string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const k of known) {
    const d = distance(key.toLowerCase(), k.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return bestDistance <= Math.max(2, Math.floor(key.length / 3)) ? best : undefined;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length];
}
