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
 * The most seconds a self-hosted pick may take to read a prompt filling the context asked (prefill), per use; null: no
 * limit. A product decision (docs/trust-and-recommend.md section 2.4, "Time to read the prompt"): a reader of a whole
 * document waits for the reply to all of it, and past two minutes that is a batch job, not an answer. Only
 * use=documents is held to it: a chat or writing ask is short and a conversation's earlier turns stay in the cache, so
 * a full-context read is not what its reader waits for; the coding and agent asks that re-read long contexts are not
 * held to it either, since the limit over every use also held back picks for chat (the measured answers are in the doc).
 */
export const PREFILL_LIMIT_S: Readonly<Record<Use, number | null>> = {
  chat: null,
  coding: null,
  writing: null,
  math: null,
  reasoning: null,
  documents: 120,
  agents: null,
  vision: null,
  translation: null,
  'customer-support': null,
};

/**
 * The usable-speed floor of an ask: the decode speed a pick must reach (SPEED_FLOOR) and the seconds within which it
 * must read a prompt filling the context asked (`prefill_s`, PREFILL_LIMIT_S), null where the use sets none or the
 * machine is the caller's own (`machine=`): a machine already owned is still answered on, its reason saying the time
 * and that it is over the limit (`prefill_stated_s`, the use's limit, said where a pick shown is over it). On the
 * caller's machine the stated limit also orders the ranking: a model over it there ranks after every model that meets
 * it (recommend.ts; docs/trust-and-recommend.md section 2.4, "Time to read the prompt").
 */
export type SpeedFloor = { tokens_per_s: number; prefill_s: number | null; prefill_stated_s: number | null };

/** The floor of a use (recommend-plan.ts), on the caller's named machine or not. One object each, kept. */
const FLOOR_OF_USE = new Map<string, SpeedFloor>();
export function speedFloorOf(use: Use, namedMachine = false): SpeedFloor {
  const key = `${use}|${namedMachine}`;
  let f = FLOOR_OF_USE.get(key);
  if (!f) {
    const limit = PREFILL_LIMIT_S[use];
    FLOOR_OF_USE.set(key, (f = { tokens_per_s: SPEED_FLOOR[use], prefill_s: namedMachine ? null : limit, prefill_stated_s: limit }));
  }
  return f;
}

/**
 * The floor as a key of kept answers: `5.29...|120`: what holds a pick back, and on a named machine the limit that ranks
 * a pick after the others (`5.29...|null|ranked 120`).
 */
export function floorKey(floor: SpeedFloor | null): string {
  if (floor === null) return 'null';
  // Asked for each model of an ask, on the few floors speedFloorOf keeps: written once a floor, not a string a model.
  let k = FLOOR_KEYS.get(floor);
  // A named machine's floor holds back on no limit but ranks on the one it states: kept apart from a floor stating none.
  const ranked = floor.prefill_s === null && floor.prefill_stated_s !== null ? `|ranked ${floor.prefill_stated_s}` : '';
  if (k === undefined) FLOOR_KEYS.set(floor, (k = `${floor.tokens_per_s}|${floor.prefill_s}${ranked}`));
  return k;
}
const FLOOR_KEYS = new WeakMap<SpeedFloor, string>();

/**
 * Whether a fit reads a prompt filling its context within the limit: the speed engine's prefill estimate at the fit's
 * context (speed.ts `time_to_first_token_s`, the same whatever the quantization: compute-bound). A fit with no prefill
 * estimate (no compute figure for the configuration, or no speed at all) is not held back: the answer says so.
 */
export function readsInTime(fit: Pick<FitAssessed, 'speed'>, limit: number | null): boolean {
  const t = fit.speed?.time_to_first_token_s;
  return limit === null || t === undefined || t === null || t <= limit;
}

/**
 * The time to read a prompt, in words: `about 84 s`, `about 15 minutes`. Seconds up to 3 minutes, so a time just over
 * the 120 s limit never reads "about 2 minutes ... over the limit of 120 s".
 */
export function secondsText(t: number): string {
  return t > 180 ? `about ${Math.round(t / 60)} minutes` : `about ${Math.round(t)} s`;
}

/**
 * The prompt limit in words, with its basis: `a prompt filling the 65,536 tokens of context read in 120 s or less (...)`;
 * empty where the use sets none.
 */
export function prefillLimitText(limit: number | null, context?: number): string {
  if (limit === null) return '';
  const tokens = context === undefined ? 'context asked' : `${context.toLocaleString('en-US')} tokens of context`;
  return `a prompt filling the ${tokens} read in ${limit} s or less (the speed engine's `
    + 'prefill estimate; a reader of a whole document waits for the reply to all of it, and past two minutes that is a batch job)';
}

/**
 * Whether a fit writes fast enough: its estimated batch-1 decode speed reaches the floor. A fit with no speed estimate
 * (a machine named by its memory alone has no bandwidth) is not held back: its speed is unknown, and the answer says so.
 */
export function fastEnough(fit: Pick<FitAssessed, 'tokens_per_s'>, floor: number): boolean {
  return fit.tokens_per_s === null || fit.tokens_per_s >= floor;
}

/**
 * The floor in words, with its basis: `5.3 tokens/s (reading speed: 238 words a minute, Brysbaert 2019; ...)`. Given
 * an ask's whole floor with a prompt limit (the speed step's rule), the limit is said too.
 */
export function floorText(floor: number | SpeedFloor, context?: number): string {
  if (typeof floor !== 'number') {
    const limit = prefillLimitText(floor.prefill_s, context);
    return floorText(floor.tokens_per_s) + (limit ? `, and ${limit}` : '');
  }
  return `${Math.round(floor * 10) / 10} tokens/s (the speed a person reads: ${READING_WORDS_PER_MINUTE} words a minute, `
    + `Brysbaert 2019, at about ${WORDS_PER_TOKEN} words a token)`;
}

/**
 * Why a fit fails the floor, in words, where it does: `about 4.2 tokens/s, under the usable-speed floor of ...`, or
 * `a prompt filling the 65,536 tokens of context takes about 15 minutes to read there, over the limit of 120 s`.
 * Empty where it passes. The prompt is said first: no quantization shortens it.
 */
export function failsFloorText(fit: Pick<FitAssessed, 'speed' | 'tokens_per_s'>, floor: SpeedFloor, context: number): string {
  const t = fit.speed?.time_to_first_token_s;
  if (!readsInTime(fit, floor.prefill_s) && t !== undefined && t !== null) {
    return `a prompt filling the ${context.toLocaleString('en-US')} tokens of context takes ${secondsText(t)} to read there (prefill at about `
      + `${fit.speed!.prefill_tokens_per_s} tokens/s on a short prompt, slower as it grows), over the ask's limit of ${floor.prefill_s} s`;
  }
  if (!fastEnough(fit, floor.tokens_per_s)) return `about ${fit.tokens_per_s} tokens/s, under the usable-speed floor of ${floorText(floor.tokens_per_s)}`;
  return '';
}

/** The configuration passed over for speed, in words: its fit and speed, and that the one shown is the least costly that reaches the floor. */
export function passedOverText(p: { hardware: Hardware; fit: FitAssessed }, floor: SpeedFloor, onPremises: boolean, context: number): string {
  const which = onPremises ? 'configuration' : 'local configuration';
  const why = failsFloorText(p.fit, floor, context)
    || `about ${p.fit.tokens_per_s} tokens/s, under the usable-speed floor of ${floorText(floor.tokens_per_s)}`;
  return `The least costly ${which} to own that it fits, ${p.hardware.name} (${p.hardware.id}), runs it at ${p.fit.quantization}`
    + `${why.startsWith('about') ? ' at' : ', but'} ${why}: passed over for the least costly one that reaches it.`;
}

/** How many held-back models a note names. */
const NAMED_HELD_BACK = 3;

/**
 * The note for models held back for speed: the floor, its basis, and the best rated of them with where they run too
 * slowly (or read the prompt too slowly); and that a lower quantization or a faster machine would change it.
 */
export function heldBackNote(
  held: ReadonlyArray<{ model: Model; hardware: Hardware; fit: FitAssessed }>, floor: SpeedFloor, by: string, context: number,
): string {
  const named = held.slice(0, NAMED_HELD_BACK).map((h) => {
    const t = h.fit.speed?.time_to_first_token_s;
    const prompt = !readsInTime(h.fit, floor.prefill_s) && t !== undefined && t !== null
      ? `, ${secondsText(t)} to read a prompt filling the context` : '';
    return `${h.model.name.value} (${h.model.id}: about ${h.fit.tokens_per_s} tokens/s${prompt} at ${h.fit.quantization} on ${h.hardware.id})`;
  });
  const more = held.length > NAMED_HELD_BACK ? `, and ${held.length - NAMED_HELD_BACK} more` : '';
  const limit = prefillLimitText(floor.prefill_s, context);
  return `${by}: a self-hosted pick on hardware you own or buy must reach an estimated decode speed of ${floorText(floor.tokens_per_s)}, `
    + 'so that its answer comes at least as fast as it is read'
    + (limit ? `, and read ${limit.replace(/ read in /, ' in ')}` : '')
    + ' (a product decision: docs/trust-and-recommend.md). '
    + `${held.length} model${held.length === 1 ? '' : 's'} that fit${held.length === 1 ? 's' : ''} ${held.length === 1 ? 'was' : 'were'} held back `
    + `as slower than that wherever ${held.length === 1 ? 'it fits' : 'they fit'}: ${named.join('; ')}${more}. `
    + 'The speed is the fit engine\'s batch-1 estimate at the quantization it chooses (the highest that fits); where that '
    + 'is under the floor, each lower one of 4 bits per weight or more that fits was tried too (models_for_hardware lists '
    + 'each), and none reached it'
    + (limit ? '; the time to read a prompt is the same at every quantization (prefill is compute-bound)' : '')
    + '. A faster machine can be named in `machine`.';
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
export function prefillText(fit: Pick<FitAssessed, 'speed'>, context: number, limit: number | null = null): string {
  const s = fit.speed;
  if (!s || s.time_to_first_token_s === null || s.prefill_tokens_per_s === null || s.time_to_first_token_s <= PREFILL_STATED_AFTER_S) return '';
  const t = s.time_to_first_token_s;
  const when = secondsText(t);
  // Over the ask's limit (a machine the caller named is still answered on): said, with the limit.
  // Only the caller's machine is answered on over the limit, and there it ranks after every pick that meets it.
  const over = limit !== null && t > limit
    ? `, over the limit of ${limit} s the ask sets (docs/trust-and-recommend.md), so it ranks after every model that reads it in time here`
    : '';
  return `A prompt that fills the ${context.toLocaleString('en-US')} tokens of context takes ${when} to read here before the first `
    + `token comes (prefill at about ${s.prefill_tokens_per_s} tokens/s on a short prompt and slower as it grows, each token `
    + `attending to every earlier one: the speed engine's estimate from the configuration's compute, docs/hardware-and-cost.md `
    + `section 4)${over}; a shorter prompt takes less.`;
}

/**
 * The note for the models ranked after the others on the caller's machine (recommend.ts `over_prompt_limit`): they run
 * there at the decode floor, but take longer than the use's limit to read a prompt filling the context; the machine is
 * the caller's, so they are kept, each after every model that reads the prompt in time. The best rated are named.
 */
export function rankedAfterNote(
  over: ReadonlyArray<{ model: Model; hardware: Hardware; fit: FitAssessed }>, limit: number, by: string, use: string, context: number,
  running: number,
): string {
  // A pick with its experts in RAM has no speed object: its prefill is not estimated but taken as over the limit.
  const inRam = (h: (typeof over)[number]) => h.fit.speed === null;
  const named = over.slice(0, NAMED_HELD_BACK).map((h) => {
    const t = h.fit.speed?.time_to_first_token_s;
    const read = inRam(h) ? ', its experts in RAM' : t === undefined || t === null ? '' : `, ${secondsText(t)} to read it`;
    return `${h.model.name.value} (${h.model.id}: about ${h.fit.tokens_per_s} tokens/s${read} at ${h.fit.quantization} on ${h.hardware.id})`;
  });
  const more = over.length > NAMED_HELD_BACK ? `, and ${over.length - NAMED_HELD_BACK} more` : '';
  const n = over.length;
  const all = n >= running;
  const who = all ? `${n === 1 ? 'The one model' : `All ${n} models`} that run${n === 1 ? 's' : ''} on it at a usable speed`
    : `${n} of the ${running} models that run on it at a usable speed`;
  const rule = all
    ? 'none reads such a prompt in time there, so they are ranked as usual, each reason saying its time'
    : `each ranks after every model that reads such a prompt in ${limit} s or less, whatever their ratings`;
  return `${by} with use=${use}: ${who} take${n === 1 ? 's' : ''} longer than ${limit} s to read a prompt filling the `
    + `${context.toLocaleString('en-US')} tokens of context (the speed engine's prefill estimate, the same at every quantization${
      over.some(inRam) ? '; with its experts in RAM a model\'s prefill is not estimated and is taken as over the limit: a published '
        + 'gpt-oss-120b --cpu-moe run read 122-134 prompt tokens/s' : ''}): `
    + `${named.join('; ')}${more}. The machine is yours, so ${n === 1 ? 'it is' : 'they are'} not held back, but ${rule}: a reader of a `
    + 'whole document waits for the reply to all of it (a product decision: docs/trust-and-recommend.md). A shorter `context` or a '
    + 'faster machine can be asked.';
}
