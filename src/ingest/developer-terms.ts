// The terms a developer's own API serves its models under: a closed model's licence is "proprietary, under" them, and an
// open model whose licence withholds commercial use names them beside it when the developer sells the model itself.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { IsoDate, type Licence, type Model, type Source } from '../schema/index.ts';
import { firstRowPerKey, parseCsv, tableUrl, validateRows } from '../sources/curated.ts';
import type { IngestIssue } from '../sources/types.ts';

const FILE = 'data/curated/developer-terms.csv';
export const DEVELOPER_TERMS_SOURCE_ID = 'developer-terms';

export const DEVELOPER_TERMS_SOURCE: Source = {
  id: DEVELOPER_TERMS_SOURCE_ID,
  name: "Reviewed table: the terms a developer's own API serves its closed-weights models under",
  url: tableUrl(FILE),
  licence: 'facts; each row cites the terms page it was read on, the day, and the words quoted',
  kind: 'curated',
  retrieved: '2026-11-29',
  covers: 'the service terms under which OpenAI, Google, xAI, Mistral, Anthropic, Alibaba Cloud, AWS (Amazon Nova), Cohere, MiniMax, Moonshot AI, Perplexity, Upstage and Writer serve the models whose weights they do not publish, and the open models under a non-commercial licence they sell through their own API',
  counts_for_data_as_of: false,
};

const Pattern = z.string().refine((p) => { try { new RegExp(p); return true; } catch { return false; } }, 'a regular expression');

const Row = z.object({
  developer: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'a developer id of data/curated/developers.csv'),
  terms: z.string().trim().min(1, 'the terms as the page names them'),
  /**
   * A pattern over canonical model ids the terms cover ('' for every closed model of the developer, and the open models
   * under a non-commercial licence it still sells, which name the terms beside the licence: noteDeveloperApiTerms).
   */
  applies_to: Pattern,
  /** A pattern over canonical model ids left out: families whose weights the developer published ('' for none). */
  except: Pattern,
  url: z.url({ error: 'the terms page' }).refine((u) => u.startsWith('https://'), 'an https URL'),
  read_on: IsoDate,
  quote: z.string().trim().min(20, 'the words of the page that say what the terms govern'),
  note: z.string().optional(),
}).strict();

export type DeveloperTerms = {
  developer: string; terms: string; applies_to?: RegExp; except?: RegExp; url: string; read_on: string; quote: string;
};

export function loadDeveloperTerms(file: string): { rows: DeveloperTerms[]; issues: IngestIssue[] } {
  const where = { source: DEVELOPER_TERMS_SOURCE_ID, file: FILE };
  const { valid, issues } = validateRows(Row, parseCsv(readFileSync(file, 'utf8')), where, (r) => `${r.record.developer ?? ''} (line ${r.line})`);
  // Two rows for one developer would leave which terms apply to chance: the second is an issue and is not applied.
  const rows = firstRowPerKey(valid, (x) => x.developer, where, issues).map(({ value: { applies_to, except, note: _note, ...rest } }) => ({
    ...rest, ...(applies_to ? { applies_to: new RegExp(applies_to) } : {}), ...(except ? { except: new RegExp(except) } : {}),
  }));
  return { rows, issues };
}

/** The words a closed model's licence fact carries: which terms, where, and what the page says they govern. */
export const termsNote = (t: DeveloperTerms): string =>
  `weights not published: used under ${t.terms}, the developer's terms for its API (${t.url}, read ${t.read_on}: "${t.quote}"); `
  + "through another provider, that provider's terms apply as well";

/**
 * A model whose weights are not published (`open_weights` false) is used under its developer's service terms, not a
 * licence of its weights. For a developer with a row, such a model with no licence fact gets the licence table's
 * "proprietary" row, sourced to this table, its note naming the terms and quoting their page; one that a leaderboard
 * already labels proprietary keeps its label and source, and its note names the terms the same way. Models whose
 * licence is another (a label that disagrees with the closed weights), open or unknown weights, and the families the
 * row leaves out are untouched. Returns the ids given a licence and the ids whose proprietary label got the terms.
 */
export function applyDeveloperTerms(models: Model[], rows: readonly DeveloperTerms[], proprietary: Licence | undefined):
  { licensed: string[]; annotated: string[] } {
  const byDeveloper = new Map(rows.map((r) => [r.developer, r]));
  const licensed: string[] = [];
  const annotated: string[] = [];
  for (const m of models) {
    const t = byDeveloper.get(m.vendor);
    if (!t || m.open_weights?.value !== false) continue;
    if ((t.applies_to && !t.applies_to.test(m.id)) || t.except?.test(m.id)) continue;
    if (!m.licence) {
      if (!proprietary) continue;
      m.licence = { value: proprietary, as_of: t.read_on, source: DEVELOPER_TERMS_SOURCE_ID, note: termsNote(t) };
      licensed.push(m.id);
    } else if (m.licence.value.id === proprietary?.id && !m.licence.note) {
      m.licence = { ...m.licence, note: termsNote(t) };
      annotated.push(m.id);
    }
  }
  return { licensed, annotated };
}

/** The words an open model's non-commercial licence gains when its developer's own API sells the model. */
export const apiTermsNote = (t: DeveloperTerms): string =>
  `through its developer's own API the model is used under ${t.terms} (${t.url}, read ${t.read_on}: "${t.quote}"), `
  + 'which govern that use; the licence, which allows no commercial use, is the weights\' own';

/**
 * A licence that allows no commercial use (Cohere's CC-BY-NC, Mistral's research licence) binds the published weights;
 * a customer of the developer's own API uses the same model under the developer's service terms. Left as it was, the
 * licence alone reads as if no paying use were possible. For an open model of a developer with a row (within its
 * `applies_to`), whose licence's commercial use is false and that the developer itself sells (`servedByDeveloper`: a
 * first-party offer), the licence fact's note gains the terms, page and quote; the licence and its reading are not
 * changed. Returns the ids so noted.
 */
export function noteDeveloperApiTerms(models: Model[], rows: readonly DeveloperTerms[], servedByDeveloper: (modelId: string) => boolean): string[] {
  const byDeveloper = new Map(rows.map((r) => [r.developer, r]));
  const noted: string[] = [];
  for (const m of models) {
    const t = byDeveloper.get(m.vendor);
    if (!t || m.open_weights?.value !== true || !m.licence || m.licence.value.commercial_use !== false) continue;
    if ((t.applies_to && !t.applies_to.test(m.id)) || !servedByDeveloper(m.id)) continue;
    const add = apiTermsNote(t);
    m.licence = { ...m.licence, note: m.licence.note ? `${m.licence.note}; ${add}` : add };
    noted.push(m.id);
  }
  return noted;
}
