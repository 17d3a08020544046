// A configuration's board power per accelerator when its sources disagree: the vendor's board power wins.
import type { Fact } from '../schema/index.ts';
import type { HardwareObservation } from '../sources/types.ts';

/**
 * Sources whose power figure is the vendor's board power (TGP/TBP: what the card draws), best first: the reviewed
 * accelerator table, then Hugging Face's hardware table. Epoch's `TDP (W)` column is copied from TechPowerUp pages
 * and is wrong on the two consumer cards where the sources disagree: RTX 4070 285 W (NVIDIA's TGP is 200 W, the
 * 4070 Ti's is 285 W) and Radeon RX 7900 XTX 335 W (AMD's typical board power is 355 W); hf-tasks-hardware gives
 * 200 and 355. So where the figures differ these win, and the others stand in `conflicts`.
 */
const BOARD_POWER_SOURCES = ['hardware-accelerators', 'hf-tasks-hardware'];

/** The power fact from a configuration's observations (most trusted first), with agreement and disagreement noted. */
export function powerFact(all: readonly HardwareObservation[]): Fact<number> | undefined {
  const given = all.filter((o) => o.power_w !== undefined);
  if (!given.length) return undefined;
  const values = new Set(given.map((o) => o.power_w));
  const rank = (o: HardwareObservation) => {
    const i = BOARD_POWER_SOURCES.indexOf(o.source);
    return i < 0 ? BOARD_POWER_SOURCES.length : i;
  };
  // Agreeing sources keep the configuration's own order; disagreeing ones defer to the vendor's board power.
  const from = values.size === 1 ? given[0] : [...given].sort((a, b) => rank(a) - rank(b))[0];
  const same = [...new Set(given.filter((o) => o !== from && o.power_w === from.power_w).map((o) => o.source))];
  const other = given.filter((o) => o.power_w !== from.power_w);
  const f: Fact<number> = { value: from.power_w!, as_of: from.as_of, source: from.source };
  if (from.url) f.note = `evidence: ${from.url}`;
  if (same.length) f.corroborated_by = same;
  if (other.length) f.conflicts = other.map((o) => ({ value: o.power_w!, as_of: o.as_of, source: o.source }));
  return f;
}
