import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteConfig } from '../../src/config/schema.js';
import { EarlyCommits } from '../../src/dev/early-commits.js';
import { lastCommits } from '../../src/routes/page-extras.js';

describe('EarlyCommits (the last commits docgen dev asks git for while the site opens)', () => {
  let site: string;
  const config = (showLastUpdateTime: boolean) => ({ contentDir: 'content', docs: { showLastUpdateTime } }) as unknown as SiteConfig;

  beforeAll(() => {
    site = mkdtempSync(path.join(tmpdir(), 'docgen-early-commits-'));
    mkdirSync(path.join(site, 'content', 'docs'), { recursive: true });
    mkdirSync(path.join(site, 'outros'), { recursive: true });
    writeFileSync(path.join(site, 'content', 'docs', 'intro.md'), '# Introdução\n');
    writeFileSync(path.join(site, 'outros', 'nota.md'), '# Nota\n');
    const env = { ...process.env, GIT_AUTHOR_NAME: 'Ana Souza', GIT_AUTHOR_EMAIL: 'ana@empresa.com.br', GIT_COMMITTER_NAME: 'Ana Souza', GIT_COMMITTER_EMAIL: 'ana@empresa.com.br', GIT_AUTHOR_DATE: '2026-03-04T05:06:07Z', GIT_COMMITTER_DATE: '2026-03-04T05:06:07Z' };
    const git = (...args: string[]) => execFileSync('git', args, { cwd: site, env, stdio: 'ignore' });
    git('init', '-q');
    git('add', '.');
    git('commit', '-q', '-m', 'docs');
  });
  afterAll(() => rmSync(site, { recursive: true, force: true }));

  it('gives the routes what git says for the content folder, the same as asking git then', async () => {
    const early = new EarlyCommits(config(true), site);
    await early.wait();
    const commits = early.take(site, ['content']);
    expect(commits.get('content/docs/intro.md')).toEqual({ date: '2026-03-04T05:06:07.000Z', author: 'Ana Souza' });
    expect(commits).toEqual(lastCommits(site, ['content']));
  });

  it('runs git for other folders, and again for a later rebuild, as a build would', async () => {
    const early = new EarlyCommits(config(true), site);
    await early.wait();
    expect([...early.take(site, ['content', 'outros']).keys()].sort()).toEqual(['content/docs/intro.md', 'outros/nota.md']);
    expect([...early.take(site, ['outros']).keys()]).toEqual(['outros/nota.md']);
  });
});
