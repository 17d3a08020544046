// The EU's member states, one list: trust reads their codes (jurisdictions), recommend_model's keep and where their names.

/**
 * The 27 member states as the EU lists them (https://european-union.europa.eu/principles-countries-history/eu-countries_en,
 * read 2026-11-27), each with its ISO 3166-1 alpha-2 code and the English names people write for it. Norway, Iceland and
 * Liechtenstein (EEA) and Switzerland are not members, nor has the United Kingdom been since 2020-01-31.
 */
export const EU_MEMBER_STATES: ReadonlyArray<{ code: string; names: readonly string[] }> = [
  { code: 'AT', names: ['austria'] },
  { code: 'BE', names: ['belgium'] },
  { code: 'BG', names: ['bulgaria'] },
  { code: 'HR', names: ['croatia'] },
  { code: 'CY', names: ['cyprus'] },
  { code: 'CZ', names: ['czechia', 'czech republic'] },
  { code: 'DK', names: ['denmark'] },
  { code: 'EE', names: ['estonia'] },
  { code: 'FI', names: ['finland'] },
  { code: 'FR', names: ['france'] },
  { code: 'DE', names: ['germany'] },
  { code: 'GR', names: ['greece'] },
  { code: 'HU', names: ['hungary'] },
  { code: 'IE', names: ['ireland'] },
  { code: 'IT', names: ['italy'] },
  { code: 'LV', names: ['latvia'] },
  { code: 'LT', names: ['lithuania'] },
  { code: 'LU', names: ['luxembourg'] },
  { code: 'MT', names: ['malta'] },
  { code: 'NL', names: ['netherlands'] },
  { code: 'PL', names: ['poland'] },
  { code: 'PT', names: ['portugal'] },
  { code: 'RO', names: ['romania'] },
  { code: 'SK', names: ['slovakia'] },
  { code: 'SI', names: ['slovenia'] },
  { code: 'ES', names: ['spain'] },
  { code: 'SE', names: ['sweden'] },
];

export const EU_MEMBER_STATE_CODES: ReadonlySet<string> = new Set(EU_MEMBER_STATES.map((s) => s.code));

/** Every name of every member state, as vocabulary synonyms (lower case; accents and case are ignored when matching). */
export const EU_MEMBER_STATE_NAMES: readonly string[] = EU_MEMBER_STATES.flatMap((s) => s.names);

/**
 * Single words naming a country in or near Europe that is not an EU member (EEA states, Switzerland, the United Kingdom
 * and its nations), or a few large hosting countries elsewhere: no value of keep or where reads them, and the answer says
 * why rather than only that the text matched nothing. (`us` is left out: it is also a pronoun.)
 */
export const NON_EU_COUNTRY_WORDS: readonly string[] = [
  'switzerland', 'swiss', 'norway', 'norwegian', 'iceland', 'liechtenstein', 'uk', 'kingdom', 'britain', 'british', 'england', 'scotland',
  'wales', 'usa', 'america', 'american', 'canada', 'japan', 'china', 'india', 'singapore', 'australia', 'turkey', 'ukraine', 'serbia',
];

/** What a non-EU country asks for, in the only terms the service has: EU residency or not. */
export const NON_EU_COUNTRY_HINT = 'a country outside the EU is no value of keep or where: the dataset records whether an offer keeps data in the EU, '
  + 'not in which other country it runs; an EU member state reads as keep=eu-only or where=eu-cloud, a cloud anywhere as where=any-cloud, '
  + 'your own servers as where=on-premises';
