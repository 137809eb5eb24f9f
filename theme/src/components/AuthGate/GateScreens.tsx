import './AuthGate.css';
import { messages } from './messages';

/** While the sign-in state is unknown (SPEC.md section 2). */
export function GateSpinner() {
  return (
    <div className="dg-gate" role="status" aria-live="polite">
      <span className="dg-gate__spinner" aria-hidden="true" />
      <p className="dg-gate__checking">{messages.checking}</p>
    </div>
  );
}

/** Signed out: the 'Acesso Restrito' card, its error line, 'Entrar com Google'. */
export function GateCard({ domain, error, onSignIn }: { domain: string; error: string | null; onSignIn: () => void }) {
  return (
    <div className="dg-gate">
      <main className="dg-gate__card" aria-labelledby="dg-gate-title">
        <h1 id="dg-gate-title" className="dg-gate__title">{messages.title}</h1>
        <p className="dg-gate__prompt">{messages.prompt(domain)}</p>
        {error && <p className="dg-gate__error" role="alert">{error}</p>}
        <button type="button" className="dg-gate__signin" onClick={onSignIn}>{messages.signIn}</button>
      </main>
    </div>
  );
}
