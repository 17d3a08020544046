// Claude's regional endpoints on Bedrock cost 10% more than its global one: the reading that says so is served.
import { roundPrice } from '../sources/catalogue-util.ts';
import type { PriceRule } from './precedence.ts';
import { nonEuRouteOf } from './skus.ts';

/**
 * The reviewed rule. Anthropic, "Claude on Amazon Bedrock", section "Global vs regional endpoints": "Starting with
 * Claude Sonnet 4.5 and all future models, Amazon Bedrock offers two endpoint types" ... "Regional endpoints include a
 * 10% pricing premium over global endpoints" ... "This applies only to Claude Sonnet 4.5 and future models. Older
 * models (Claude Sonnet 4, Opus 4, and earlier) maintain their existing pricing structures." AWS: "Global
 * cross-Region inference for Anthropic's Claude Sonnet 4.5 offers approximately 10% savings on both input and output
 * token pricing compared to geographic cross-Region inference".
 *
 * The models are a reviewed list, not a release-date cut: three of them (Claude Fable 5.1, Opus 5, Opus 5.5) have no
 * release date in the dataset, and the list is the one data/curated/offer-residency.csv gives for the same section of
 * the Vertex AI page (a test keeps the two equal, and fails when a newer Anthropic model listed on Bedrock is missing).
 * Vertex is not named here: no source lists a Claude regional endpoint on Vertex apart from its global price.
 */
export const REGIONAL_PREMIUM = {
  provider: 'amazon-bedrock',
  models: [
    'claude-sonnet-4-5', 'claude-haiku-4-5', 'claude-opus-4-5', 'claude-opus-4-6', 'claude-sonnet-4-6', 'claude-opus-4-7',
    'claude-opus-4-8', 'claude-fable-5', 'claude-sonnet-5', 'claude-fable-5-1', 'claude-opus-5', 'claude-opus-5-5',
  ] as readonly string[],
  multiplier: 1.1,
  url: 'https://platform.claude.com/docs/en/build-with-claude/claude-on-amazon-bedrock',
  aws_url: 'https://docs.aws.amazon.com/bedrock/latest/userguide/global-cross-region-inference.html',
  read_on: '2026-11-26',
};

type PriceField = 'input' | 'output' | 'cache_read' | 'cache_write';
type Listing = { provider: string; model_id: string; sku: string; listing: string };

/** List-price SKUs only: a batch or flex SKU is another price by design. */
const LIST_SKUS: ReadonlySet<string> = new Set(['standard', 'regional']);

const covered = (g: Listing) =>
  g.provider === REGIONAL_PREMIUM.provider && REGIONAL_PREMIUM.models.includes(g.model_id) && LIST_SKUS.has(g.sku);

/** A `global.` inference profile: the price the premium is counted from. */
export const isGlobalListing = (g: Listing) => covered(g) && nonEuRouteOf(g.listing) === 'global';

/**
 * A listing the premium applies to: a geographic profile (`us.`, `eu.`, `jp.`, `au.`, `apac.`...) or the bare
 * in-region id. GovCloud (`us-gov.`, `us-gov-west-1/`) is left out: AWS prices it on its own list (1.2x, not 1.1x).
 */
export function isRegionalListing(g: Listing): boolean {
  if (!covered(g)) return false;
  const route = nonEuRouteOf(g.listing);
  return route !== 'global' && !route?.startsWith('us-gov');
}

const same = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, a, b);
const fmt = (x: number) => String(Number(x.toPrecision(6)));

/**
 * For each listing and price field, the rule to hand to the price choice: where the listing is regional and the
 * model's global listings at the provider serve one price for the field, the reading equal to 1.1x it (rounded as
 * the sources' prices are) is served, with a note citing the rule. It only chooses among the readings: where none
 * is 1.1x, or they all are, it says nothing and the usual choice stands (as it does where that choice already serves
 * the 1.1x figure: choosePrice in precedence.ts). `served(g, field)`: the price the usual
 * choice serves for a global listing (global listings never take a rule, so this does not recurse).
 */
export function regionalPremiumOf<G extends Listing>(groups: readonly G[], served: (g: G, field: PriceField) => number | undefined):
  (g: G, field: PriceField) => PriceRule | undefined {
  const globals = new Map<string, G[]>();
  for (const g of groups) if (isGlobalListing(g)) globals.set(g.model_id, [...(globals.get(g.model_id) ?? []), g]);
  const cache = new Map<string, number | undefined>();
  const globalPrice = (modelId: string, field: PriceField) => {
    const k = `${modelId}|${field}`;
    if (!cache.has(k)) {
      const values = (globals.get(modelId) ?? []).flatMap((g) => {
        const v = served(g, field);
        return v !== undefined && v > 0 ? [v] : [];
      });
      // Global listings that disagree give no one price to count from.
      cache.set(k, values.length && values.every((v) => same(v, values[0])) ? values[0] : undefined);
    }
    return cache.get(k);
  };
  return (g, field) => {
    if (!isRegionalListing(g)) return undefined;
    const base = globalPrice(g.model_id, field);
    if (base === undefined) return undefined;
    const target = roundPrice(base * REGIONAL_PREMIUM.multiplier);
    return (kept) => {
      const best = kept.find((r) => same(r.value, target));
      if (!best || kept.every((r) => same(r.value, target))) return undefined;
      return { best, why: `regional endpoint of a Claude model from Sonnet 4.5 on: ${fmt(target)} = 1.1 x the global listing's `
        + `${fmt(base)} ("Regional endpoints include a 10% pricing premium over global endpoints", ${REGIONAL_PREMIUM.url})` };
    };
  };
}
