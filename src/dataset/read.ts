// Reading one dataset file: missing, unreadable and malformed files are DatasetErrors naming the file.
import { readFileSync } from 'node:fs';

export class DatasetError extends Error {}

export function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new DatasetError(`Dataset file missing or unreadable: ${file} (${(e as Error).message})`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new DatasetError(`Dataset file is not valid JSON: ${file} (${(e as Error).message})`);
  }
}
