// How a derived figure names an input fact: `name = value (source, as_of)`, the one form every `derived_from` uses.
import type { Fact } from '../schema/index.ts';

export const citeFact = (name: string, f: Pick<Fact<unknown>, 'value' | 'source' | 'as_of'>, shown: unknown = f.value): string =>
  `${name} = ${String(shown)} (${f.source}, ${f.as_of})`;

/** Where a figure in a sentence comes from: `source, as_of`, inside the parentheses the sentence puts around it. */
export const citeSource = (f: { source: string; as_of: string }): string => `${f.source}, ${f.as_of}`;
