import { describe, expect, it } from 'vitest';
import { bootOf, copyFixture, docgen, read, write } from '../helpers.js';

const withAuth = (mode: 'server' | 'static') => `import { defineConfig } from 'docgen';
const env = process.env;
export default defineConfig({
  title: 'Com login',
  auth: {
    mode: '${mode}',
    allowedDomain: env.DOCGEN_ALLOWED_DOMAIN ?? 'exemplo.com',
    firebase: { apiKey: env.DOCGEN_FIREBASE_API_KEY ?? 'k', authDomain: 'a', projectId: env.DOCGEN_FIREBASE_PROJECT_ID ?? 'demo-x', storageBucket: 's', messagingSenderId: 'm', appId: 'i' },
  },
});
`;

describe('sign-in settings in the build', () => {
  it('reads them from the environment and .env, and hands them to the theme and the manifest', () => {
    const site = copyFixture('basic');
    write(site, 'site.config.ts', withAuth('server'));
    write(site, '.env', 'DOCGEN_ALLOWED_DOMAIN=Empresa.com.br\nDOCGEN_FIREBASE_PROJECT_ID=from-dotenv\nDOCGEN_FIREBASE_API_KEY=dotenv-key\n');
    const r = docgen(['build', site], { env: { DOCGEN_FIREBASE_API_KEY: 'real-env-wins', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' } });
    expect(r.code).toBe(0);
    expect(r.output).toContain('FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099: this build signs in against the Firebase Auth emulator');
    const { site: data } = bootOf(read(site, 'build/docs/intro/index.html'));
    expect(data.auth).toEqual({
      allowedDomain: 'empresa.com.br',
      firebase: { apiKey: 'real-env-wins', authDomain: 'a', projectId: 'from-dotenv', storageBucket: 's', messagingSenderId: 'm', appId: 'i' },
      emulatorHost: '127.0.0.1:9099',
      mode: 'server',
    });
    expect(JSON.parse(read(site, 'build/.docgen/manifest.json')).auth).toEqual(data.auth);
  });

  it('says loudly when the sign-in settings are placeholders, and still passes (a CI build without secrets)', () => {
    const site = copyFixture('basic');
    write(site, 'site.config.ts', withAuth('server').replace("'exemplo.com'", "'empresa.example'"));
    const r = docgen(['build', site]);
    expect(r.code).toBe(0);
    expect(r.output).toContain('NOT DEPLOYABLE: sign-in settings are placeholders (allowed domain "empresa.example", Firebase project "demo-x")');
    expect(r.output).toContain('DOCGEN_ALLOWED_DOMAIN and DOCGEN_FIREBASE_*');
    expect(r.output).toContain('0 warnings');
    const real = docgen(['build', site], { env: { DOCGEN_ALLOWED_DOMAIN: 'corp.com', DOCGEN_FIREBASE_PROJECT_ID: 'corp-docs' } });
    expect(real.output).not.toContain('NOT DEPLOYABLE');
  });

  it('warns that a static-hosting build is readable by anyone', () => {
    const site = copyFixture('basic');
    write(site, 'site.config.ts', withAuth('static'));
    const r = docgen(['build', site]);
    expect(r.code).toBe(0);
    expect(r.output).toMatch(/warning auth\.mode is "static": .*readable by anyone who fetches the files/);
  });

  it('rejects a malformed allowed domain at its config path', () => {
    const site = copyFixture('basic');
    write(site, 'site.config.ts', withAuth('server'));
    const r = docgen(['build', site], { env: { DOCGEN_ALLOWED_DOMAIN: '@empresa' } });
    expect(r.code).toBe(1);
    expect(r.output).toContain('auth.allowedDomain: Expected a domain such as "empresa.com.br" (received "@empresa")');
  });
});

describe('login shell', () => {
  it('refers to a public copy of the favicon, never to a protected file', () => {
    const site = copyFixture('basic');
    write(site, 'site.config.ts', withAuth('server').replace("title: 'Com login',", "title: 'Com login',\n  favicon: '/img/logo.svg',"));
    expect(docgen(['build', site]).code).toBe(0);
    const shell = read(site, 'build/.docgen/login.html');
    const refs = [...shell.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(1);
    for (const ref of refs) expect(ref.startsWith('/__docgen/login/')).toBe(true);
    // Pages and the shell link the same public copy (hashed name), so the icon loads signed out too.
    const icon = /<link rel="icon" href="(\/__docgen\/login\/favicon-[0-9a-f]{10}\.svg)">/.exec(read(site, 'build/docs/intro/index.html'));
    expect(icon).not.toBeNull();
    expect(refs).toContain(icon![1]);
    expect(read(site, `build${icon![1]}`)).toBe(read(site, 'content/static/img/logo.svg'));
  });
});
