// Served prices two rules hold back as doubtful: a cache write that copies the cache read, and a listing priced a
// power of ten away from every other provider of the model.
import type { HeldBackPrice, Offer } from '../schema/index.ts';
import type { IngestIssue } from '../sources/types.ts';
import { BASE_SKUS } from '../schema/index.ts';

type Field = HeldBackPrice['field'];

/** Move a served price to the offer's `held_back`, with the reason, and report it. */
export function holdBack(o: Offer, f: Field, reason: string): IngestIssue {
  const p = o.prices[f]!;
  o.held_back = [...(o.held_back ?? []), { field: f, value: p.value, as_of: p.as_of, source: p.source, reason }];
  delete o.prices[f];
  return { source: p.source, file: '(offers)', row: `${o.provider}/${o.provider_model_id}:${o.sku}`, field: f,
    message: `price ${p.value} per 1M tokens held back, not served: ${reason}` };
}

/**
 * A cache write costs at least the input price (Anthropic charges 1.25x input for a 5-minute write, Google charges the
 * input price plus storage, OpenAI and DeepSeek nothing apart) and a cache read less (Anthropic 0.1x): a listing whose
 * cache write equals its cache read, from the same source, below the input price, carries the read's figure twice
 * (models.dev's Claude 3 Sonnet at Anthropic: input 3, cache read 0.3, cache write 0.3, where Anthropic's rule gives a
 * write of 3.75). The write is held back; the read, a plausible figure, stays. The same mistake in the history is
 * src/ingest/crossed-price-fields.ts's to correct; this one was never corrected, so nothing in the sources gives the
 * right write. Returns the issues; the offers are changed in place.
 */
export function holdBackCopiedCacheWrites(offers: Offer[]): IngestIssue[] {
  const issues: IngestIssue[] = [];
  for (const o of offers) {
    const { input, cache_read: read, cache_write: write } = o.prices;
    if (!input || !read || !write || read.value <= 0 || write.value !== read.value || write.source !== read.source) continue;
    if (write.value >= input.value) continue;
    issues.push(holdBack(o, 'cache_write', `cache write ${write.value} equals the cache read from the same source (${read.source}) `
      + `and is below the input price ${input.value}: a cache write costs at least the input price, so this is the read's `
      + 'figure written twice'));
  }
  return issues;
}

/** Other providers' base listings of the model that must agree before a listing is called a slip. */
export const MIN_OTHER_PROVIDERS = 3;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** The power of ten (1, 2, -1...) a ratio is exactly, or undefined. */
function powerOfTen(ratio: number): number | undefined {
  const t = Math.log10(ratio);
  const k = Math.round(t);
  return k !== 0 && Math.abs(t - k) < 1e-9 ? k : undefined;
}

/**
 * A decimal slip still served: a base listing whose input and output are both the same power of ten (10x, 100x...)
 * from the median of what the model's other providers' base listings (MIN_OTHER_PROVIDERS or more, prices above 0)
 * serve. The change feed calls such a move a unit error when a source corrects it (src/ingest/price-unit-errors.ts:
 * LiteLLM's Azure Mistral Small 3.1 input 1 -> 0.1 on 2026-02-26); a listing never corrected keeps the slip, and a
 * 10x is below the 20x outlier bound, so nothing else holds it back. Real spreads between providers of one model are
 * not exact powers of ten on both prices at once. On the 2026 snapshots one listing is: LiteLLM's
 * vertex_ai/mistral-small-2503 at 1/3, the figures LiteLLM corrected on Azure, against 0.1/0.3 at nine other providers.
 * Both prices are held back with the reason: doubtful, not served, until a source or Google's page corroborates them.
 * Returns the issues; the offers are changed in place.
 */
export function holdBackDecimalSlips(offers: Offer[]): IngestIssue[] {
  const byModel = new Map<string, Offer[]>();
  for (const o of offers) if (BASE_SKUS.includes(o.sku)) byModel.set(o.model_id, [...(byModel.get(o.model_id) ?? []), o]);
  const slips: Array<{ o: Offer; reason: string }> = [];
  for (const list of byModel.values()) {
    for (const o of list) {
      const input = o.prices.input?.value;
      const output = o.prices.output?.value;
      if (!input || !output) continue;
      const others = list.filter((x) => x.provider !== o.provider);
      const ins = others.map((x) => x.prices.input?.value ?? 0).filter((v) => v > 0);
      const outs = others.map((x) => x.prices.output?.value ?? 0).filter((v) => v > 0);
      if (ins.length < MIN_OTHER_PROVIDERS || outs.length < MIN_OTHER_PROVIDERS) continue;
      const [mi, mo] = [median(ins), median(outs)];
      const k = powerOfTen(input / mi);
      if (k === undefined || powerOfTen(output / mo) !== k) continue;
      slips.push({ o, reason: `input ${input} and output ${output} are both ${10 ** k}x the median (${mi} and ${mo}) of what `
        + `${Math.min(ins.length, outs.length)} or more other providers serve for the model: a decimal slip, doubtful until corroborated` });
    }
  }
  // Decided on the prices as served before any is held back, so one slip cannot move another listing's medians.
  return slips.flatMap(({ o, reason }) => (['input', 'output'] as const).map((f) => holdBack(o, f, reason)));
}
