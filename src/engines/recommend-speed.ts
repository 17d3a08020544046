// recommend_model's usable-speed floor: a self-hosted pick on hardware the caller owns or buys must write its answer at
// least as fast as a person reads it. A product decision, written in docs/trust-and-recommend.md (section 2.4).
import type { Hardware, Model } from '../schema/index.ts';
import type { FitAssessed } from './hardware-fit.ts';
import type { Use } from './use-categories.ts';

/**
 * Adults' average silent reading rate of English non-fiction, words per minute: Brysbaert (2019), "How many words do we
 * read per minute? A review and meta-analysis of reading rate", Journal of Memory and Language 109, 104047
 * (doi:10.1016/j.jml.2019.104047), over 190 studies and 18,573 participants (260 for fiction; most adults 175 to 300).
 */
export const READING_WORDS_PER_MINUTE = 238;
/**
 * Words per token of English text: OpenAI's rule of thumb, "1 token ~= 3/4 words" ("What are tokens and how to count
 * them", https://help.openai.com/en/articles/4936856-what-are-tokens-and-how-to-count-them). Other tokenizers differ
 * a little; the floor is an order of magnitude, not a measurement of one model.
 */
export const WORDS_PER_TOKEN = 0.75;
/** The reading rate in tokens per second: 238 / 60 / 0.75 = 5.29 tokens/s. */
export const READING_TOKENS_PER_S = READING_WORDS_PER_MINUTE / 60 / WORDS_PER_TOKEN;

/**
 * The decode speed (batch 1) below which a pick is held back, per use. Every use has a person waiting on the answer,
 * so none is held to less than the reading rate: a slower model makes its reader wait on every line. Uses whose output
 * is not read as it streams (code, agents' tool calls, a reasoning model's hidden thinking) would want more, but no
 * published figure the dataset holds says how much, so they keep the reading floor and the answer states each speed.
 */
export const SPEED_FLOOR: Readonly<Record<Use, number>> = {
  chat: READING_TOKENS_PER_S,
  coding: READING_TOKENS_PER_S,
  writing: READING_TOKENS_PER_S,
  math: READING_TOKENS_PER_S,
  reasoning: READING_TOKENS_PER_S,
  documents: READING_TOKENS_PER_S,
  agents: READING_TOKENS_PER_S,
  vision: READING_TOKENS_PER_S,
  translation: READING_TOKENS_PER_S,
  'customer-support': READING_TOKENS_PER_S,
};

/**
 * Whether a fit writes fast enough: its estimated batch-1 decode speed reaches the floor. A fit with no speed estimate
 * (a machine named by its memory alone has no bandwidth) is not held back: its speed is unknown, and the answer says so.
 */
export function fastEnough(fit: Pick<FitAssessed, 'tokens_per_s'>, floor: number): boolean {
  return fit.tokens_per_s === null || fit.tokens_per_s >= floor;
}

/** The floor in words, with its basis: `5.3 tokens/s (reading speed: 238 words a minute, Brysbaert 2019; ...)`. */
export function floorText(floor: number): string {
  return `${Math.round(floor * 10) / 10} tokens/s (the speed a person reads: ${READING_WORDS_PER_MINUTE} words a minute, `
    + `Brysbaert 2019, at about ${WORDS_PER_TOKEN} words a token)`;
}

/** The configuration passed over for speed, in words: its fit and speed, and that the one shown is the least costly that reaches the floor. */
export function passedOverText(p: { hardware: Hardware; fit: FitAssessed }, floor: number, onPremises: boolean): string {
  const which = onPremises ? 'configuration' : 'local configuration';
  return `The least costly ${which} to own that it fits, ${p.hardware.name} (${p.hardware.id}), runs it at ${p.fit.quantization} at about `
    + `${p.fit.tokens_per_s} tokens/s, under the usable-speed floor of ${floorText(floor)}: passed over for the least costly one that reaches it.`;
}

/** How many held-back models a note names. */
const NAMED_HELD_BACK = 3;

/**
 * The note for models held back for speed: the floor, its basis, and the best rated of them with where they run too
 * slowly; and that a lower quantization or a faster machine would change it.
 */
export function heldBackNote(held: ReadonlyArray<{ model: Model; hardware: Hardware; fit: FitAssessed }>, floor: number, by: string): string {
  const named = held.slice(0, NAMED_HELD_BACK).map((h) => `${h.model.name.value} (${h.model.id}: about ${h.fit.tokens_per_s} tokens/s `
    + `at ${h.fit.quantization} on ${h.hardware.id})`);
  const more = held.length > NAMED_HELD_BACK ? `, and ${held.length - NAMED_HELD_BACK} more` : '';
  return `${by}: a self-hosted pick on hardware you own or buy must reach an estimated decode speed of ${floorText(floor)}, `
    + 'so that its answer comes at least as fast as it is read (a product decision: docs/trust-and-recommend.md). '
    + `${held.length} model${held.length === 1 ? '' : 's'} that fit${held.length === 1 ? 's' : ''} ${held.length === 1 ? 'was' : 'were'} held back `
    + `as slower than that wherever ${held.length === 1 ? 'it fits' : 'they fit'}: ${named.join('; ')}${more}. `
    + 'The speed is the fit engine\'s batch-1 estimate at the quantization it chooses (the highest that fits); where that '
    + 'is under the floor, each lower one of 4 bits per weight or more that fits was tried too (models_for_hardware lists '
    + 'each), and none reached it. A faster machine can be named in `machine`.';
}

/**
 * Past this many seconds to read a prompt that fills the context, a pick's reason says how long (a minute: a reader
 * waiting that long before the first word knows it; use=documents at 32,768 tokens reaches it on a small machine).
 */
export const PREFILL_STATED_AFTER_S = 60;

/**
 * The time to read a prompt filling the context asked, in words, where it passes PREFILL_STATED_AFTER_S: the speed
 * engine's prefill estimate (docs/hardware-and-cost.md section 4: the configuration's rated compute at a share calibrated
 * on published measurements, over two operations a parameter). Empty where it is shorter or not estimated (no compute figure).
 */
export function prefillText(fit: Pick<FitAssessed, 'speed'>, context: number): string {
  const s = fit.speed;
  if (!s || s.time_to_first_token_s === null || s.prefill_tokens_per_s === null || s.time_to_first_token_s <= PREFILL_STATED_AFTER_S) return '';
  const t = s.time_to_first_token_s;
  const when = t >= 120 ? `about ${Math.round(t / 60)} minutes` : `about ${Math.round(t)} s`;
  return `A prompt that fills the ${context.toLocaleString('en-US')} tokens of context takes ${when} to read here before the first `
    + `token comes (prefill at about ${s.prefill_tokens_per_s} tokens/s, the speed engine's estimate from the configuration's `
    + 'compute: docs/hardware-and-cost.md section 4); a shorter prompt takes proportionally less.';
}
