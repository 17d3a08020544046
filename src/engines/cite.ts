// How a derived figure names an input fact: `name = value (source, as_of)`, the one form every `derived_from` uses.
import type { Fact } from '../schema/index.ts';

export const citeFact = (name: string, f: Pick<Fact<unknown>, 'value' | 'source' | 'as_of'>, shown: unknown = f.value): string =>
  `${name} = ${String(shown)} (${f.source}, ${f.as_of})`;

/** Where a figure in a sentence comes from: `source, as_of`, inside the parentheses the sentence puts around it. */
export const citeSource = (f: { source: string; as_of: string }): string => `${f.source}, ${f.as_of}`;

/**
 * A licence fact's citation: the label's source names the licence; what it allows is the licence table's reading of
 * the licence's own page (the licence table, data/curated/licences.csv), with that page where the table has one. LMArena shows a label
 * only, so commercial use and OSI status are never credited to it.
 */
export const citeLicenceTerms = (l: { source: string; as_of: string; value: { evidence_url?: string } }): string =>
  `licence table${l.value.evidence_url ? `, text ${l.value.evidence_url}` : ''}; label ${citeSource(l)}`;

/** The source id of the reviewed licence table (data/curated/licences.csv), which reads what each licence allows. */
export const LICENCE_TABLE_SOURCE = 'licence-table';
