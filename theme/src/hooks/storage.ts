/**
 * localStorage that never throws: private modes and blocked storage must not break the page.
 * Keys are part of the product (the no-flash script reads 'theme'), so they live here.
 */
export const storageKeys = {
  colorMode: 'theme',
  preferredVersion: 'docs-preferred-version-default',
  announcementDismissed: (id: string) => `docgen.announcement.dismissed.${id}`,
} as const;

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the choice simply is not remembered.
  }
}
