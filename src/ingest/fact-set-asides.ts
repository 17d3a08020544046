// Reviewed rows that set aside one fact of one source's listing: a moving API name's copy of another model's fact.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Model } from '../schema/index.ts';
import { IsoDate } from '../schema/index.ts';
import { parseCsv, validateRows } from '../sources/curated.ts';
import type { IngestIssue, ModelObservation, OfferObservation } from '../sources/types.ts';

export const FACT_SET_ASIDES_FILE = 'data/curated/fact-set-asides.csv';

/**
 * The listing facts a row may set aside: those a moving name's listing copies from one model it once served. An API
 * name's `open_weights` is one: the weights are the served model's, while the name itself is retired by its developer.
 * So are a pointer's `context_window` and `max_output` copied from the version it served before (LiteLLM's
 * magistral-small-latest at Magistral Small 1.0's 40,000 tokens, where Mistral's record of 1.2, which it serves now,
 * says 128k). So is a display name that dates one snapshot of a listing the source itself matches to several:
 * genai-prices names its one Gemini 2.5 Flash preview entry "Gemini 2.5 Flash Preview 05-20" at Google and "… 04-17" at
 * OpenRouter, each matching both preview ids. So is a notice's shutdown day and replacement that the developer later
 * withdrew: deprecations.info read Google's gemini-2.5-flash-lite shutdown of 2026-10-16 on 2026-05-08, and Google's
 * page of 2026-11-10 says the model 'is not deprecated and remains available through the API until further notice'.
 */
const FIELDS = ['weights_url', 'release_date', 'knowledge_cutoff', 'open_weights', 'context_window', 'max_output', 'name',
  'shutdown_date', 'replacement', 'tool_calling', 'structured_output'] as const;
type SetAsideField = (typeof FIELDS)[number];

/**
 * The capabilities a row may set aside: a name that moved to a later version lists the version's features. DeepSeek's
 * guide to deepseek-reasoner (R1, January 2025) listed 'Not Supported Features: Function Call, Json Output'; R1-0528
 * first supported both (api-docs.deepseek.com/news/news250528), and Together's DeepSeek-R1 endpoint serves the 0528
 * weights since 2025-05-28. A listing that names R1 and says true states 0528's features. The model keeps them under
 * `capabilities`, and its withheld list names them so (`capabilities.tool_calling`), as get_model's `missing` does.
 */
const CAPABILITY_FIELDS: ReadonlySet<SetAsideField> = new Set(['tool_calling', 'structured_output']);
const heldField = (f: SetAsideField): string => (CAPABILITY_FIELDS.has(f) ? `capabilities.${f}` : f);

const Row = z.object({
  source: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'a source id (models-dev, litellm...)'),
  listing: z.string().min(1, "the source's own id of the listing"),
  field: z.enum(FIELDS, { error: `one of ${FIELDS.join(', ')}` }),
  url: z.url({ error: 'the page that shows the fact is not this listing\'s' }),
  read_on: IsoDate,
  reason: z.string().min(1, 'why the listing\'s value is not a fact of what it names'),
}).strict();
export type FactSetAside = z.infer<typeof Row>;

/** One value a row set aside: which listing gave it, and why it is not served. */
export type HeldFact = { source: string; listing: string; field: SetAsideField; value: string; as_of: string; reason: string };

/** The fields of a notice's lifecycle a row may set aside: a withdrawn shutdown, not a fact of another model. */
const LIFECYCLE_FIELDS: ReadonlySet<SetAsideField> = new Set(['shutdown_date', 'replacement']);

/** [rows setting aside a withdrawn notice's lifecycle, the other rows]: the build applies them at two steps. */
export function partitionSetAsides(rows: readonly FactSetAside[]): [FactSetAside[], FactSetAside[]] {
  return [rows.filter((r) => LIFECYCLE_FIELDS.has(r.field)), rows.filter((r) => !LIFECYCLE_FIELDS.has(r.field))];
}

export function loadFactSetAsides(file: string): { rows: FactSetAside[]; issues: IngestIssue[] } {
  const { valid, issues } = validateRows(Row, parseCsv(readFileSync(file, 'utf8')), { source: 'fact-set-asides', file: FACT_SET_ASIDES_FILE },
    (r) => `${r.record.source ?? ''}/${r.record.listing ?? ''} ${r.record.field ?? ''} (line ${r.line})`);
  return { rows: valid.map((v) => v.value), issues };
}

/**
 * docs/data.md, "A moving name's facts". models.dev's `deepseek/deepseek-chat` file gives DeepSeek-V4 Flash's window
 * and prices (the name's model from 2026-04-24 until its retirement) beside DeepSeek-V3.2's weights link, release day
 * and cutoff (the model before): one file, two models. A row names the source, the listing (its `source_model_id`)
 * and one field; the value is dropped from that listing and from the same source's listings that copy it (a
 * provider file whose `canonical_hint` is the listing, models.dev's `base_model`), so no precedence rule can serve
 * it. The values are returned for the model's `withheld` list (attachHeldFacts). Observations are not mutated.
 *
 * A `context_window` row also drops the window from the same source's offer of that listing (its `row`, the source's
 * own key): a catalogue that copies a sibling's window onto a listing states it for the offer too, and the offer's own
 * window decides whether its flat price reaches a long prompt (engines/long-context.ts). LiteLLM's `gpt-5.4-mini` and
 * `azure/gpt-5.4-mini` give GPT-5.4's 1,050,000 where OpenAI announced 400k for the mini: served, it priced OpenAI's
 * own offer flat for a 500,000-token prompt no request to it can send.
 */
export function setAsideFacts(obs: readonly ModelObservation[], rows: readonly FactSetAside[], offers: readonly OfferObservation[] = []): {
  obs: ModelObservation[]; offers: OfferObservation[]; held: HeldFact[]; issues: IngestIssue[];
} {
  if (!rows.length) return { obs: [...obs], offers: [...offers], held: [], issues: [] };
  const held: HeldFact[] = [];
  const used = new Set<FactSetAside>();
  const out = obs.map((o) => {
    const mine = rows.filter((r) => r.source === o.source && (o.source_model_id === r.listing || o.canonical_hint === r.listing));
    if (!mine.some((r) => o[r.field] !== undefined)) return o;
    const copy: ModelObservation = { ...o };
    for (const r of mine) {
      const v = copy[r.field];
      if (v === undefined) continue;
      held.push({ source: o.source, listing: r.listing, field: r.field, value: String(v), as_of: o.as_of, reason: r.reason });
      used.add(r);
      delete copy[r.field];
    }
    return copy;
  });
  const windowRows = rows.filter((r) => r.field === 'context_window');
  const outOffers = offers.map((o) => {
    const r = o.context_window === undefined ? undefined : windowRows.find((w) => w.source === o.source && offerRowOf(w) === o.row);
    if (!r) return o;
    used.add(r);
    const copy: OfferObservation = { ...o };
    delete copy.context_window;
    return copy;
  });
  // A row that sets nothing aside names a listing the source no longer gives the field on (or a misspelt id): said so.
  const issues = rows.filter((r) => !used.has(r)).map((r): IngestIssue => ({
    source: 'fact-set-asides', file: FACT_SET_ASIDES_FILE, row: `${r.source}/${r.listing} ${r.field}`,
    message: `no ${r.source} listing ${r.listing} gives ${r.field}: the row sets nothing aside`,
  }));
  return { obs: out, offers: outOffers, held, issues };
}

/**
 * The `row` of the offer a row's listing names. LiteLLM's offer row is its key, the listing itself; a models.dev
 * offer's is the provider file's path, `providers/<provider>/models/<model>.toml`, while its listing id is
 * `<provider>/<model>` (models-dev.ts): FrogBot's `frogbot/gpt-5-5` is the file providers/frogbot/models/gpt-5-5.toml,
 * whose 272,000-token window is GPT-5.4's, on the offer as on the model.
 */
function offerRowOf(r: FactSetAside): string {
  const slash = r.listing.indexOf('/');
  return r.source === 'models-dev' && slash > 0
    ? `providers/${r.listing.slice(0, slash)}/models/${r.listing.slice(slash + 1)}.toml`
    : r.listing;
}

/**
 * Each set-aside value, once, on the model its listing resolves to, where the model serves no value for the field
 * from another listing: the sheet's `missing` then says why the field is absent (get_model).
 */
export function attachHeldFacts(models: Model[], held: readonly HeldFact[], resolve: (source: string, id: string) => string | undefined): void {
  const byId = new Map(models.map((m) => [m.id, m]));
  for (const h of held) {
    const m = byId.get(resolve(h.source, h.listing) ?? '');
    const field = heldField(h.field);
    const cap = CAPABILITY_FIELDS.has(h.field) ? m?.capabilities[h.field as 'tool_calling' | 'structured_output'] : undefined;
    // A capability other listings still give the other way (DeepSeek-R1's false, Bedrock's listing) says in its note
    // what was set aside and why: the reader of `true` elsewhere learns it is R1-0528's, not this model's.
    if (cap && String(cap.value) !== h.value && !cap.note) {
      const n = held.filter((o) => o.field === h.field && o.value === h.value && resolve(o.source, o.listing) === m!.id).length;
      cap.note = `${h.value} from ${n} listing${n === 1 ? '' : 's'} set aside by the service's review of a moving name's facts: ${h.reason}`;
    }
    const served = cap ?? m?.[h.field as keyof Model];
    if (!m || served !== undefined || m.withheld?.some((w) => w.field === field)) continue;
    const what = LIFECYCLE_FIELDS.has(h.field) ? 'a withdrawn notice' : "a moving name's facts";
    m.withheld = [...(m.withheld ?? []), {
      field, value: h.value, as_of: h.as_of, source: h.source, reason: `set aside by the service's review of ${what}: ${h.reason}`,
    }];
  }
}
