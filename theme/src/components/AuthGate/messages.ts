import { translate } from '../../i18n/translate';

/** The gate's user-facing strings (SPEC.md sections 2 and 8), from the theme's translation file. */
export const messages = {
  checking: translate('auth.checking'),
  title: translate('auth.title'),
  prompt: (domain: string) => translate('auth.prompt', { domain }),
  signIn: translate('auth.signIn'),
  signOut: translate('auth.signOut'),
  wrongDomain: (domain: string) => translate('auth.wrongDomain', { domain }),
  signInFailed: translate('auth.signInFailed'),
} as const;
