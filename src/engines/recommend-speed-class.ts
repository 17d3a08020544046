// The speed class of a self-hosted pick, said first among its reasons where it is slow: a reader deciding on a machine
// should not find its pace only in the middle of a paragraph about memory and cost (docs/trust-and-recommend.md 2.4).
import type { Hardware } from '../schema/index.ts';
import { wholeDollars } from './money.ts';
import { READING_TOKENS_PER_S, WORDS_PER_TOKEN } from './recommend-speed.ts';

/**
 * Words a minute past which a reader no longer reads every word: Rayner, Schotter, Masson, Potter and Treiman (2016),
 * "So Much to Read, So Little Time: How Do We Read, and Can Speed Reading Help?", Psychological Science in the Public
 * Interest 17(1), 4-34 (doi:10.1177/1529100615623267): readers are unlikely "to double or triple their reading speeds
 * (e.g., from around 250 to 500-750 words per minute)" and keep their understanding; "speed reading or skimming the
 * text will allow the reader to get through it faster with moderate comprehension". 500, the lower end, is the pace of
 * a reader who skims: an answer written slower than that keeps such a reader waiting.
 */
export const SKIMMING_WORDS_PER_MINUTE = 500;
/** 500 / 60 / 0.75 = 11.1 tokens/s. */
export const SKIMMING_TOKENS_PER_S = SKIMMING_WORDS_PER_MINUTE / 60 / WORDS_PER_TOKEN;

/**
 * under_reading: slower than an average adult reads (5.3 tokens/s, 238 words a minute); reading_pace: from that to
 * the skimming pace (11.1 tokens/s, 500 words a minute), the text appearing about as fast as it is read;
 * faster_than_skimming: above it. Null where no speed is estimated.
 */
export type SpeedClass = 'under_reading' | 'reading_pace' | 'faster_than_skimming';

export function speedClassOf(tokensPerS: number | null): SpeedClass | null {
  if (tokensPerS === null) return null;
  if (tokensPerS < READING_TOKENS_PER_S) return 'under_reading';
  return tokensPerS < SKIMMING_TOKENS_PER_S ? 'reading_pace' : 'faster_than_skimming';
}

const one = (x: number) => x.toFixed(1);

/**
 * `Slow to read from: about 8.6 tokens/s ... on a Mini PC or laptop with ...`, the first reason of a self-hosted pick
 * under the skimming pace; else null. The machine is named with its kind and price, as the rest of the reason does
 * further on, so the two facts a reader decides on (how fast, on what) come together.
 */
export function slowPickReason(pick: { hardware: Hardware; tokens_per_s: number | null; quantization: string | null; own_machine?: boolean }): string | null {
  const cls = speedClassOf(pick.tokens_per_s);
  if (cls === null || cls === 'faster_than_skimming') return null;
  const h = pick.hardware;
  // A unified-memory machine's price is the whole machine's; a card's is the card's alone, so it is not said as one; the
  // caller's own machine (`machine=`) is not to be bought.
  const price = h.purchase_price_usd && h.unified_memory && !pick.own_machine ? `, ${wholeDollars(h.purchase_price_usd.value)} to buy` : '';
  const on = `about ${one(pick.tokens_per_s!)} tokens/s${pick.quantization ? ` at ${pick.quantization}` : ''} on ${h.id} (${h.name}${price})`;
  const reading = `the ${one(READING_TOKENS_PER_S)} tokens/s an average adult reads at (238 words a minute, Brysbaert 2019, doi:10.1016/j.jml.2019.104047)`;
  const skimming = `the ${one(SKIMMING_TOKENS_PER_S)} tokens/s of a reader who skims (${SKIMMING_WORDS_PER_MINUTE} words a minute, Rayner et al. 2016, doi:10.1177/1529100615623267)`;
  if (cls === 'under_reading') return `Slower than reading: ${on}, under ${reading}: its reader waits on every line.`;
  return `Slow to read from: ${on}, above ${reading} but under ${skimming}: the answer appears about as fast as it is read, `
    + 'so a reader who skims it, or looks for one line in a long answer, waits for it.';
}

/** The slow-pick reason of a recommendation's option, as a list to put first: empty for an API pick or a fast one. */
type PickFit = { tokens_per_s: number | null; quantization: string | null };
type PickOption = { path: string; self?: { hardware: Hardware; own_machine?: boolean; fit: PickFit } | null };
export function slowPickFirst(o: PickOption): string[] {
  const r = o.path === 'self_hosted' && o.self ? slowPickReason({ hardware: o.self.hardware, own_machine: o.self.own_machine, ...o.self.fit }) : null;
  return r ? [r] : [];
}
