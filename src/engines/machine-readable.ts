// Whether a text holds a word a machine reading could start from: a text without one is refused by resolveMachine,
// so a caller asking of many texts whether each names a machine (recommend_model's unread words) need not read those.
import type { Dataset } from '../dataset/dataset.ts';
import { instanceTypes } from './machine-cloud.ts';
import { deviceName, FORM_WORDS, machineWords, READING_WORDS } from './machine-words.ts';
import { perDataset } from './per-dataset.ts';
import { MACHINE_CLASSES, MACHINE_HARDWARE_SYNONYMS, MACHINE_SYNONYMS, words } from './vocabulary.ts';

/** The longest word of a phrase (the first of equals): a phrase read only whole is told by any one of its words. */
const longest = (ws: readonly string[]): string[] => (ws.length ? [ws.reduce((a, b) => (b.length > a.length ? b : a))] : []);

/**
 * Words resolveMachine can read a machine from, per dataset: each catalogued device's name words (machine.ts `known`:
 * a device is named by its name's words, and a name may be matched in part), the classes and READING_WORDS (an Apple
 * machine, a CPU, a memory unit: a size is a number with its unit, a count alone names nothing), and one word of each
 * phrase that is read only whole: a hardware id (as written, or inside other words), a product (`sold_as`), a class
 * synonym, a word for one configuration (`desktop`). One word is enough there, and the longest is the least common:
 * `12` of `rtx-3060-12gb` or `a` of `HP ZBook Ultra G1a` would send every `of 12 people` to the reader.
 */
const readableWords = perDataset((ds): ReadonlySet<string> => {
  const out = new Set<string>([...READING_WORDS, ...FORM_WORDS, ...MACHINE_CLASSES]);
  const add = (ws: readonly string[]) => { for (const w of ws) out.add(w); };
  for (const h of ds.hardware) {
    const name = deviceName(h.accelerator);
    add(name.core);
    add(name.optional);
    add(name.alias);
    add(longest(words(h.id)));
    for (const product of h.sold_as?.value ?? []) add(longest(words(product)));
  }
  // A cloud instance is read only whole (`g5.xlarge`): the longest of its words tells it.
  for (const instance of instanceTypes(ds)) add(longest(words(instance)));
  for (const phrases of Object.values(MACHINE_HARDWARE_SYNONYMS)) for (const p of phrases) add(longest(words(p)));
  for (const x of MACHINE_CLASSES) for (const p of MACHINE_SYNONYMS[x]) add(longest(words(p)));
  return out;
});

/**
 * False only when resolveMachine would refuse the text: none of its words, as the phrase matcher (a plural in `s` or
 * `es`) or the device reader (`3090s`) reads them, is one a reading starts from. Both of resolveMachine's splits of
 * the text are checked (words for ids and phrases, machineWords for devices, counts and sizes). `w` is `words(text)`.
 */
/** The words a text is told apart by (for the tests and the docs). */
export const machineReadableWords = readableWords;

export function mayNameMachine(ds: Dataset, text: string, w: readonly string[] = words(text)): boolean {
  const readable = readableWords(ds);
  const read = (t: string) => readable.has(t)
    || (t.endsWith('s') && (readable.has(t.slice(0, -1)) || (t.endsWith('es') && readable.has(t.slice(0, -2)))));
  // machineWords splits differently only at a `+` or an x (`4xL40S`): without either its words are `w`.
  return w.some(read) || (/[+x\u00d7]/i.test(text) && machineWords(text).some(read));
}
