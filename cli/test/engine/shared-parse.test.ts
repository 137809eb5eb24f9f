import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Root } from 'mdast';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { parseShared } from '../../src/content/shared-parse.js';
import { runOnWorkers } from '../../src/utils/worker-pool.js';
import { copyFixture, docgen, write } from '../helpers.js';
import { expectSameOutput } from './output-snapshot.js';

describe('a body parsed once for the pages that share it (the same doc in several versions)', () => {
  it('parses each text once per parser and hands out clones the caller may change', () => {
    const parser = {};
    let parses = 0;
    const parse = (file: VFile): Root => (parses++, { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', value: String(file.value) }] }] });
    const first = parseShared(parser, parse, new VFile({ value: 'a', path: 'v1/a.md' }));
    first.children = [];
    const second = parseShared(parser, parse, new VFile({ value: 'a', path: 'v2/a.md' }));
    expect(second.children).toHaveLength(1);
    expect(parses).toBe(1);
    parseShared(parser, parse, new VFile({ value: 'b' }));
    parseShared({}, parse, new VFile({ value: 'a' })); // another processor parses for itself
    expect(parses).toBe(3);
  });

  it('sends the jobs of one affinity key to one thread, one after another', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docgen-pool-'));
    const file = path.join(dir, 'worker.mjs');
    writeFileSync(file, "import { parentPort, threadId } from 'node:worker_threads';\nparentPort.on('message', (m) => setTimeout(() => parentPort.postMessage({ id: m.id, thread: threadId }), 2));\n");
    const jobs = ['a', 'x', 'b', 'a', 'y', 'b', 'z', 'a', 'w', 'v'];
    const order: string[][] = [[], []];
    const threads = new Map<number, number>();
    const replies = await runOnWorkers<string, { id: number; thread: number }>({
      file, threads: 2, setup: [], jobs,
      message: (job, id) => ({ id, job }),
      affinity: (job) => (['a', 'b'].includes(job) ? job : undefined),
      received: (reply) => {
        if (!threads.has(reply.thread)) threads.set(reply.thread, threads.size);
        order[threads.get(reply.thread)!].push(jobs[reply.id]);
        return reply;
      },
    });
    expect(replies.map((r) => r.id)).toEqual(jobs.map((_, i) => i));
    for (const key of ['a', 'b']) {
      const on = replies.filter((r) => jobs[r.id] === key).map((r) => r.thread);
      expect(new Set(on).size).toBe(1);
    }
    // The copies follow the first at once (two in flight): what the thread kept is still there.
    for (const list of order) for (const key of ['a', 'b']) {
      const at = list.flatMap((j, i) => (j === key ? [i] : []));
      if (at.length) expect(at[at.length - 1] - at[0]).toBeLessThanOrEqual(at.length + 1);
    }
  });

  it('builds a versioned site on worker threads byte for byte as one thread builds it', () => {
    const site = copyFixture('docusaurus-site');
    // The same 40 pages (MDX with JSX and expressions) in the current docs and in version 1.0.
    for (let n = 1; n <= 40; n++) {
      const page = `# Page ${n}\n\nText of page ${n}, see [the intro](../intro.md).\n\n<details>\n<summary>More {${n} + 1}</summary>\n\nInside {'page ' + ${n}}.\n\n</details>\n\n## Section ${n}\n\n\`\`\`js\nconst n = ${n};\n\`\`\`\n`;
      write(site, `docs/generated/page-${n}.mdx`, page);
      write(site, `versioned_docs/version-1.0/generated/page-${n}.mdx`, page);
    }
    const parallel = docgen(['build', site, '--out-dir', 'par', '--no-cache'], { env: { DOCGEN_THREADS: '2' } });
    expect(parallel.code).toBe(0);
    const serial = docgen(['build', site, '--out-dir', 'seq', '--no-cache'], { env: { DOCGEN_THREADS: '1' } });
    expect(serial.code).toBe(0);
    expectSameOutput(path.join(site, 'seq'), path.join(site, 'par'));
  });
});
