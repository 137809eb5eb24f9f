interface NetworkInformation {
  effectiveType?: string;
  saveData?: boolean;
}

/** Prefetching is skipped on 2g connections and when the user asked to save data (SPEC 7). */
export function canPrefetch(connection = (navigator as Navigator & { connection?: NetworkInformation }).connection): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !(connection.effectiveType ?? '').includes('2g');
}
