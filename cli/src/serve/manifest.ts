import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { DocgenError } from '../errors.js';
import { friendlyParse } from '../utils/friendly-parse.js';

/**
 * The part of build/.docgen/manifest.json (ARCHITECTURE.md, BuildManifest) that the server
 * relies on. Validated on start: a server that guesses at a half-written manifest could
 * serve protected files publicly.
 */
const AuthSchema = z.object({
  allowedDomain: z.string().min(1),
  firebase: z.object({
    apiKey: z.string(),
    authDomain: z.string(),
    projectId: z.string().min(1),
    storageBucket: z.string(),
    messagingSenderId: z.string(),
    appId: z.string(),
  }),
  emulatorHost: z.string().min(1).nullable(),
  mode: z.enum(['server', 'static']),
});

const ManifestSchema = z.object({
  version: z.literal(1),
  baseUrl: z.string().startsWith('/').endsWith('/'),
  routes: z.array(z.string()),
  redirects: z.record(z.string(), z.string()),
  notFound: z.string().min(1),
  loginShell: z.string().min(1),
  publicPrefix: z.string().startsWith('/').endsWith('/'),
  auth: AuthSchema.nullable(),
  /** The config's `url`, when set: the public URL production answers for (else DOCGEN_SITE_URL). */
  siteUrl: z.string().nullable().optional(),
});

export type ServeManifest = z.infer<typeof ManifestSchema>;
export type ServeAuth = NonNullable<ServeManifest['auth']>;

export const MANIFEST_PATH = path.join('.docgen', 'manifest.json');

/** A build folder docgen serve cannot use (missing, not JSON, not a manifest of this version). */
export class ManifestError extends DocgenError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ManifestError';
  }
}

/** Reads and validates `<buildDir>/.docgen/manifest.json`. */
export async function readManifest(buildDir: string): Promise<ServeManifest> {
  const file = path.join(buildDir, MANIFEST_PATH);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new ManifestError(`no build found: ${file} is missing. Run \`docgen build\` first (or pass --dir).`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new ManifestError(`${file} is not valid JSON (${(err as Error).message}). Rebuild the site.`, { cause: err });
  }
  const parsed = friendlyParse(ManifestSchema, json);
  if (!parsed.ok) {
    const issues = parsed.issues.map((i) => `  ${i.path || '(root)'}: ${i.message}`).join('\n');
    throw new ManifestError(`${file} is not a docgen build manifest:\n${issues}\nRebuild the site with this docgen version.`);
  }
  const m = parsed.data;
  if (!m.publicPrefix.startsWith(m.baseUrl)) {
    throw new ManifestError(`${file}: publicPrefix ${m.publicPrefix} is outside baseUrl ${m.baseUrl}.`);
  }
  return m;
}
