import { translate } from '../../i18n/translate';

/**
 * The gate's user-facing strings (SPEC.md sections 2 and 8), from the page's catalog. Getters:
 * the catalog arrives with the site data, after this module is evaluated.
 */
export const messages = {
  get checking() { return translate('auth.checking'); },
  get title() { return translate('auth.title'); },
  prompt: (domain: string) => translate('auth.prompt', { domain }),
  get signIn() { return translate('auth.signIn'); },
  get signOut() { return translate('auth.signOut'); },
  wrongDomain: (domain: string) => translate('auth.wrongDomain', { domain }),
  get signInFailed() { return translate('auth.signInFailed'); },
};
