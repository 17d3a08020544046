// Worker thread: reads some of the dataset's files and validates their records while the main thread loads the rest.
import { parentPort, workerData } from 'node:worker_threads';
import path from 'node:path';
import type { CollectionName } from '../schema/index.ts';
import { readJson } from './read.ts';
import { collectionProblems } from './validate.ts';

export type ValidateRequest = { dir: string; where: string; collections: CollectionName[] };
/** Problems per collection, in the order asked; a file that cannot be read is the main thread's to report. */
export type ValidateReply = { problems: Record<string, string[]> };

const { dir, where, collections } = workerData as ValidateRequest;
const problems: Record<string, string[]> = {};
for (const name of collections) {
  try {
    problems[name] = collectionProblems(name, readJson(path.join(dir, `${name}.json`)), where);
  } catch {
    problems[name] = [];
  }
}
parentPort!.postMessage({ problems } satisfies ValidateReply);
