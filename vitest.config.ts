import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['core/test/**/*.test.ts', 'cli/test/**/*.test.ts', 'theme/test/**/*.test.{ts,tsx}', 'content/test/**/*.test.ts'],
    // Fixture builds and browser tests are real work: give them room, never assert on time.
    testTimeout: 60_000,
    // A browser's state is polled (expect.poll): 1 s, the default, was missed on a loaded 2-core machine.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
    pool: 'forks',
    globalSetup: ['test-support/global-setup.ts'],
  },
});
