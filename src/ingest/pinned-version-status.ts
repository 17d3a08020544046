// A provider's status for the only version it pins of a model id speaks for the unpinned id and its other SKUs.
import type { Offer } from '../schema/index.ts';
import { BASE_SKUS } from '../schema/index.ts';
import { isDatedVersionOf, skuOf } from './skus.ts';

/** The listing key of an offer (skuOf): Vertex's `claude-opus-4-1@20250805` reads `claude-opus-4-1-20250805`. */
const listingOf = (o: Offer) => skuOf(o.provider_model_id).listing;

/** A version pinned with `@` (Vertex AI's `model@version`), the provider's prefix aside. */
const pinsVersion = (o: Offer) => o.provider_model_id.slice(o.provider_model_id.lastIndexOf('/') + 1).includes('@');

/**
 * Vertex AI calls a partner model by its id and pins a version with `@`: `claude-opus-4-1@20250805` is the version
 * of `claude-opus-4-1`, and where a provider lists one version of a model id the unpinned id calls that version.
 * models.dev gives Vertex's `claude-opus-4-1@20250805` and `claude-sonnet-4@20250514` the status `deprecated` (set
 * 2026-06-08; Anthropic's Claude on Vertex AI page marks both "Deprecated"), while LiteLLM's `claude-opus-4-1` and
 * `claude-sonnet-4` (genai-prices' `claude-4-sonnet`) and the batch SKUs carry none, so the rule for providers that
 * host models themselves read them `active`: one model at one provider, two statuses. An offer with no status of its
 * own takes the status a source gives the provider's base listing of the same version: the same listing at its base
 * SKU (a batch SKU of a deprecated listing), or, for an unpinned id, its only `@`-pinned version (one version, so no
 * other version's word is taken). The status keeps its source and date, with a note naming the listing it is read
 * from. Returns the offers changed; they change in place. Run before the shutdown-date step, which derives the rest.
 */
export function sharePinnedVersionStatus(offers: Offer[]): Offer[] {
  const byProviderModel = new Map<string, Offer[]>();
  for (const o of offers) {
    const k = `${o.provider}|${o.model_id}`;
    byProviderModel.set(k, [...(byProviderModel.get(k) ?? []), o]);
  }
  const changed: Array<{ o: Offer; from: Offer }> = [];
  for (const o of offers) {
    if (o.status) continue;
    const all = byProviderModel.get(`${o.provider}|${o.model_id}`) ?? [];
    const listing = listingOf(o);
    const pinned = all.filter((x) => pinsVersion(x) && isDatedVersionOf(listingOf(x), listing));
    const versions = new Set(pinned.map(listingOf));
    const same = all.filter((x) => x !== o && listingOf(x) === listing);
    const from = [...same, ...(versions.size === 1 ? pinned : [])]
      .filter((x) => BASE_SKUS.includes(x.sku) && x.status && x.status.source !== 'derived');
    const values = new Set(from.map((x) => x.status!.value));
    if (values.size !== 1) continue;
    changed.push({ o, from: from[0] });
  }
  // Decided before any is set, so a status read from a sibling is not passed on again.
  for (const { o, from } of changed) {
    const s = from.status!;
    const why = listingOf(from) === listingOf(o) ? `the same listing at its ${from.sku} SKU` : 'the only version this id pins there';
    o.status = { ...s, note: `${s.note ? `${s.note}; ` : ''}the status ${s.source} gives ${o.provider}'s ${from.provider_model_id}, ${why}` };
  }
  return changed.map(({ o }) => o);
}
