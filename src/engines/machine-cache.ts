// Machine texts read once per dataset: the last few thousand distinct texts and their readings, kept per dataset.
import type { Dataset } from '../dataset/dataset.ts';
import { resolveMachine, type MachineMapping, type MachineRefusal } from './machine.ts';
import { perDataset } from './per-dataset.ts';

/**
 * How many distinct texts are kept per dataset. Callers write their machine in a few common ways (a catalogued id, a
 * memory size, a card and a count), so a few thousand cover what recurs; the texts are the caller's and unbounded in
 * number, so the cap is what keeps memory flat under new text on every ask: a reading (a sentence, a few words, and for
 * a size or a count a built configuration) measured 0.7 to 0.9 KB of heap, so a full cache holds about 2 MB per dataset.
 */
export const MACHINE_TEXT_CACHE_ENTRIES = 2048;

type Reading = MachineMapping | MachineRefusal;

/**
 * Keyed by the text exactly as given, not a normalised form: the reading echoes the caller's words (the words not read,
 * a class phrase as written), so two texts that normalise alike may read differently. Readings are shared between asks,
 * so they are frozen (their arrays too): a caller that changed one would change every later answer.
 */
const caches = perDataset(() => new Map<string, Reading>());

/** resolveMachine, remembered: the least recently used text is dropped when the cache is full. */
export function resolveMachineText(ds: Dataset, text: string): Reading {
  const cache = caches(ds);
  const hit = cache.get(text);
  if (hit !== undefined) {
    // A Map iterates in insertion order: re-inserting marks the text as the most recently used.
    cache.delete(text);
    cache.set(text, hit);
    return hit;
  }
  const r = freeze(resolveMachine(ds, text));
  if (cache.size >= MACHINE_TEXT_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(text, r);
  return r;
}

function freeze(r: Reading): Reading {
  if ('refused' in r) {
    Object.freeze(r.understood);
    Object.freeze(r.candidates);
  } else {
    Object.freeze(r.matched);
    if (r.unread) Object.freeze(r.unread);
  }
  return Object.freeze(r);
}
