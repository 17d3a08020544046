// Display names of providers: those only LiteLLM lists (its `litellm_provider` ids, passed through as the offers'
// provider ids: provider-ids.ts), which models.dev and genai-prices name nowhere, each row quoting LiteLLM's own naming
// of the provider (the `display_name` of its provider_endpoints_support.json, or the title of its provider docs page);
// and providers whose own pages spell their name otherwise than the catalogues do (models.dev's "Nvidia" for NVIDIA),
// each row quoting the provider's page: a company's own spelling is the name, before any catalogue's.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { IsoDate, type Source } from '../schema/index.ts';
import { parseCsv, tableUrl, validateRows } from '../sources/curated.ts';
import type { IngestIssue } from '../sources/types.ts';

const FILE = 'data/curated/provider-names.csv';
export const PROVIDER_NAMES_SOURCE_ID = 'provider-names';

export const PROVIDER_NAMES_SOURCE: Source = {
  id: PROVIDER_NAMES_SOURCE_ID,
  name: 'Reviewed table: display names of the providers only LiteLLM lists, as LiteLLM names them, and of providers whose own pages spell them otherwise than the catalogues',
  url: tableUrl(FILE),
  licence: 'facts; each row quotes LiteLLM (MIT: provider_endpoints_support.json at a named commit, or its docs page) or the provider\'s own page',
  kind: 'curated',
  retrieved: '2026-11-29',
  covers: 'the names shown for providers that models.dev and genai-prices do not list (Crusoe, Hyperbolic, Nscale, '
    + 'Replicate, IBM - Watsonx.ai, OCI and others), which were shown by their LiteLLM id; and the company\'s own spelling '
    + 'where it differs from the catalogues\' (NVIDIA, SambaNova, Novita AI, LM Studio)',
  counts_for_data_as_of: false,
};

const Row = z.object({
  provider_id: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'a provider id of the offers'),
  name: z.string().min(2),
  url: z.url({ error: 'the LiteLLM file or page the name was read on' }),
  quote: z.string().min(8, 'the source\'s own words naming the provider'),
  read_on: IsoDate,
  /**
   * Whose naming the row quotes: `litellm`, LiteLLM's (it names a provider no other source names, so it yields to any
   * catalogue that does); `provider`, the provider's own page (its spelling is the name, before every catalogue's).
   */
  by: z.enum(['litellm', 'provider']),
}).strict();

export type ProviderName = z.infer<typeof Row>;

/**
 * The table's names by provider id: `names`, LiteLLM's (used where no catalogue names the provider), and `own`, the
 * providers' own spellings (used before every catalogue's). A name is taken as written: it must stand in its row's quote
 * word for word (LiteLLM's quote is `"display_name": "Crusoe (`crusoe`)"`, whose backticked part is LiteLLM's id, not
 * the name), so that no name is typed from memory. One row a provider.
 */
export function loadProviderNames(file: string): {
  names: Record<string, string>; own: Record<string, string>; rows: ProviderName[]; issues: IngestIssue[];
} {
  const { valid, issues } = validateRows(Row, parseCsv(readFileSync(file, 'utf8')), { source: PROVIDER_NAMES_SOURCE_ID, file: FILE },
    (r) => String(r.line));
  const names: Record<string, string> = {};
  const own: Record<string, string> = {};
  const rows: ProviderName[] = [];
  for (const { value: v, row } of valid) {
    const issue = (field: string, message: string) => issues.push({ source: PROVIDER_NAMES_SOURCE_ID, file: FILE, row, field, message });
    if (Object.hasOwn(names, v.provider_id) || Object.hasOwn(own, v.provider_id)) issue('provider_id', `${v.provider_id} has a row already: one name a provider`);
    else if (!v.quote.includes(v.name)) issue('name', `"${v.name}" is not in the row's quote: a name is taken as the source writes it`);
    else {
      (v.by === 'provider' ? own : names)[v.provider_id] = v.name;
      rows.push(v);
    }
  }
  return { names, own, rows, issues };
}
