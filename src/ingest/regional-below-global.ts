// A regional listing priced below the same provider's global listing of the model: doubtful, held back.
import type { HeldBackPrice, Offer } from '../schema/index.ts';
import { BASE_SKUS } from '../schema/index.ts';
import type { IngestIssue } from '../sources/types.ts';
import { holdBack } from './doubtful-prices.ts';
import { pinsZone, skuOf, unrouted } from './skus.ts';

type Field = HeldBackPrice['field'];
const FIELDS: readonly Field[] = ['input', 'output', 'cache_read', 'cache_write'];

/**
 * How far below the global price a regional one may sit before it is doubtful: more than 5%. Wider than a figure
 * written to two significant digits can drift from an equal price (at most 5%: 0.105 written 0.1), narrower than the
 * premium regional endpoints carry (10%, below). No provider in the sources prices a regional endpoint below its
 * global one.
 */
export const REGIONAL_MARGIN = 0.05;

/** The page that says a regional endpoint costs the global price or more. */
export const REGIONAL_PRICING_URL = 'https://platform.claude.com/docs/en/build-with-claude/claude-on-amazon-bedrock';

/** A listing pinned to a region: a zone or in-region id, or the same id a source lists for one region (OpenAI's EU). */
const isRegional = (o: Offer) => o.sku === 'regional' && (pinsZone(skuOf(o.provider_model_id).listing) || o.region !== 'global');

const fmt = (x: number) => String(Number(x.toPrecision(6)));

/**
 * A regional endpoint costs what the global one costs or more: Anthropic's Bedrock page gives regional endpoints "a
 * 10% pricing premium over global endpoints" from Claude Sonnet 4.5 on, older models "maintain their existing pricing
 * structures", and Azure's and OpenAI's data-zone and EU listings cost 1.1x their global ones in the sources, none less. A
 * regional listing whose input and output are both more than REGIONAL_MARGIN below the same provider's global
 * listing of the model is another model's price copied onto it: LiteLLM's
 * `eu.anthropic.claude-3-5-haiku-20241022-v1:0` at 0.25/1.25/0.025/0.3125, Claude 3 Haiku's figures, where its
 * `anthropic.claude-3-5-haiku-20241022-v1:0` and `us.` profile are 0.8/4/0.08/1.
 *
 * The global listing is the provider's base listing of the same model id with no zone (`global.`, the bare id),
 * else any of the model's base listings at the provider with no zone; the lowest price among them is the reference, so
 * a regional listing is caught only below every one of them. Both input and output must be below: a listing below on
 * one and above on the other (Bedrock's in-region Qwen3 Coder Next at 0.6/1.44 against a base listing of 0.22/1.8)
 * says the reference is in doubt as much as the listing, and no rule can tell which. Each price field more than the
 * margin below is held back, the reason naming both prices; the offer stays listed. Returns the issues; the offers
 * change in place. Run after the other rules, so a reference they held back is not one.
 */
export function holdBackRegionalBelowGlobal(offers: Offer[]): IngestIssue[] {
  const globals = new Map<string, Offer[]>();
  for (const o of offers) {
    if (!BASE_SKUS.includes(o.sku) || isRegional(o)) continue;
    const k = `${o.provider}|${o.model_id}`;
    globals.set(k, [...(globals.get(k) ?? []), o]);
  }
  const found: Array<{ o: Offer; field: Field; reason: string }> = [];
  for (const o of offers) {
    if (!isRegional(o)) continue;
    const all = globals.get(`${o.provider}|${o.model_id}`) ?? [];
    const id = unrouted(skuOf(o.provider_model_id).listing);
    const same = all.filter((g) => unrouted(skuOf(g.provider_model_id).listing) === id);
    const refs = same.length ? same : all;
    const lowest = (f: Field) => {
      const priced = refs.filter((g) => (g.prices[f]?.value ?? 0) > 0);
      return priced.length ? priced.reduce((a, b) => (b.prices[f]!.value < a.prices[f]!.value ? b : a)) : undefined;
    };
    const below = (f: Field) => {
      const v = o.prices[f]?.value;
      const g = lowest(f);
      return v !== undefined && v > 0 && g && v < g.prices[f]!.value * (1 - REGIONAL_MARGIN) ? g : undefined;
    };
    if (!below('input') || !below('output')) continue;
    for (const field of FIELDS) {
      const g = below(field);
      if (!g) continue;
      const [v, ref] = [o.prices[field]!.value, g.prices[field]!.value];
      found.push({ o, field, reason: `regional listing priced below the same provider's listing of the model with no region pinned: `
        + `${field} ${fmt(v)} against ${fmt(ref)} at ${g.provider}/${g.provider_model_id} (${fmt(v / ref)}x); a regional endpoint costs `
        + `the global price or more (${REGIONAL_PRICING_URL}), so this is another listing's price, doubtful until a source corroborates it` });
    }
  }
  // Decided on the prices as served before any is held back.
  return found.map(({ o, field, reason }) => holdBack(o, field, reason));
}
