// Per-operation headlines for the MCP text summary: the answer a reader needs first, read off structuredContent.
// Each returns undefined when the value lacks what it reads (a partial answer), and the generic line is used instead.
import { NOT_IN_CATALOGUE } from '../../ingest/build-notice-events.ts';
import { windowsPhrase } from '../break-even-phrase.ts';
import { euOffersPhrase } from '../eu-offers-phrase.ts';

// A wire value (the JSON of structuredContent), read defensively: every field may be absent in a partial answer.
type V = Record<string, any>;

/** USD as the answers print money: two decimals, thousands grouped (85.75, 1,104.68). */
const usd = (n: unknown) => (typeof n === 'number'
  ? `${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} USD` : '?');
const name = (m: V | undefined) => (m ? String(m.id ?? m.name) : '?');
/** A count with its noun, singular for one ("1 model", "3 models"). */
const count = (n: unknown, noun: string, nouns = `${noun}s`) => `${n} ${n === 1 ? noun : nouns}`;
/** A count with its verb agreeing ("1 model matches", "3 models match"). */
const counted = (n: unknown, noun: string, verb1: string, verbN: string) => `${count(n, noun)} ${n === 1 ? verb1 : verbN}`;

/**
 * The API side of the headline. A closed model's weights are its developer's alone, so every other seller resells the
 * developer's API, and the dataset vouches for none of them: a resale below the developer's price (QuickSilver Pro's
 * Claude Opus 4.6 at 80% of Anthropic's) is a claim of the reseller's catalogue, not
 * a price the developer set. The line then leads with the developer's own price and names the reseller after it, so a
 * reader of the line alone does not take an unvetted resale for the model's API price. `cheapest` in the answer is
 * unchanged (it is the cheapest offer, as documented); open weights are served by hosts at their own prices, and stay
 * as they are.
 */
function apiSide(api: V | undefined, closed: boolean): string {
  const c = api?.cheapest;
  if (!c) return 'no API offer priced above zero';
  // An open model's other sellers run the weights or route to a host that does: a third party, not a reseller of the
  // developer's API (api.note names a host's or a router's role where the provider's own page says which).
  const who = `${c.provider_name ?? c.provider}, ${c.first_party ? 'first party' : closed ? 'reseller' : 'third party'}`;
  const d = api?.developer_offer;
  // Only where the resale is cheaper and the developer's own price is confirmed (not LiteLLM's table alone): a resale at
  // the developer's price is no cheaper, and an unconfirmed developer price is not one to lead with.
  if (closed && d && !c.first_party && typeof d.monthly_usd === 'number' && c.monthly_usd < d.monthly_usd && d.listing_unconfirmed !== true) {
    return `API from ${usd(d.monthly_usd)} at the developer (${d.provider_name ?? d.provider}, first party); `
      + `a reseller lists ${usd(c.monthly_usd)} (${c.provider_name ?? c.provider}, not vouched for)`;
  }
  const dev = d && !c.first_party ? `; ${d.provider_name ?? d.provider} ${usd(d.monthly_usd)}` : '';
  return `API from ${usd(c.monthly_usd)} (${who}${dev})`;
}

function selfSide(s: V | undefined): string {
  const c = s?.cheapest;
  const own = s?.owned_options?.[0];
  const parts: string[] = [];
  const machines = c?.machines > 1 ? `, ${c.machines} machines` : '';
  if (c) parts.push(`rented from ${usd(c.monthly_usd)} (${c.hardware_id}, ${c.quantization}${machines})`);
  const hostless = own?.host_machine === null ? ', host machine not counted' : '';
  // The first owned option is the owned basis, the verdict's owned month; a cheaper one listed after it leaves out a host
  // machine no source prices, and is named as such rather than read as the same figure. Its machines are said: 515 USD
  // is two rtx-3090-x4, not one.
  const below = own && (s?.owned_options as V[]).find((o) => o !== own && typeof o.monthly_usd === 'number' && o.monthly_usd < own.monthly_usd);
  // Every reason it is not the basis, as the option carries it: a month without its host, a share of a baseboard sold
  // only whole, a machine no longer sold new (a discontinued Mac has its host; one H200 SXM has 1/8 of one).
  const why = below ? [
    below.host_machine === null ? 'without its unpriced host machine' : '',
    below.sold_in?.whole === false ? 'a share of a baseboard sold only whole' : '',
    below.discontinued_on ? 'no longer sold new' : '',
  ].filter(Boolean).join(', ') : '';
  const aside = below ? `; ${below.hardware_id} ${usd(below.monthly_usd)}${why ? ` ${why}` : ''}` : '';
  const ownMachines = own?.machines > 1 ? ` x${own.machines}` : '';
  if (own) parts.push(`owned ${below ? '' : 'from '}${usd(own.monthly_usd)} (${own.hardware_id}${ownMachines}, ${own.quantization}${hostless}${aside})`);
  if (parts.length) return `self-hosted ${parts.join(', ')}`;
  return `self-hosted: ${s?.reason ?? 'no figure'}`;
}

function breakEven(b: V | undefined, what: string): string | undefined {
  if (!b) return undefined;
  // Owned hardware may cost no more only in windows before it stays cheaper: the first volume alone would mislead.
  const windows = windowsPhrase(b, (m) => `${m}M`, ' tokens/month');
  // Owned volumes on a configuration whose host machine is not priced are lower bounds, as the REST reason says.
  const bound = /so they are lower bounds$/.test(String(b.reason)) ? ' (a lower bound: a host machine not priced)' : '';
  if (windows) return `${what} ${windows}${bound}`;
  if (typeof b.tokens_millions === 'number') return `break-even ${what} at ${b.tokens_millions}M tokens/month${bound}`;
  return /never cross/.test(String(b.reason)) ? `${what} never breaks even` : undefined;
}

/**
 * The months the verdict rests on, named: the owned option listed first may leave its host machine out while the verdict
 * rests on another configuration, counted whole ("rtx-3090-x4 x2 bought, 515.00 USD, vs the API's 600.00 USD").
 */
function verdictBasis(b: V | undefined, cheaper: string): string {
  const s = b?.self_hosted;
  if (!s || !b?.api) return '';
  const how = `${s.hardware_id}${s.machines > 1 ? ` x${s.machines}` : ''} ${s.owned ? 'bought' : 'rented'}, ${usd(s.monthly_usd)}`;
  return cheaper === 'api'
    ? ` (${usd(b.api.monthly_usd)} vs the cheapest self-hosted month, ${how}: ${usd(b.margin_usd)} less)`
    : ` (${how}${s.owned ? ' with its host machine' : ''}, vs the API's ${usd(b.api.monthly_usd)}: ${usd(b.margin_usd)} less)`;
}

function estimateCost(v: V): string | undefined {
  if (!v.api || typeof v.tokens_millions !== 'number') return undefined;
  // Not possible on a `hardware` too small for an open model (engines/self-hosted-options.ts) is no closed model: its other sellers stay third parties.
  const parts = [`${name(v.model)} at ${v.tokens_millions}M tokens/month: ${apiSide(v.api, v.self_hosting?.possible === false && !/^not possible on /.test(v.self_hosting?.reason ?? ''))}`, selfSide(v.self_hosting)];
  const be = [breakEven(v.break_even, 'rented'), breakEven(v.break_even_owned, 'owned')].filter(Boolean);
  if (be.length) parts.push(be.join(', '));
  if (v.cheaper) parts.push(`cheaper here: ${v.cheaper === 'api' ? 'the API' : 'self-hosting'}${verdictBasis(v.cheaper_basis, v.cheaper)}`);
  // An owned month below the API's that leaves out an unpriced host machine is not called cheaper: say why.
  else if (typeof v.cheaper_note === 'string') parts.push('cheaper here: not shown (an owned month below the API\'s leaves out its unpriced host machine)');
  return parts.join('; ');
}

function trustProfile(v: V): string | undefined {
  if (!v.counts) return undefined;
  const c = v.counts;
  const eu = euOffersPhrase(v.compliance?.offers);
  const euText = eu ? `; EU offers: ${eu}` : '';
  return `${name(v.model)}: Trust Index ${v.trust_index ?? 'not computed'}/100 (${c.met} met, ${c.not_met} not met, `
    + `${c.unknown} unknown of ${count(c.total, 'criterion', 'criteria')})${euText}`;
}

// "Tied with next" is `tie_with_next`; `statistical_tie` also holds for a place tied only with the one before it.
function podium(v: V): string | undefined {
  if (!Array.isArray(v.podium)) return undefined;
  const places = v.podium.map((p: V) => `${p.place}. ${name(p.model)} (${p.rating?.rating}${p.tie_with_next ? ', tied with next' : ''})`);
  // A model reading the line alone must not present a stale board's top, or a top without the higher-rated models the
  // filters left out, as the leaders today: the notice and the left-out models (rank and reason) are said after the places.
  const left = Array.isArray(v.left_out) && v.left_out.length
    ? `; left out, rated above: ${v.left_out.map((l: V) => `${name(l.model)} (rank ${l.rank}: ${l.reason})`).join(', ')}` : '';
  const notice = v.notice ? `; ${String(v.notice).replace(/\.$/, '')}` : ''; // the line's own full stop ends it
  return `${v.leaderboard}/${v.category} as of ${v.as_of}: ${places.join(', ') || 'no rated model'}${left}${notice}`;
}

function recommendModel(v: V): string | undefined {
  if (!Array.isArray(v.recommendations)) return undefined;
  const recs = v.recommendations.map((r: V) => {
    const how = r.path === 'api' && r.offer ? `API via ${r.offer.provider_name ?? r.offer.provider}`
      : r.path === 'self_hosted' ? `self-hosted${r.self_hosting?.hardware_id ? ` on ${r.self_hosting.hardware_id}` : ''}` : r.path;
    return `${r.position}. ${name(r.model)} (${how}, score ${r.score})`;
  });
  // Words of the situation that decided nothing are said up front: a reader of the summary alone must not take them as applied.
  const unread = Object.entries((v.understood ?? {}) as Record<string, V>)
    .filter(([, u]) => Array.isArray(u?.unread) && u.unread.length > 0)
    .map(([p, u]) => `${p} ${u.unread.map((w: string) => `"${w}"`).join(', ')}`);
  const said = unread.length ? `; not read (see notes): ${unread.join('; ')}` : '';
  return `${recs.join('; ') || 'no model meets the constraints'}; ${v.qualified} of ${count(v.considered, 'model')} qualified${said}`;
}

function cheapestFor(v: V): string | undefined {
  if (!Array.isArray(v.items)) return undefined;
  const first = v.items[0];
  const total = v.page?.total ?? v.items.length;
  if (!first) return `no model meets the floor for ${v.use}`;
  const via = first.offer ? ` via ${first.offer.provider_name ?? first.offer.provider}` : '';
  return `${v.use}: cheapest ${name(first.model)} at ${first.blended_price?.value} USD per 1M tokens blended${via}; `
    + counted(total, 'model', 'matches', 'match');
}

function compareModels(v: V): string | undefined {
  if (!Array.isArray(v.models) || !Array.isArray(v.rows)) return undefined;
  return `${v.models.map((m: V) => name(m)).join(' vs ')}, ${count(v.rows.length, 'row')}`;
}

function modelsForHardware(v: V): string | undefined {
  if (!Array.isArray(v.items) || !v.hardware) return undefined;
  const top = v.items.slice(0, 3).map((i: V) => `${name(i.model)} (${i.quantization_name ?? i.quantization}, ${i.fit})`);
  const total = v.page?.total ?? v.items.length;
  // Where nothing fits, the answer's own sentence says what would (the least memory needed, a context that fits one).
  // The headline adds its own full stop.
  if (typeof v.nearest?.summary === 'string') return `${v.hardware.id}: ${v.nearest.summary.replace(/\.$/, '')}`;
  const fits = counted(total, 'model', 'fits', 'fit');
  return `${v.hardware.id} at ${v.context} tokens: ${fits}${top.length ? `, best rated ${top.join(', ')}` : ''}`;
}

function getModel(v: V): string | undefined {
  if (typeof v.id !== 'string' || !Array.isArray(v.offers)) return undefined;
  const ow = v.open_weights?.value;
  const parts = [ow === true ? 'open weights' : ow === false ? 'closed weights' : 'weights: no source says'];
  const p = v.parameters_total?.value;
  if (typeof p === 'number') parts.push(`${Math.round(p / 1e8) / 10}B parameters`);
  if (typeof v.context_window?.value === 'number') parts.push(`context ${v.context_window.value.toLocaleString('en-US')} tokens`);
  parts.push(count(v.offers.length, 'offer'));
  if (v.status?.value === 'deprecated') parts.push(`deprecated${v.shutdown_date?.value ? `, shutdown ${v.shutdown_date.value}` : ''}`);
  // Open weights keep no model status: the developer's own API retiring it is said from its offer (developer_retired).
  const r = v.developer_retired;
  if (r) {
    const shut = r.shutdown_date?.value ? ` on ${r.shutdown_date.value}` : '';
    // A replacement no model of the dataset answers to says so, as the structured answer's note does (engines/replacement.ts).
    const rep = r.replacement?.value
      ? ` for ${r.replacement.value}${String(r.replacement.note ?? '').startsWith(NOT_IN_CATALOGUE) ? ` (${NOT_IN_CATALOGUE})` : ''}` : '';
    parts.push(`its developer's API retired it${shut}${rep}, ${count(r.other_listings, 'other listing')} left`);
  }
  const who = [v.name?.value, v.developer?.name].filter(Boolean).join(', ');
  return `${v.id}${who ? ` (${who})` : ''}: ${parts.join(', ')}`;
}

/** A deprecated model's state in a list: ` (deprecated, shutdown 2025-12-31, replaced by mistral-ocr-4-1)`; else nothing. */
function lifecycle(m: V): string {
  if (m.status?.value !== 'deprecated') return '';
  const parts = ['deprecated'];
  if (m.shutdown_date?.value) parts.push(`shutdown ${m.shutdown_date.value}`);
  if (m.replacement?.value) parts.push(`replaced by ${m.replacement.value}`);
  return ` (${parts.join(', ')})`;
}

function searchModels(v: V): string | undefined {
  if (!Array.isArray(v.items)) return undefined;
  const total = v.page?.total ?? v.items.length;
  // A model that is no language model says its kind (kind=any lists them): `whisper-1 (speech_recogniser)`.
  const kindOf = (i: V) => (typeof i.kind === 'string' && i.kind !== 'language_model' ? ` (${i.kind})` : '');
  const first = v.items.slice(0, 5).map((i: V) => `${name(i)}${kindOf(i)}${lifecycle(i)}`);
  const more = total > first.length ? ` and ${total - first.length} more` : '';
  // The default lists language models only: a reader of the text alone learns what else matched.
  const others = typeof v.other_kinds?.count === 'number'
    ? `; ${counted(v.other_kinds.count, 'model', 'of another kind is', 'of other kinds are')} left out (kind=any lists them)` : '';
  // Words of q that name a filter: the request that finds more, so a reader of the text alone learns what to ask.
  const hint = typeof v.hint?.parameters === 'string' ? `; asked as ${v.hint.parameters}, ${counted(v.hint.total, 'model', 'matches', 'match')}` : '';
  return `${counted(total, 'model', 'matches', 'match')}${first.length ? `; first: ${first.join(', ')}${more}` : ''}${others}${hint}`;
}

// The feed's counts first, then where the data end and what providers announced for after it: a reader of the text
// alone must not take "0 changes" in a window past the data for "nothing will change".
function modelChanges(v: V): string | undefined {
  const total = v.counts?.total;
  if (typeof total !== 'number' || !v.window) return undefined;
  // An elo count holding renames says so: a rating carried to a variant's new name is not a rating that moved.
  const renames = typeof v.counts.renames === 'number' && v.counts.renames > 0 ? v.counts.renames : 0;
  const kinds = Object.entries(v.counts.by_kind ?? {}).filter(([, n]) => n)
    .map(([k, n]) => `${n} ${k}${k === 'elo' && renames ? `, ${renames} of them a variant renamed` : ''}`);
  const parts = [`${count(total, 'change')} from ${v.window.from} to ${v.window.until}${kinds.length ? ` (${kinds.join(', ')})` : ''}`];
  if (v.latest_matching) parts.push(`latest ${v.latest_matching}`);
  if (v.data_ends) parts.push(`the data end ${v.data_ends}`);
  const s = v.scheduled_shutdowns;
  const soon = s?.items?.[0];
  if (soon) {
    const announced = s.total === 1 ? '1 shutdown announced' : `${s.total} shutdowns announced`;
    parts.push(`${announced} for after them, the soonest ${name(soon.model)} at ${soon.provider_name ?? soon.provider} on ${soon.date}`);
  }
  return parts.join('; ');
}

/** Headline builders by operation name; operations not listed keep the generic line (id and list sizes). */
export const HEADLINES: Readonly<Record<string, (v: V) => string | undefined>> = {
  estimate_cost: estimateCost,
  get_trust_profile: trustProfile,
  get_podium: podium,
  recommend_model: recommendModel,
  cheapest_for: cheapestFor,
  compare_models: compareModels,
  models_for_hardware: modelsForHardware,
  get_model: getModel,
  search_models: searchModels,
  get_model_changes: modelChanges,
};
