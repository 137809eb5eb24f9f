import { parentPort, workerData } from 'node:worker_threads';
import { scanOutput } from './output-scan.js';

// Worker thread of scanOutputBeside: walks the output folder it is given and replies once.
parentPort!.postMessage(scanOutput(workerData as string));
