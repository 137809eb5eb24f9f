import { GateUserBar } from '../AuthGate/GateScreens';
import { useGateUser } from '../AuthGate/userContext';

/** The signed-in reader's name and 'Sair', last in the navbar row (nothing without a gate). */
export function NavbarUser() {
  const user = useGateUser();
  return user ? <GateUserBar name={user.name} onSignOut={user.onSignOut} /> : null;
}
