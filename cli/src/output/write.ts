import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ledgerFile, OutputLedger } from './output-ledger.js';
import type { ScannedFile } from './output-scan.js';

/**
 * The output under construction, by staging folder: every stage writes through
 * writeOutFile/copyOutFile, which consult it to skip files the previous build already wrote.
 */
const open = new Map<string, OutputLedger>();

/**
 * A fresh staging folder beside the output (so moving files in stays on one filesystem), with
 * the record of the previous output when there is a cache (null: write everything).
 */
/** A new staging folder's path for outDir (createOutput makes it). */
export const stagingPath = (outDir: string) => `${outDir}.tmp-${process.pid}-${Date.now()}`;

export function createOutput(outDir: string, cacheDir: string | null, staging = stagingPath(outDir), scanned?: ScannedFile[] | null): OutputLedger {
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const output = new OutputLedger(staging, outDir, cacheDir ? ledgerFile(cacheDir, outDir) : null, scanned);
  open.set(staging, output);
  return output;
}

/** Writes a file; with a record of the output, returns the key of its bytes (OutputLedger.write). */
export function writeOutFile(root: string, rel: string, contents: string | Uint8Array): string | null {
  const output = open.get(root);
  if (output) return output.write(rel, contents);
  const abs = path.join(root, rel);
  mkdirSync(path.dirname(abs), { recursive: true });
  writeFileSync(abs, contents);
  return null;
}

/** Keeps a file the previous build wrote with content `key`, unread; false when it did not. */
export function keepOutFile(root: string, rel: string, key: string): boolean {
  return open.get(root)?.keepIfUnchanged(rel, key) ?? false;
}

/** The output record of a staging folder (null without one: everything is written). */
export function outputOf(root: string): OutputLedger | null {
  return open.get(root) ?? null;
}

export function copyOutFile(root: string, rel: string, from: string) {
  const output = open.get(root);
  if (output) return output.copy(rel, from);
  const abs = path.join(root, rel);
  mkdirSync(path.dirname(abs), { recursive: true });
  copyFileSync(from, abs);
}

/** Moves the finished output in (only what changed when the previous output is reusable). */
export async function finishOutput(output: OutputLedger) {
  open.delete(output.staging);
  await output.apply(swapIn);
}

/**
 * Replaces outDir by the staging folder: the old output is moved aside first and only
 * removed once the new one is in place, so a failure at any point leaves one complete build.
 */
function swapIn(staging: string, outDir: string) {
  const old = `${outDir}.old-${process.pid}-${Date.now()}`;
  const hadOld = existsSync(outDir);
  if (hadOld) renameSync(outDir, old);
  try {
    renameSync(staging, outDir);
  } catch (error) {
    if (hadOld) renameSync(old, outDir);
    throw error;
  }
  if (hadOld) rmSync(old, { recursive: true, force: true });
}

export async function discardOutput(output: OutputLedger) {
  open.delete(output.staging);
  // Writes still in flight must end before their folder goes.
  await output.flush().catch(() => undefined);
  rmSync(output.staging, { recursive: true, force: true });
}
