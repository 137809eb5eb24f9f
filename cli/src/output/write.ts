import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import path from 'node:path';

/** A fresh staging folder beside the output, so the final rename stays on one filesystem. */
export function createStagingDir(outDir: string): string {
  const staging = `${outDir}.tmp-${process.pid}-${Date.now()}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  return staging;
}

export function writeOutFile(root: string, rel: string, contents: string | Uint8Array) {
  const abs = path.join(root, rel);
  mkdirSync(path.dirname(abs), { recursive: true });
  writeFileSync(abs, contents);
}

export function copyOutFile(root: string, rel: string, from: string) {
  const abs = path.join(root, rel);
  mkdirSync(path.dirname(abs), { recursive: true });
  copyFileSync(from, abs);
}

/**
 * Replaces outDir by the staging folder: the old output is moved aside first and only
 * removed once the new one is in place, so a failure at any point leaves one complete build.
 */
export function swapIn(staging: string, outDir: string) {
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

export function discardStaging(staging: string) {
  rmSync(staging, { recursive: true, force: true });
}
