import { translate } from '../../i18n/translate';
import { useGateUser } from '../AuthGate/userContext';

/**
 * Signed in (SPEC.md section 2): the user's name and the red 'Sair' button, last in the navbar
 * row at the top right (styles in AuthGate.css). Nothing without a sign-in gate.
 */
export function NavbarUser() {
  const user = useGateUser();
  if (!user) return null;
  return (
    <div className="dg-gate__user">
      <span className="dg-gate__name" title={user.name}>{user.name}</span>
      <button type="button" className="dg-gate__signout" onClick={user.onSignOut}>{translate('auth.signOut')}</button>
    </div>
  );
}
