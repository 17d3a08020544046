// compare_models: two to five models side by side, row by row, with the best value of each row marked.
import { z } from 'zod';
import type { Dataset } from '../dataset/dataset.ts';
import { DEFAULT_INPUT_SHARE } from '../engines/constants.ts';
import { CODING_BOARDS, OVERALL_BOARDS, board, cheapestAtDefaultShare, cheapestOffer, type Board } from '../engines/ranking.ts';
import { ServiceError } from '../errors/index.ts';
import { BASE_SKUS, FactBound, IsoDate, type Fact, type Leaderboard, type Model, type Offer } from '../schema/index.ts';
import { isShutDownOffer, retiredText } from '../engines/offer-lifecycle.ts';
import { unconfirmedListingNote } from '../engines/listing-evidence.ts';
import { ModelIdParam } from './common.ts';
import { CAPABILITY_FIELDS, missingReason, NO_SOURCE } from './get-model.ts';
import { zeroPricedOwnOffer } from './cost-offers.ts';
import { cheapestDetail, passedOverWords, promotionClause } from './compare-cheapest-detail.ts';
import { cheapestClosed, closedDetail } from './compare-closed.ts';
import { developerShutdownDate, shutdownWords } from './cost-shutdown.ts';
import { defineOperation, READ_ONLY } from './operation.ts';
import { ModelSummary, toSummary } from './shapes.ts';
import { ratingBest } from './compare-rating-best.ts';
import { releaseSpan, releaseWords } from '../engines/release-bound.ts';
import { publicBy } from '../engines/public-by.ts';
import { DEVELOPER_MAX_OUTPUT_SOURCE_ID, servedUntil, windowOnlyMaxOutput, windowOnlyWords } from '../ingest/max-output.ts';
import { replacementWords } from '../engines/replacement.ts';

/** Which value wins a row. `none`: no value is better in itself (parameters: more capacity, but dearer to run). */
const Direction = z.enum(['higher', 'lower', 'true', 'newer', 'osi_approved', 'none']);
type Direction = z.infer<typeof Direction>;

const RowValue = z.object({
  model_id: z.string(),
  value: z.union([z.number(), z.string(), z.boolean()]).nullable().describe('Null: `detail` says why (for a model fact, the reason get_model lists in `missing`).'),
  as_of: IsoDate.optional(),
  source: z.string().optional(),
  detail: z.string().optional().describe('Provider of the price, variant of the rating, licence terms, active parameters.'),
  next: z.object({ starts: IsoDate, value: z.number() }).optional()
    .describe('Price rows: the price the offer\'s source schedules next, from the day `starts`; `value` applies until then.'),
  note: z.string().optional().describe('Price rows: how the source qualifies the price, the same words as the price\'s note in '
    + 'get_model and estimate_cost (a price for part of each day, with the peak hours\' price; a copy\'s date; a conversion).'),
  listing_unconfirmed: z.literal(true).optional().describe('Price rows: present when the price is of a developer\'s own offer listed '
    + 'by LiteLLM\'s price table alone (no live listing or notice confirms the developer still sells it), taken only for want of a '
    + 'confirmed offer; `detail` says so with the snapshot\'s date.'),
  // Since 2026-11-28: the release row's bound as a member, as get_model's `release_date.bound`, so a reader shows
  // "on or before 2026-09-23" without parsing `detail`.
  bound: FactBound.optional().describe('Release row: the model\'s `release_date.bound` (absent: the value is the day).'),
});
type RowValue = z.infer<typeof RowValue>;

const Row = z.object({
  field: z.string(),
  label: z.string(),
  direction: Direction,
  rule: z.string().describe('How `best` is chosen for this row.'),
  leaderboard: z.string().optional().describe('Rating rows: the one board every model of the row is read from.'),
  category: z.string().optional(),
  best: z.array(z.string()).describe('Model ids holding the best value; ties share it; a null value is never best. Rating rows: '
    + 'the leader and every model whose 95% interval overlaps the leader\'s (a statistical tie).'),
  values: z.array(RowValue),
});
type Row = z.infer<typeof Row>;

const RULES: Record<Direction, string> = {
  higher: 'highest value',
  lower: 'lowest value',
  true: 'value true',
  newer: 'most recent date',
  osi_approved: 'an OSI-approved licence',
  none: 'no value is better in itself, so none is marked',
};

function bestOf(values: readonly RowValue[], direction: Direction, osi: ReadonlyMap<string, boolean>): string[] {
  const known = values.filter((v) => v.value !== null);
  if (direction === 'none' || known.length === 0) return [];
  if (direction === 'true') return known.filter((v) => v.value === true).map((v) => v.model_id);
  if (direction === 'osi_approved') return known.filter((v) => osi.get(v.model_id) === true).map((v) => v.model_id);
  const sign = direction === 'lower' ? -1 : 1;
  const score = (v: RowValue) => (typeof v.value === 'number' ? v.value : String(v.value));
  let top = score(known[0]);
  for (const v of known) {
    const s = score(v);
    if ((typeof s === 'number' ? sign * (s - (top as number)) : s.localeCompare(top as string)) > 0) top = s;
  }
  return known.filter((v) => score(v) === top).map((v) => v.model_id);
}

/** A model fact compared as it is; a missing one says why, as get_model's `missing` does for the same field. */
function modelValue(m: Model, field: 'context_window' | 'max_output' | 'status' | 'shutdown_date' | 'open_weights' | 'release_date' | 'parameters_total',
  detail?: string): RowValue {
  const f = m[field];
  return f ? factValue(m, f, detail) : { model_id: m.id, value: null, detail: missingReason(m, field) };
}

function factValue(m: Model, f: Fact<number | string | boolean> | undefined, detail?: string): RowValue {
  if (!f) return { model_id: m.id, value: null };
  const v: RowValue = { model_id: m.id, value: f.value, as_of: f.as_of, source: f.source };
  if (detail) v.detail = detail;
  return v;
}

/**
 * A price row's value with the price its source schedules next for that side (as get_model shows it), said in the detail;
 * a developer's offer only LiteLLM's table lists (listing-evidence.ts), taken for want of a confirmed one, says so.
 */
function priceValue(ds: Dataset, m: Model, offer: Offer, which: 'input' | 'output', detail: string): RowValue {
  // gpt-5-mini, gemini-2.5-flash: a price is best only until the developer's shutdown, and the value says when that is.
  const dev = scheduledShutdown(ds, m);
  const head = dev ? `${detail};${shutdownWords(ds, m, offer, dev, 'the').slice(0, -1)}` : detail;
  const n = offer.next_prices?.value;
  const next = n?.[which];
  const unconfirmed = unconfirmedListingNote(ds, offer);
  const said = `${head}${n && next !== undefined ? `; from ${n.starts} the source lists $${next}` : ''}`
    + `${unconfirmed === null ? '' : `; unconfirmed: ${unconfirmed}`}${promotionClause(offer.prices[which], ds.lifecycleDate)}`;
  const v = factValue(m, offer.prices[which], said);
  // DeepSeek V4 Pro's $0.66 input holds off-peak, 133 of a week's 168 hours: the row ranks it and says so, as
  // get_model's price fact and estimate_cost's cost line do with the same note.
  const note = offer.prices[which]?.note;
  if (note) v.note = note;
  if (n && next !== undefined) v.next = { starts: n.starts, value: next };
  if (unconfirmed !== null) v.listing_unconfirmed = true;
  return v;
}

/** The developer's shutdown of the model after the day judged, if one is dated (cost-shutdown.ts). */
function scheduledShutdown(ds: Dataset, m: Model): Fact<string> | undefined {
  const d = developerShutdownDate(m, ds.offersByModel.get(m.id) ?? []);
  return d && d.value > ds.lifecycleDate ? d : undefined;
}

/**
 * A price row's best held by a model its developer shuts down after the day judged: the rule says so beside the mark,
 * so the cheapest price is not read as one to build on (each value's detail names the day and the listing's end).
 */
function shutdownSaid(ds: Dataset, models: readonly Model[], r: Row): Row {
  const ending = models.filter((m) => r.best.includes(m.id)).flatMap((m) => {
    const d = scheduledShutdown(ds, m);
    return d ? [`${m.id} (the developer shuts it down on ${d.value})`] : [];
  });
  return ending.length ? { ...r, rule: `${r.rule}; the best is held by ${ending.join(', ')}` } : r;
}

/** One board for the whole row: ratings from different boards are not comparable. */
function ratingRow(
  ds: Dataset,
  models: readonly Model[],
  field: string,
  label: string,
  refs: ReadonlyArray<{ leaderboard: Leaderboard; category: string }>,
): Row {
  let chosen: Board | undefined;
  for (const ref of refs) {
    const b = board(ds, ref.leaderboard, ref.category);
    if (b && models.some((m) => b.byModel.has(m.id))) { chosen = b; break; }
  }
  const values = models.map((m): RowValue => {
    const e = chosen?.byModel.get(m.id);
    if (!e) return { model_id: m.id, value: null, detail: chosen ? `not rated on ${chosen.leaderboard}/${chosen.category}` : 'not rated on any of the boards this row reads' };
    return { model_id: m.id, value: e.best.rating, as_of: e.best.as_of, source: e.best.source, detail: `variant ${e.best.variant}, 95% interval ${Math.round(e.best.rating_lower)}..${Math.round(e.best.rating_upper)}, rank ${e.rank} of ${chosen!.entries.length}` };
  });
  const rated = models.flatMap((m) => { const entry = chosen?.byModel.get(m.id); return entry ? [{ model_id: m.id, entry }] : []; });
  const { best, rule } = ratingBest(rated);
  const row: Row = { field, label, direction: 'higher', rule, best, values };
  if (chosen) { row.leaderboard = chosen.leaderboard; row.category = chosen.category; }
  return row;
}

/**
 * A model no source dates may be the newest of all (a catalogue lists a model before anyone dates it): the most recent
 * date is then the most recent known, and the rule and the undated values say so rather than pass over them.
 */
function undatedSaid(r: Row): Row {
  const undated = r.values.filter((v) => v.value === null);
  if (!undated.length || undated.length === r.values.length) return r;
  for (const v of undated) v.detail = 'no source in the dataset dates its release: it may be newer than the dated models';
  const ids = undated.map((v) => v.model_id).join(', ');
  return { ...r, rule: `most recent date among the dated models; ${ids} ${undated.length === 1 ? 'has' : 'have'} no release date and may be newer` };
}

/**
 * A release known only by a bound (`release_date.bound`: gpt-6-sol public "on or before 2026-09-23") is the most
 * recent only where the bound proves it: its earliest possible day is on or after every other model's latest. Each
 * bounded value's detail says which bound it is, and the rule names the models whose place the bounds leave open.
 */
function boundsSaid(ds: Dataset, models: readonly Model[], r: Row): Row {
  const facts = new Map(models.map((m) => [m.id, m.release_date]));
  const bounded = r.values.filter((v) => v.value !== null && facts.get(v.model_id)?.bound);
  if (!bounded.length) return r;
  for (const v of bounded) {
    const f = facts.get(v.model_id)!;
    v.bound = f.bound;
    v.detail = `${releaseWords(f)}: ${f.bound === 'on_or_before' ? 'an upper' : 'a lower'} bound of the release, not the day`;
    const end = f.bound === 'on_or_after' ? releaseSpan(f, publicBy(ds).get(v.model_id))?.latest : undefined;
    if (end !== undefined && end !== f.as_of) v.detail += `; a source shows the model public by ${end} (a listing or a rating)`;
  }
  // A lower bound's span ends where a source first shows the model public (public-by.ts), not only at its snapshot.
  const span = (id: string) => releaseSpan(facts.get(id), publicBy(ds).get(id))!;
  const known = r.values.filter((v) => v.value !== null).map((v) => v.model_id);
  const proven = r.best.filter((b) => known.every((o) => o === b || (span(b).earliest !== undefined && span(o).latest !== undefined
    && span(b).earliest! >= span(o).latest!)));
  const ids = bounded.map((v) => v.model_id).join(', ');
  const said = `a release known only by a bound (${ids}) is the most recent only where the bound proves it`;
  return { ...r, best: proven, rule: proven.length ? `${r.rule}; ${said}` : `${r.rule}; ${said}, and no model's is proven the most recent` };
}

/**
 * A row where some models have no value marks the best of those that have one: the rule names the others, so a lone
 * known price does not read as the cheapest of all (each missing value's detail says why it is missing).
 */
function unknownSaid(r: Row): Row {
  if (r.direction === 'none' || r.direction === 'newer') return r;
  const unknown = r.values.filter((v) => v.value === null).map((v) => v.model_id);
  if (!unknown.length || unknown.length === r.values.length) return r;
  return { ...r, rule: `${r.rule} among the models with a value; ${unknown.join(', ')} ${unknown.length === 1 ? 'has' : 'have'} none, `
    + 'so cannot be ranked on this row' };
}

/**
 * The max-output row crowns only stated caps. A figure that is the model's own window (an open model's config window a
 * catalogue copies: LiteLLM's 163,840 for DeepSeek-V3.2, whose API caps output at 64K) says that nothing but the window
 * bounds the output, so it cannot beat a developer's stated cap (Claude Sonnet 4.6's 64,000); it is shown, its detail
 * says what it is, and the rule names it (max-output.ts, `windowOnlyMaxOutput`). A developer's cap of an API that no
 * longer serves the model (`servedUntil`: DeepSeek's 64K while deepseek-reasoner served V3.2) is shown the same way:
 * it says what a past offer allowed, and hosts today set their own, so it cannot beat a cap in force.
 */
function maxOutputRow(ds: Dataset, models: readonly Model[], row: (values: RowValue[]) => Row): Row {
  const windowOnly = new Set(models.filter((m) => windowOnlyMaxOutput(m)).map((m) => m.id));
  const retired = new Map(models.flatMap((m) => { const d = servedUntil(m); return d ? [[m.id, d] as const] : []; }));
  const values = models.map((m): RowValue => {
    const v = modelValue(m, 'max_output');
    // Null: the window in the value column read as a cap tying a stated one (Kimi K2's 131,072 beside GLM-4.6's).
    if (windowOnly.has(m.id)) {
      return { model_id: m.id, value: null, detail: `the sources' figure, ${m.max_output!.value} (${m.max_output!.source}, `
        + `${m.max_output!.as_of}), is ${windowOnlyWords(m, ' tokens')}${m.open_weights?.value === true ? '; each host caps output on its own offer' : ''}` };
    }
    else if (retired.has(m.id)) v.detail = `${ds.developerById.get(m.vendor)?.name ?? m.vendor}'s API's cap while it served the model, until `
      + `${retired.get(m.id)}; hosts today set their own (get_model's max_output note names the API name and the page)`;
    // A reviewed developer cap of an open model is its developer's API's (DeepSeek's thinking mode), not every host's;
    // where the developer serves the model on no API of the dataset, it is its page's figure, not an API's.
    else if (m.max_output?.source === DEVELOPER_MAX_OUTPUT_SOURCE_ID) v.detail = (ds.offersByModel.get(m.id) ?? []).some((o) => o.first_party)
      ? 'the output cap the developer\'s own API states (get_model\'s max_output note names the API name and the page)'
      : 'the output cap the developer\'s own page states; the developer serves the model on no API of the dataset '
        + '(get_model\'s max_output note names the page)';
    return v;
  });
  const ranked = row(values.filter((v) => !windowOnly.has(v.model_id) && !retired.has(v.model_id)));
  if (!windowOnly.size && !retired.size) return ranked;
  const said = [ranked.values.length ? ranked.rule : ''];
  const ids = [...windowOnly].join(', ');
  if (windowOnly.size) said.push(`${ids} ${windowOnly.size === 1 ? 'gives' : 'give'} only the context window, not an output cap, so cannot `
    + 'be ranked on this row');
  // A cap of an API that no longer serves the model says what a past offer allowed, not what any host allows now.
  const gone = [...retired.keys()].join(', ');
  if (retired.size) said.push(`${gone} ${retired.size === 1 ? 'gives' : 'give'} the cap of its developer's API while it served the model, `
    + 'which it no longer does, so cannot be ranked against caps in force');
  return { ...ranked, values, rule: said.filter(Boolean).join('; ') };
}

/** A price row whose best value is of a listing no live source confirms (listing_unconfirmed) says so in its rule. */
function unconfirmedBest(r: Row): Row {
  const shaky = r.values.filter((v) => v.listing_unconfirmed && r.best.includes(v.model_id)).map((v) => v.model_id);
  if (!shaky.length) return r;
  return { ...r, rule: `${r.rule}; the price of ${shaky.join(', ')} is of a listing no live source confirms (its detail says so)` };
}

function rows(ds: Dataset, models: readonly Model[]): Row[] {
  const osi = new Map(models.map((m) => [m.id, m.licence?.value.osi_approved === true]));
  const row = (field: string, label: string, direction: Direction, values: RowValue[]): Row =>
    unconfirmedBest(unknownSaid({ field, label, direction, rule: RULES[direction], best: bestOf(values, direction, osi), values }));
  const price = (which: 'input' | 'output') => models.map((m) => {
    const c = cheapestAtDefaultShare(ds, m.id);
    if (c) return priceValue(ds, m, c.offer, which, cheapestDetail(ds, m, c.offer));
    const offers = ds.offersByModel.get(m.id) ?? [];
    const closed = cheapestClosed(offers, ds.lifecycleDate);
    if (closed) return { model_id: m.id, value: null, detail: closedDetail(ds, closed, 'the offers a new customer can buy') };
    return { model_id: m.id, value: null, detail: offers.length ? 'none of its offers is a base-SKU offer with an input and '
      + `output price per token that is still served by ${ds.lifecycleDate}` : 'no offer of this model in the dataset' };
  });
  // The developer's own price: what a buyer compares first. The cheapest listing of any provider may be a reseller's
  // discount (a subscription gateway, an unofficial relay) that a buyer cannot rely on, so it is a row of its own.
  // An own offer shut down by the data date is no price a buyer can pay: the row says so instead of showing it.
  const asOf = ds.lifecycleDate;
  const listPrice = (which: 'input' | 'output') => models.map((m) => {
    const own = (ds.offersByModel.get(m.id) ?? []).filter((o) => o.first_party);
    const c = cheapestOffer(own, DEFAULT_INPUT_SHARE, (o) => !isShutDownOffer(o, asOf), BASE_SKUS, ds.meta.data_as_of);
    const provider = c && `${ds.providerById.get(c.offer.provider)?.name ?? c.offer.provider} (${c.offer.provider_model_id}), the developer's own base-SKU offer`
      + passedOverWords(ds, own, c.offer, (o) => !isShutDownOffer(o, asOf));
    if (c && provider) return priceValue(ds, m, c.offer, which, provider);
    const closed = cheapestClosed(own, asOf);
    if (closed) return { model_id: m.id, value: null, detail: closedDetail(ds, closed, 'the developer\'s own offers') };
    const gone = cheapestOffer(own, DEFAULT_INPUT_SHARE)?.offer;
    const zero = gone ? undefined : zeroPricedOwnOffer(own, asOf);
    if (zero) {
      const name = ds.providerById.get(zero.provider)?.name ?? zero.provider;
      return { model_id: m.id, value: null, detail: `the developer's own offer (${name}, ${zero.provider_model_id}) is listed at $0 `
        + '(a free tier or not a per-token price): no developer price to compare' };
    }
    // The developer lists it (so it may read active) but with no price a source gives: say so, not that it is absent.
    const unpriced = gone ? undefined : own.find((o) => !isShutDownOffer(o, asOf));
    if (unpriced) {
      const name = ds.providerById.get(unpriced.provider)?.name ?? unpriced.provider;
      return { model_id: m.id, value: null, detail: `the developer's own offer (${name}, ${unpriced.provider_model_id}) has no `
        + 'per-token price in the dataset: no developer price to compare' };
    }
    if (!gone) return { model_id: m.id, value: null, detail: 'no offer from the developer itself in the dataset' };
    const detail = `the developer's own offer (${gone.provider_model_id}) is ${retiredText(gone, asOf)}, no longer served`;
    return { model_id: m.id, value: null, detail };
  });
  const lifecycle = (m: Model) => modelValue(m, 'status', [
    m.shutdown_date && `shutdown ${m.shutdown_date.value} (${m.shutdown_date.source})`,
    m.replacement && `replacement ${replacementWords(m.replacement.value, (s) => ds.resolveModelId(s))}`,
  ].filter(Boolean).join(', ') || undefined);
  const licence = (m: Model): RowValue => {
    const l = m.licence;
    if (!l) return { model_id: m.id, value: null, detail: missingReason(m, 'licence') };
    const terms = [l.value.name, l.value.osi_approved === null ? 'OSI approval not established' : l.value.osi_approved ? 'OSI-approved' : 'not OSI-approved',
      l.value.commercial_use === null ? 'commercial use not established' : l.value.commercial_use ? 'commercial use allowed' : 'no commercial use'];
    // A territory exclusion limits every term above; the clause itself is on the model's licence (get_model).
    const t = l.value.territory_exclusion;
    if (t) terms.push(`no rights in ${t.territories.join(', ')} (licence.territory_exclusion)`);
    return { model_id: m.id, value: l.value.id, as_of: l.as_of, source: l.source, detail: terms.join(', ') };
  };
  return [
    row('context_window', 'Context window (tokens)', 'higher', models.map((m) => modelValue(m, 'context_window'))),
    maxOutputRow(ds, models, (values) => row('max_output', 'Max output (tokens)', 'higher', values)),
    row('status', "Status (the developer's: active, beta, deprecated)", 'none', models.map(lifecycle)),
    row('shutdown_date', 'Shutdown date (the developer stops serving the model)', 'none', models.map((m) => modelValue(m, 'shutdown_date'))),
    shutdownSaid(ds, models, row('list_input_price', "Input price (USD per 1M tokens, the developer's own offer)", 'lower', listPrice('input'))),
    shutdownSaid(ds, models, row('list_output_price', "Output price (USD per 1M tokens, the developer's own offer)", 'lower', listPrice('output'))),
    shutdownSaid(ds, models, row('input_price', 'Input price (USD per 1M tokens, cheapest offer of any provider)', 'lower', price('input'))),
    shutdownSaid(ds, models, row('output_price', 'Output price (USD per 1M tokens, cheapest offer of any provider)', 'lower', price('output'))),
    ratingRow(ds, models, 'overall_rating', 'Arena rating, overall', OVERALL_BOARDS),
    ratingRow(ds, models, 'coding_rating', 'Arena rating, coding', CODING_BOARDS),
    row('open_weights', 'Open weights', 'true', models.map((m) => modelValue(m, 'open_weights'))),
    row('licence', 'Licence', 'osi_approved', models.map(licence)),
    boundsSaid(ds, models, undatedSaid(row('release_date', 'Release date', 'newer', models.map((m) => modelValue(m, 'release_date'))))),
    row('parameters', 'Parameters (total)', 'none', models.map((m) => modelValue(m, 'parameters_total',
      m.parameters_active && m.parameters_total && m.parameters_active.value !== m.parameters_total.value ? `${m.parameters_active.value} active per token (MoE)` : undefined))),
    // Since 2026-11-29, after the rows above so a reader of their order is unchanged: an agent needs tool calling, so
    // recommend_model's use=agents filter is seen in the comparison too. Each value is get_model's capability fact.
    ...CAPABILITY_FIELDS.map((c) => row(c, CAPABILITY_LABELS[c], 'true', models.map((m) => capabilityValue(m, c)))),
  ];
}

const CAPABILITY_LABELS: Record<(typeof CAPABILITY_FIELDS)[number], string> = { tool_calling: 'Tool calling (function calls)',
  reasoning: 'Reasoning (a thinking mode)', vision: 'Vision (image input)', structured_output: 'Structured output (JSON schema)' };

/** A capability as get_model states it: the fact with its source and date, its note as the detail; missing: why. */
function capabilityValue(m: Model, c: (typeof CAPABILITY_FIELDS)[number]): RowValue {
  const f = m.capabilities[c];
  return f ? factValue(m, f, f.note) : { model_id: m.id, value: null, detail: NO_SOURCE };
}

function resolveAll(ds: Dataset, ids: readonly string[]): Model[] {
  const unknown = ids.filter((id) => !ds.resolveModelId(id));
  if (unknown.length) {
    throw new ServiceError('model_not_found', `No model ${unknown.map((u) => `"${u}"`).join(', ')} in the dataset.`, {
      suggestions: unknown.flatMap((u) => ds.suggestModelIds(u, 3)),
      errors: unknown.map((u) => ({ parameter: 'models', message: `unknown model id "${u}"` })),
    });
  }
  const resolved = ids.map((id) => ds.resolveModelId(id)!);
  const dupes = resolved.filter((id, i) => resolved.indexOf(id) !== i);
  if (dupes.length) {
    throw new ServiceError('invalid_parameter', `The same model is listed twice: ${[...new Set(dupes)].join(', ')} (ids and aliases resolve to one model).`, {
      errors: [{ parameter: 'models', message: `duplicate model ${[...new Set(dupes)].join(', ')}`, allowed: '2 to 5 different models' }],
    });
  }
  return resolved.map((id) => ds.modelById.get(id)!);
}

export const compare_models = defineOperation({
  name: 'compare_models',
  title: 'Compare models side by side',
  description:
    'Compare 2 to 5 models row by row: context window, max output, the developer\'s status and shutdown date, '
    + 'input and output price of the developer\'s own offer and of the cheapest offer of any provider (USD per 1M '
    + 'tokens; offers shut down by the data date are left out), arena rating overall and for coding (best variant, '
    + 'one board per row), open weights, licence, release date, parameters, then the capabilities get_model states (tool '
    + 'calling, reasoning, vision, structured output). Each row marks `best`: the models holding '
    + 'the best value (ties share it; unknown values are never best; on rating rows, every model whose 95% interval '
    + 'overlaps the leader\'s, a statistical tie as get_podium flags it; on max output, a figure that is only the model\'s '
    + 'context window is no output cap and is not marked) and states the rule.',
  path: '/compare',
  input: z.object({
    models: z.array(ModelIdParam).min(2, 'at least 2 models').max(5, 'at most 5 models')
      .describe('2 to 5 model ids or aliases (REST: comma separated, e.g. `gpt-4o,deepseek-v3`). Each must be a different model.'),
  }).strict(),
  output: z.object({
    models: z.array(ModelSummary).describe('The compared models, in the order asked.'),
    input_share: z.number().describe('Input share used to choose the cheapest offer.'),
    rows: z.array(Row),
  }),
  annotations: READ_ONLY,
  examples: [
    { title: 'GPT-4o versus DeepSeek-V3', input: { models: ['gpt-4o', 'deepseek-v3'] } },
    { title: 'Three open and closed models', input: { models: ['llama-3.3-70b-instruct', 'deepseek-v3', 'gpt-4o'] } },
  ],
  handler(ds, input) {
    const models = resolveAll(ds, input.models);
    return { models: models.map((m) => toSummary(ds, m)), input_share: DEFAULT_INPUT_SHARE, rows: rows(ds, models) };
  },
});
