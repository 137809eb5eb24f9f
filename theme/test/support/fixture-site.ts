import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../../../test-support/browser';
import { serveStatic, type StaticServer } from './static-server';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../../../', import.meta.url));
export const FIXTURE = path.join(repo, 'theme/test/fixtures/theme-site');

export interface FixtureSite {
  url: string;
  browser: Browser;
  dir: string;
  close(): Promise<void>;
}

/** Builds a fixture site (the theme's by default) with the real CLI into a temp dir, serves it and starts Chromium. */
export async function startFixtureSite(fixture = FIXTURE): Promise<FixtureSite> {
  const dir = await mkdtemp(path.join(tmpdir(), 'docgen-theme-'));
  // Built from a copy: a build keeps its caches in the site's .docgen/, and a fixture folder
  // must stay as committed (engine tests copy fixtures, caches included).
  const site = await mkdtemp(path.join(tmpdir(), 'docgen-theme-site-'));
  await cp(fixture, site, { recursive: true, filter: (from) => path.basename(from) !== '.docgen' });
  try {
    await run(process.execPath, [path.join(repo, 'cli/bin/docgen.js'), 'build', site, '--out-dir', dir], { cwd: repo, timeout: 120_000 });
  } finally {
    await rm(site, { recursive: true, force: true });
  }
  let server: StaticServer | null = null;
  let browser: Browser | null = null;
  try {
    server = await serveStatic(dir);
    browser = await launchChromium();
  } catch (error) {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const s = server;
  const b = browser;
  return {
    url: s.url,
    browser: b,
    dir,
    async close() {
      await b.close();
      await s.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A page in a fresh context (clean localStorage), with page errors collected. */
export async function openPage(site: FixtureSite, opts: { width?: number; height?: number } = {}) {
  const context: BrowserContext = await site.browser.newContext({ viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 } });
  const page: Page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

/** Loads a path and waits until React has hydrated it. */
export async function visit(page: Page, site: FixtureSite, route: string): Promise<void> {
  await page.goto(site.url + route);
  await page.waitForSelector('html[data-docgen-ready="true"]', { timeout: 10_000 });
}
