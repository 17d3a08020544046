// A model's developer read from a first-party provider's listing that files the model under another developer's name.
import type { ModelObservation } from '../sources/types.ts';
import { FIRST_PARTY, VENDOR_PREFIX } from './first-party.ts';

/**
 * The developer a listing's id names in the segment before the model's name, when that is a known developer
 * (`VENDOR_PREFIX` or a developers.csv id or alias) other than the provider's own: NVIDIA's NIM API lists
 * `sarvamai/sarvam-m`, `google/google-paligemma`, `baai/bge-m3`, `black-forest-labs/flux.1-dev` next to its own
 * `nvidia/nemotron-…`. The provider itself says whose model it resells, so the listing is not first-party.
 * Undefined for a bare id, the provider's own namespace, or a namespace that names no known developer (`abacusai/`).
 */
export function listingDeveloper(o: ModelObservation, resolveDeveloper: (name: string) => string | undefined): string | undefined {
  const own = o.provider === undefined ? undefined : FIRST_PARTY[o.provider];
  if (own === undefined) return undefined;
  // Ids read `<provider>/<namespace>/<model>`; `nvidia/mistral-nemotron` has no namespace of its own.
  const path = o.source_model_id.split('/');
  if (path.length < 3) return undefined;
  const ns = path[path.length - 2].toLowerCase();
  if (ns === '') return undefined;
  const dev = VENDOR_PREFIX[ns] ?? resolveDeveloper(ns);
  return dev !== undefined && dev !== own ? dev : undefined;
}
