// The RAM a machine text says beside its card (`4090 with 64GB DDR4 RAM`): its size and generation, read once per text.
import { GB_PER_TB, readMachine } from './machine-words.ts';

/** The RAM's size as said (GB, not yet held to system_ram_gb's range) and its generation; both absent where none is said. */
export type SaidRam = { gb: number | undefined; ddr: 'ddr4' | 'ddr5' | null };

/**
 * How many texts are kept: as many as the machine readings (machine-cache.ts), so the texts a caller repeats are read
 * once; a text is a caller's and unbounded, so the whole map is dropped when full (a few hundred KB at most).
 */
const MAX_TEXTS = 2048;
const kept = new Map<string, SaidRam>();

/**
 * The RAM a machine text says: a memory read as RAM (`64GB RAM`), else the first RAM size the reading set aside
 * (`3090 24GB VRAM 128 GB RAM`), and the generation it names. recommend_model read the text again two or three times
 * on every ask that names a machine, RAM said or not: 10 of its 108 KB a handler (thirty-fourth round, docs/performance.md).
 * The reading depends on the text alone (no catalogue words), so it is kept across datasets; frozen, as it is shared.
 */
export function saidRam(text: string): SaidRam {
  let r = kept.get(text);
  if (r) return r;
  const q = readMachine(text, new Set());
  let gb: number | undefined;
  if (q.memory_kind === 'ram' && q.memory_gb !== null) gb = q.memory_gb;
  for (const s of q.memory_set_aside) {
    const m = gb === undefined ? /^(\d+(?:\.\d+)?) (gb|gib|tb) ram$/.exec(s) : null;
    if (m) gb = Number(m[1]) * (m[2] === 'tb' ? GB_PER_TB : 1);
  }
  if (kept.size >= MAX_TEXTS) kept.clear();
  kept.set(text, (r = Object.freeze({ gb, ddr: q.ddr })));
  return r;
}
