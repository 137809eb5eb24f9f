import { createHash } from 'node:crypto';

/** The key the output record gives a file's bytes (render workers compute it where they write). */
export const contentKey = (bytes: Uint8Array): string => `sha1:${createHash('sha1').update(bytes).digest('base64')}`;
