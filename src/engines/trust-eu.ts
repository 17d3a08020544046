// EU facts the trust criteria and the recommendations read: member states, an offer's residency, the EU Code list.
import type { Dataset } from '../dataset/dataset.ts';
import { EU_CONDITION_MARK, type Developer, type EuCodeStatus, type Offer } from '../schema/index.ts';
import { EU_MEMBER_STATE_CODES } from './eu-member-states.ts';

/** The EU list's source id: a developer absent from a list the dataset holds is not a signatory. */
export const EU_CODE_SOURCE_ID = 'eu-gpai-code';

/** A jurisdiction or country code inside the EU (`EU` itself, or a member state). */
export function isEuJurisdiction(code: string | undefined): boolean {
  return code !== undefined && (code === 'EU' || EU_MEMBER_STATE_CODES.has(code));
}

/** EU offer: an EU-regional SKU, or EU data residency `yes` or `region`. `unknown` earns nothing. */
export function euResidencyOf(o: Pick<Offer, 'region' | 'eu_resident'>): 'yes' | 'region' | 'no' | 'unknown' {
  return o.region === 'eu' ? 'yes' : o.eu_resident.value;
}

/** A residency that holds only on a condition the provider sets (OpenAI's eligible organisations), as its note says. */
export function onCondition(f: Offer['eu_resident']): boolean {
  return f.note?.includes(EU_CONDITION_MARK) ?? false;
}

export type EuCodeView = { value: { status: EuCodeStatus; chapters?: string }; as_of: string; source: string; note?: string };

/** The developer's EU Code status; `not_listed` when the dataset holds the list and the developer is not on it. */
export function euCodeOf(ds: Dataset, dev: Developer | undefined): EuCodeView | null {
  const list = ds.sourceById.get(EU_CODE_SOURCE_ID);
  // The list's own caveat travels with every status read from it: an EU reader must not take a secondary list as final.
  if (dev?.eu_code) {
    const caveat = ds.sourceById.get(dev.eu_code.source)?.caveat;
    return caveat ? { ...dev.eu_code, note: caveat } : dev.eu_code;
  }
  if (!list) return null;
  const note = 'not on the list of signatories, partial signatories and organisations that declined';
  return { value: { status: 'not_listed' }, as_of: list.retrieved, source: list.id, note: list.caveat ? `${note}; ${list.caveat}` : note };
}
