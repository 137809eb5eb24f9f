import { parentPort, workerData } from 'node:worker_threads';
import { walkSnapshot } from './fs-snapshot.js';

// Worker thread of dev/prescan.ts: walks the folders it is given and replies once.
const { roots, extensions } = workerData as { roots: string[]; extensions: string[] };
const message = walkSnapshot(roots, extensions);
parentPort!.postMessage(message, [message.nums.buffer as ArrayBuffer]);
