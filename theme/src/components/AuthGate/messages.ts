/** The gate's user-facing strings, exactly as SPEC.md sections 2 and 8 give them (pt-BR). */
export const messages = {
  checking: 'Verificando autenticação...',
  title: 'Acesso Restrito',
  prompt: (domain: string) => `Faça login com sua conta corporativa @${domain} para acessar a documentação.`,
  signIn: 'Entrar com Google',
  signOut: 'Sair',
  wrongDomain: (domain: string) => `Apenas emails @${domain} são permitidos`,
  signInFailed: 'Ocorreu um erro durante o login. Tente novamente.',
} as const;
