// A family named without a model (`MacBook`, `Mac mini`, `iMac`, `desktop`, `gaming PC`): its common configuration, said.
import type { Dataset } from '../dataset/dataset.ts';
import type { Hardware } from '../schema/index.ts';
import type { MachineMapping, MachineRefusal } from './machine.ts';
import type { MachineQuery } from './machine-words.ts';

/**
 * What a bare family name is checked on, and why: the configuration the family is sold in at its base (Apple) or most
 * often owned in (a PC), never its largest. A MacBook used to be the 128 GB M4 Max, a desktop the RTX 4090: the owner
 * of a base MacBook Air or of a mid-range PC was told models fit that do not. Sources, read 2026-11-26:
 * - The base Apple configuration catalogued is the M4 with 16 GB (m4-16gb); no M5 is catalogued (no M5 specification
 *   is among the snapshots), so newer base models, which are M5 with 16 GB and more bandwidth, are checked on it: a
 *   model said to fit it fits them too. At the dataset's date: the 14-inch MacBook Pro started at an M4 with 16 GB from
 *   October 2024 (it "now starts at 16GB of RAM": sixcolors.com/post/2024/10/apple-introduces-new-macbook-pros-with-
 *   m4-chips-brighter-screen) and at an M5 with 16 GB since 2025-10-15 ("unveiled on October 15, 2025":
 *   techstory.in/the-launch-and-technical-details-of-the-new-14-inch-apple-macbook-pro-powered-by-the-m5-chip; 153 GB/s
 *   against the M4's 120: lowendmac.com/2025/14-inch-m5-macbook-pro-late-2025); the MacBook Air moved to the M4 in March 2025
 *   with "16GB unified memory" in its base model (toolstac.com/ai/tool/macbook-air/overview), and reportedly to the
 *   M5 in March 2026; the iMac M4 base is "8-core CPU, 8-core GPU, 16GB of unified memory"
 *   (grokipedia.com/page/iMac_M4); the Mac mini M4 starts at 16 GB (apple.com/mac-mini/specs, as
 *   accelerators-extra.csv cites for the M4).
 * - The RTX 3060 is the commonest GPU of Steam's hardware survey (7.46% in October 2024, techradar.com; first since
 *   2023, pcgamesn.com), and 8 GB the commonest memory size among its users (35.42%, gamereactor.eu). The survey does
 *   not tell the 3060's 8 GB and 12 GB models apart; the 8 GB one is taken, so that a model said to fit it fits both.
 */
/** What the answer says of the M5 base models the catalogue does not hold. */
const M5 = 'newer base models are an M5 with 16 GB and more bandwidth (153 GB/s against 120), not catalogued';

const BASES: ReadonlyArray<{ said: string; name: string; id: string; because: string }> = [
  {
    said: 'macbook air', name: 'MacBook Air', id: 'm4-16gb',
    because: `the MacBook Air started at an M4 with 16 GB from March 2025 (${M5})`,
  },
  {
    said: 'macbook pro', name: 'MacBook Pro', id: 'm4-16gb',
    because: `the 14-inch MacBook Pro started at an M4 with 16 GB from October 2024 (since October 2025, ${M5})`,
  },
  {
    said: 'macbook', name: 'MacBook', id: 'm4-16gb',
    because: `the MacBook Air and the 14-inch MacBook Pro started at an M4 with 16 GB (the Pro from October 2024, the Air from `
      + `March 2025); ${M5}`,
  },
  { said: 'mac mini', name: 'Mac mini', id: 'm4-16gb', because: 'the Mac mini starts at an M4 with 16 GB (October 2024)' },
  { said: 'imac', name: 'iMac', id: 'm4-16gb', because: 'the iMac starts at an M4 with 16 GB (October 2024)' },
];

/** The PC a bare `desktop`, `PC` or `gaming PC` stands for (vocabulary.ts MACHINE_HARDWARE_SYNONYMS). */
export const DESKTOP_REPRESENTATIVE = 'rtx-3060-8gb';
const DESKTOP_BECAUSE = 'the RTX 3060 is the commonest GPU of Steam\'s hardware survey and 8 GB the commonest memory size of its users';

const MAC_EXAMPLES = '("MacBook Air M3 16GB", "MacBook Pro M4 Max 128GB", "Mac mini M4 Pro 48GB")';

/** The base of the Apple family the words name (`macbook air`, `imac`...), undefined when none is named or catalogued. */
function appleBase(ds: Dataset, q: MachineQuery): { name: string; hardware: Hardware; because: string } | undefined {
  const base = BASES.find((b) => q.understood.includes(b.said));
  const hardware = base && ds.hardwareById.get(base.id);
  return base && hardware ? { name: base.name, hardware, because: base.because } : undefined;
}

/** `a MacBook Air, chip and memory not said: checked on its base configuration ...`, or undefined for another family. */
export function appleBaseReading(ds: Dataset, q: MachineQuery): { hardware: Hardware; interpretation: string } | undefined {
  const b = appleBase(ds, q);
  if (!b) return undefined;
  return {
    hardware: b.hardware,
    interpretation: `${b.name === 'iMac' ? 'an' : 'a'} ${b.name}, chip and memory not said: checked on its base configuration, `
      + `${b.hardware.name} (${b.hardware.id}): ${b.because}; a larger one holds more: name yours for its own answer ${MAC_EXAMPLES}`,
  };
}

/**
 * An Apple machine named by its family alone, not a laptop (`Mac mini`, `iMac`, `Mac Studio`, `Mac`): its base
 * configuration where one is catalogued; else refused with the catalogued machines it may be (a Mac Studio ships only
 * with Max and Ultra chips, and its base chip and memory are not catalogued; a `Mac` says no family at all).
 */
export function appleFamilyMapping(ds: Dataset, q: MachineQuery, text: string): MachineMapping | MachineRefusal {
  const base = appleBaseReading(ds, q);
  if (base) {
    const { hardware, interpretation } = base;
    return { value: hardware.id, how: 'synonym', class: null, hardware, matched: [...q.understood], interpretation,
      speed_estimated: hardware.bandwidth_gbs !== undefined };
  }
  const said = text.slice(0, 100);
  const studio = q.understood.includes('mac studio');
  const candidates = studio
    ? ds.hardware.filter((h) => h.unified_memory && /\b(Max|Ultra)\b/.test(h.accelerator) && /Apple/.test(h.accelerator))
      .map((h) => h.id).sort()
    : [];
  const which = studio ? 'a Mac Studio, chip and memory not said' : 'a Mac, model not said';
  return {
    refused: 'ambiguous', understood: q.understood, candidates,
    message: `"${said}": ${which}: the answer depends on the chip and memory; name them `
      + (studio ? '("Mac Studio M2 Ultra 192GB", "Mac Studio M4 Max 64GB")' : MAC_EXAMPLES),
  };
}

/** `"gaming pc": a PC, GPU not said: checked on ...`, for the desktop words of the vocabulary. */
export function desktopReading(h: Hardware, phrase: string): string {
  return `"${phrase}", GPU not said: checked on ${h.name} (${h.id}): ${DESKTOP_BECAUSE}; a larger card holds more: `
    + 'name yours for its own answer ("RTX 4090", "2x 3090", "RTX 4060 Ti 16GB")';
}
