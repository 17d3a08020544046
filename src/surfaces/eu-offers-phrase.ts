// A trust profile's EU offers in one phrase, for the trust page and the MCP text: served in the EU apart from an EU
// region to choose, and from one open only on a provider's conditions (OpenAI's eligible organisations).

// The wire's compliance.offers, read defensively: a field may be absent.
type V = Record<string, any>;

const n = (x: number, one: string, many: string): string => `${x.toLocaleString('en-US')} ${x === 1 ? one : many}`;

/**
 * "1 EU-resident, 2 in an EU region on conditions, of 39 offers, at 2 providers". A `region` offer counts for criterion 4
 * and is listed with the EU offers, but "3 EU-resident" would read as three offers served in the EU, when two need an
 * approval OpenAI grants to some organisations only. Undefined without counts.
 */
export function euOffersPhrase(o: V | undefined): string | undefined {
  if (!o || typeof o.total !== 'number' || typeof o.eu_resident !== 'number') return undefined;
  const total = `of ${n(o.total, 'offer', 'offers')}`;
  const at = typeof o.eu_resident_providers === 'number' && o.eu_resident_providers !== o.eu_resident
    ? `, at ${n(o.eu_resident_providers, 'provider', 'providers')}` : '';
  // An answer without the split (older wire): the combined count, as it was.
  if (typeof o.eu_resident_yes !== 'number' || typeof o.eu_region !== 'number') return `${o.eu_resident} EU-resident ${total}${at}`;
  const region = o.eu_region;
  const cond = typeof o.eu_region_on_condition === 'number' ? o.eu_region_on_condition : 0;
  const regionText = region === 0 ? ''
    : cond === region ? `, ${region} in an EU region on conditions`
      : cond === 0 ? `, ${region} in an EU region to choose`
        : `, ${region} in an EU region to choose (${cond} of them on conditions)`;
  return `${o.eu_resident_yes} EU-resident${regionText}, ${total}${at}`;
}
