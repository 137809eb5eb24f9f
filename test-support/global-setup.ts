import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// Tests run the real CLI binary, so bundle it once before any test file starts.
export default function setup() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  execFileSync(process.execPath, ['cli/scripts/build-cli.mjs'], { cwd: root, stdio: 'inherit' });
}
