/**
 * The server session of `docgen serve` (`<baseUrl>__auth/session`): the page exchanges a
 * Firebase ID token for the HttpOnly `__session` cookie, and clears it on sign-out.
 */
export type SessionResult =
  | { ok: true }
  | { ok: false; status: number; reason?: string };

export async function postSession(baseUrl: string, idToken: string): Promise<SessionResult> {
  const res = await fetch(`${baseUrl}__auth/session`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken }),
  });
  if (res.ok) return { ok: true };
  const body = (await res.json().catch(() => null)) as { reason?: string } | null;
  return { ok: false, status: res.status, reason: body?.reason };
}

export async function deleteSession(baseUrl: string): Promise<void> {
  const res = await fetch(`${baseUrl}__auth/session`, { method: 'DELETE', credentials: 'same-origin' });
  if (!res.ok) throw new Error(`DELETE ${baseUrl}__auth/session: HTTP ${res.status}`);
}

/**
 * Set just before the login shell reloads into the real page, cleared by that page. Finding
 * it still fresh on the login shell means the cookie did not stick (e.g. a Secure cookie on
 * plain http): stop instead of reloading forever.
 */
const RELOAD_MARK = 'docgen:auth:reloaded-at';
const RELOAD_WINDOW_MS = 60_000;

export function markSessionReload(): void {
  try {
    sessionStorage.setItem(RELOAD_MARK, String(Date.now()));
  } catch {
    // Storage disabled: the loop guard is lost, nothing else.
  }
}

export function takeRecentSessionReload(): boolean {
  try {
    const at = Number(sessionStorage.getItem(RELOAD_MARK));
    sessionStorage.removeItem(RELOAD_MARK);
    return at > 0 && Date.now() - at < RELOAD_WINDOW_MS;
  } catch {
    return false;
  }
}
