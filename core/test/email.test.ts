import { describe, expect, it } from 'vitest';
import { emailHasDomain } from '../src/email.js';

describe('the sign-in domain rule (one copy for docgen serve and the theme)', () => {
  const cases: [unknown, boolean][] = [
    ['ana@corp.com', true],
    ['ana@CORP.COM', true],
    ['a@evil.com@corp.com', false],
    ['a@corp.com.evil.com', false],
    ['a@evilcorp.com', false],
    ['a@sub.corp.com', false],
    ['@corp.com', false],
    ['corp.com', false],
    ['ana@', false],
    ['', false],
    [null, false],
    [undefined, false],
    // Unicode look-alikes that toLowerCase() folds into ASCII letters.
    ['a@\u212Aorp.com', false], // KELVIN SIGN → "korp.com" after folding
    ['a@corp.\u212Aom', false],
    ['ana@corp.com\u200b', false], // zero-width space
    ['\u0430na@corp.com', false], // Cyrillic а in the local part
    ['ana @corp.com', false],
  ];
  it.each(cases)('%s → %s', (email, allowed) => {
    expect(emailHasDomain(email, 'corp.com')).toBe(allowed);
  });
  it('refuses a look-alike even when it folds to the allowed domain', () => {
    expect('a@\u212Acorp.example'.toLowerCase()).toBe('a@kcorp.example');
    expect(emailHasDomain('a@\u212Acorp.example', 'kcorp.example')).toBe(false);
  });
});
