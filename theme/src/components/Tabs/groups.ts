/**
 * Tab choices shared by every <Tabs groupId> of the page and remembered across pages, with
 * Docusaurus's storage key, so a reader who picked "yarn" once sees yarn everywhere. The
 * choice travels as a window event rather than a React context: `docgen dev` bundles each
 * page apart, so two Tabs may come from two copies of this module.
 */
const EVENT = 'docgen:tab-group';

export const storageKey = (groupId: string) => `docusaurus.tab.${groupId}`;

export function readGroup(groupId: string): string | null {
  try {
    return window.localStorage.getItem(storageKey(groupId));
  } catch {
    return null;
  }
}

export function publishGroup(groupId: string, value: string): void {
  try {
    window.localStorage.setItem(storageKey(groupId), value);
  } catch {
    // Storage blocked: the page still syncs, the choice is just not remembered.
  }
  window.dispatchEvent(new CustomEvent(EVENT, { detail: { groupId, value } }));
}

/** Calls `listener` when a Tabs of this page or another browser tab picks a value for the group. */
export function subscribeGroup(groupId: string, listener: (value: string) => void): () => void {
  const onPage = (e: Event) => {
    const detail = (e as CustomEvent<{ groupId: string; value: string }>).detail;
    if (detail.groupId === groupId) listener(detail.value);
  };
  const onStorage = (e: StorageEvent) => {
    if (e.key === storageKey(groupId) && e.newValue !== null) listener(e.newValue);
  };
  window.addEventListener(EVENT, onPage);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(EVENT, onPage);
    window.removeEventListener('storage', onStorage);
  };
}

/** `queryString`: true means the groupId is the parameter name (as in Docusaurus). */
export function queryKey(queryString: boolean | string | undefined, groupId: string | undefined): string | null {
  if (typeof queryString === 'string') return queryString;
  if (queryString === true) {
    if (!groupId) throw new Error('<Tabs queryString> needs a groupId (the parameter name), or give queryString a name: queryString="os".');
    return groupId;
  }
  return null;
}

export function readQuery(key: string): string | null {
  return new URLSearchParams(window.location.search).get(key);
}

/** Writes the choice into the address without a navigation (a shared link opens that tab). */
export function writeQuery(key: string, value: string): void {
  const url = new URL(window.location.href);
  url.searchParams.set(key, value);
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}
