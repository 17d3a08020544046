// genai-prices upstream shapes (data.schema.json): price values, price blocks, time-constrained prices, and which one applies.
import { z } from 'zod';
import { IsoDate, Price, defined, isPlainObject, issueAt, parseFields, zodMessage, type Where } from './catalogue-util.ts';
import { toModelsDevProvider } from './provider-ids.ts';
import type { IngestIssue, OfferObservation } from './types.ts';

/** A price: a number, or `{base, tiers: [{start, price}]}` where a prompt above `start` tokens pays `price` for all of it. */
const TieredPrice = z.strictObject({
  base: Price,
  tiers: z.array(z.strictObject({ start: z.number().int().positive(), price: Price })),
});
const PriceValue = z.union([Price, TieredPrice]).nullable();
export type PriceValue = z.infer<typeof PriceValue>;

/** The four prices the project carries. */
const CARRIED = ['input_mtok', 'output_mtok', 'cache_read_mtok', 'cache_write_mtok'] as const;
/**
 * Every other price key upstream uses: data.schema.json's ModelPrice properties plus the units the newer
 * bundle adds. A key outside this list (a typo such as `inptu_mtok`) is reported, never guessed at.
 */
const OTHER_PRICES = new Set([
  'input_audio_mtok', 'output_audio_mtok', 'cache_audio_read_mtok', 'cache_audio_write_mtok',
  'input_text_mtok', 'output_text_mtok', 'cache_text_read_mtok', 'cache_text_write_mtok',
  'input_image_mtok', 'output_image_mtok', 'cache_image_read_mtok', 'cache_image_write_mtok',
  'input_video_mtok', 'output_video_mtok', 'cache_video_read_mtok', 'cache_video_write_mtok',
  'requests_kcount', 'cache_write_1h_mtok', 'output_reasoning_mtok', 'output_citation_mtok',
  'web_searches_kcount', 'storage_searches_kcount', 'input_text_messages_kcount',
  'input_document_kpages', 'input_annotated_document_kpages', 'audio_hours', 'input_audio_hours',
]);

export type PriceBlock = Partial<Record<string, Exclude<PriceValue, null>>>;

const Time = z.string().regex(/^\d{2}:\d{2}(:\d{2})?(Z|[+-]00:?00)?$/, 'a UTC time HH:MM[:SS]Z');
const StartDate = z.strictObject({ start_date: IsoDate, type: z.literal('start_date').optional() });
const TimeOfDay = z.strictObject({ start_time: Time, end_time: Time, type: z.literal('time_of_date').optional() });
const Constraint = z.union([StartDate, TimeOfDay]).nullable();
type Constraint = NonNullable<z.infer<typeof Constraint>>;
type Conditional = { constraint?: Constraint; prices: PriceBlock };

/** Validate one price block: bad or unknown keys are issues and stay out; null means "not given". */
export function readBlock(value: unknown, where: Where, issues: IngestIssue[], prefix: string): PriceBlock | undefined {
  if (!isPlainObject(value)) {
    issues.push(issueAt(where, 'a price block must be a table of prices', prefix.replace(/\.$/, '')));
    return undefined;
  }
  const out: PriceBlock = {};
  for (const [key, raw] of Object.entries(value)) {
    if (!(CARRIED as readonly string[]).includes(key) && !OTHER_PRICES.has(key)) {
      issues.push(issueAt(where, 'unknown field in a price block: not read', prefix + key));
      continue;
    }
    const parsed = PriceValue.safeParse(raw);
    if (!parsed.success) issues.push(issueAt(where, zodMessage(parsed.error, raw), prefix + key));
    else if (parsed.data !== null) out[key] = parsed.data;
  }
  return out;
}

/**
 * The prices in force on `date`, from a block or a list of conditional blocks. Upstream tries the list last
 * to first and uses the first entry whose constraint holds (the first entry if none does). A start_date
 * holds from that date on. Time-of-day constraints (DeepSeek's peak/off-peak windows) hold for part of
 * every day, so no single price is "the" price of a day: we take the price that applies for the most
 * minutes of that UTC day (DeepSeek V3: the 16-hour standard rate, not the 8-hour off-peak discount; V4
 * from 2026-08-17: the 17-hour off-peak rate, not the 7 peak hours). Ties go to the later entry.
 */
export function readPrices(value: unknown, date: string, where: Where, issues: IngestIssue[], prefix = 'prices'): PriceBlock | undefined {
  if (!Array.isArray(value)) return readBlock(value, where, issues, `${prefix}.`);
  return pickConditional(conditionals(value, where, issues, prefix), date);
}

/** The entries of a list of conditional price blocks that parse; the others are issues. */
function conditionals(value: unknown[], where: Where, issues: IngestIssue[], prefix: string): Conditional[] {
  const list: Conditional[] = [];
  value.forEach((entry, i) => {
    const at = `${prefix}[${i}]`;
    const e = parseFields(entry, { constraint: Constraint, prices: z.unknown() }, where, issues, { prefix: `${at}.`, strict: true });
    if (!e || (isPlainObject(entry) && 'constraint' in entry && e.constraint === undefined)) return;
    const prices = e.prices === undefined ? undefined : readBlock(e.prices, where, issues, `${at}.prices.`);
    if (prices === undefined) {
      if (e.prices === undefined) issues.push(issueAt(where, 'a conditional price without prices', at));
      return;
    }
    list.push(defined({ constraint: e.constraint ?? undefined, prices }));
  });
  return list;
}

export function pickConditional(list: Conditional[], date: string): PriceBlock | undefined {
  if (list.length === 0) return undefined;
  return list[mostMinutes(minutesInForce(list, date))].prices;
}

/** How many minutes of the UTC day `date` each entry is the one in force (upstream: the last entry that holds). */
function minutesInForce(list: Conditional[], date: string): number[] {
  const minutes = list.map(() => 0);
  for (let m = 0; m < 1440; m++) {
    let chosen = 0;
    for (let i = list.length - 1; i >= 0; i--) {
      if (holds(list[i].constraint, date, m)) {
        chosen = i;
        break;
      }
    }
    minutes[chosen] += 1;
  }
  return minutes;
}

/** The entry in force for the most minutes; ties go to the later entry. */
function mostMinutes(minutes: number[]): number {
  let best = 0;
  minutes.forEach((n, i) => {
    if (n >= minutes[best]) best = i;
  });
  return best;
}

/**
 * When the source prices part of the day differently (DeepSeek V4's peak hours), what the price served leaves out:
 * "the price for 17 of 24 hours a day (UTC); 01:00-04:00 and 06:00-10:00 UTC the source lists $1.32 input and $3.96
 * output per 1M tokens". Undefined when one price holds all day. Said beside the price, so no answer passes the
 * most-minutes price off as the only one.
 */
export function timeOfDayNote(value: unknown, date: string): string | undefined {
  if (!Array.isArray(value)) return undefined;
  const list = conditionals(value, { source: '', file: '', row: '' }, [], 'prices');
  if (list.length < 2) return undefined;
  const minutes = minutesInForce(list, date);
  const best = mostMinutes(minutes);
  const others = list.map((c, i) => ({ c, i })).filter(({ i }) => i !== best && minutes[i] > 0);
  if (!others.length) return undefined;
  const hours = (m: number) => String(Math.round((m / 60) * 100) / 100);
  const money = (v: number | undefined) => (v === undefined ? 'no price' : `$${v}`);
  const byPrice = new Map<string, { windows: string[]; minutes: number; input?: number; output?: number }>();
  for (const { c, i } of others) {
    const { input, output } = offerPrices(c.prices);
    const key = `${input}/${output}`;
    const g = byPrice.get(key) ?? { windows: [], minutes: 0, input, output };
    if (c.constraint && 'start_time' in c.constraint) g.windows.push(`${c.constraint.start_time.slice(0, 5)}-${c.constraint.end_time.slice(0, 5)}`);
    g.minutes += minutes[i];
    byPrice.set(key, g);
  }
  // An entry with no window holds outside the others' windows: said as "the other N hours".
  const parts = [...byPrice.values()].map((g) => `${g.windows.length ? `${g.windows.join(' and ')} UTC` : `the other ${hours(g.minutes)} hours`} `
    + `the source lists ${money(g.input)} input and ${money(g.output)} output per 1M tokens`);
  const c = list[best].constraint;
  const own = c && 'start_time' in c ? ` (${c.start_time.slice(0, 5)}-${c.end_time.slice(0, 5)} UTC)` : ' (UTC)';
  return `the price for ${hours(minutes[best])} of 24 hours a day${own}; ${parts.join('; ')}`;
}

/**
 * The earliest price a list of conditional blocks schedules after `date` (a `start_date` constraint later than it):
 * Gemini 3.6 Flash's introductory $0.75/$3.75 is followed by $1.50/$7.50 from 2027-01-01. Issues in the blocks are
 * reported by readPrices; here a bad entry is only skipped.
 */
export function nextPrices(value: unknown, date: string): NextPrices | undefined {
  if (!Array.isArray(value)) return undefined;
  let best: { starts: string; raw: unknown } | undefined;
  for (const entry of value) {
    const c = StartDate.safeParse(isPlainObject(entry) ? entry.constraint : undefined);
    if (!c.success || c.data.start_date <= date || (best && best.starts <= c.data.start_date)) continue;
    best = { starts: c.data.start_date, raw: (entry as { prices?: unknown }).prices };
  }
  if (!best) return undefined;
  const block = readBlock(best.raw, { source: '', file: '', row: '' }, [], '');
  if (!block) return undefined;
  const { input, output, cache_read, cache_write } = offerPrices(block);
  if (input === undefined && output === undefined) return undefined;
  return defined({ starts: best.starts, input, output, cache_read, cache_write });
}

export type NextPrices = NonNullable<OfferObservation['next_prices']>;

function holds(c: Constraint | undefined, date: string, minute: number): boolean {
  if (c === undefined) return true;
  if ('start_date' in c) return date >= c.start_date;
  const start = minuteOf(c.start_time);
  const end = minuteOf(c.end_time);
  return start <= end ? minute >= start && minute < end : minute >= start || minute < end;
}

function minuteOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** The base (below every tier) of a price value. */
export function basePrice(v: PriceBlock[string]): number | undefined {
  return v === undefined ? undefined : typeof v === 'number' ? v : v.base;
}

/** Input/output/cache prices of a block; input and output tiers merge into tiers by threshold. */
export function offerPrices(block: PriceBlock): Pick<OfferObservation, 'input' | 'output' | 'cache_read' | 'cache_write' | 'tiers'> {
  const byStart = new Map<number, { above_tokens: number; input?: number; output?: number }>();
  for (const [key, side] of [['input_mtok', 'input'], ['output_mtok', 'output']] as const) {
    const v = block[key];
    if (v === undefined || typeof v === 'number') continue;
    for (const t of v.tiers) {
      const tier = byStart.get(t.start) ?? { above_tokens: t.start };
      tier[side] = t.price;
      byStart.set(t.start, tier);
    }
  }
  const tiers = [...byStart.values()].sort((a, b) => a.above_tokens - b.above_tokens);
  return defined({
    input: basePrice(block.input_mtok),
    output: basePrice(block.output_mtok),
    cache_read: basePrice(block.cache_read_mtok),
    cache_write: basePrice(block.cache_write_mtok),
    tiers: tiers.length > 0 ? tiers : undefined,
  });
}

/**
 * Where a genai-prices listing is offered, in models.dev ids. `huggingface_<backend>` is Hugging Face's
 * router pinned to one backend: the router takes that as `<model>:<backend>`, which keeps the backends'
 * different prices apart. genai-prices files Vertex AI's Claude models under `google`; Google's own
 * Gemini API serves no Claude, so those are Vertex AI offers.
 */
export function offerTarget(genaiProvider: string, modelId: string): { provider: string; provider_model_id: string } {
  if (genaiProvider.startsWith('huggingface_')) {
    return { provider: 'huggingface', provider_model_id: `${modelId}:${genaiProvider.slice('huggingface_'.length)}` };
  }
  if (genaiProvider === 'google' && modelId.startsWith('claude')) return { provider: 'google-vertex', provider_model_id: modelId };
  return { provider: toModelsDevProvider('genai-prices', genaiProvider), provider_model_id: modelId };
}
