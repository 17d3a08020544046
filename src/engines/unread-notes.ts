// What recommend_model says of words it did not read: which parameter would read them, or which operation serves them.
import type { Dataset } from '../dataset/dataset.ts';
import type { Understood } from './interpret.ts';
import { isRefusal } from './machine.ts';
import { resolveMachineText } from './machine-cache.ts';
import { mayNameMachine } from './machine-readable.ts';
import { NON_EU_COUNTRY_HINT, NON_EU_COUNTRY_WORDS } from './eu-member-states.ts';
import { mapText, VOCABULARY, words, type TextParameter } from './vocabulary.ts';

const PARAMETERS: readonly TextParameter[] = ['who', 'use', 'data', 'keep', 'where', 'machine'];

/**
 * Constraints recommend_model has no parameter for (DESIGN.md section 5 lists its inputs), each with the words that
 * name it and where it is served instead. A price ceiling is an input of search_models (`max_input_price`,
 * `max_output_price`); a context length is recommend_model's own `context`, a number the text parameters never read.
 */
const ELSEWHERE: ReadonlyArray<{ what: string; words: ReadonlySet<string>; symbols?: RegExp; says: string }> = [
  {
    what: 'price',
    words: new Set(['budget', 'budgets', 'price', 'prices', 'pricing', 'priced', 'cost', 'costs', 'cheap', 'cheaper', 'cheapest', 'inexpensive',
      'affordable', 'afford', 'expensive', 'spend', 'spending', 'money', 'usd', 'dollar', 'dollars', 'eur', 'euro', 'euros', 'gbp', 'cent', 'cents']),
    symbols: /[$€£¥]/,
    says: 'recommend_model takes no price ceiling: search_models filters by price (max_input_price, max_output_price, USD per 1M tokens), '
      + 'cheapest_for ranks the cheapest models for a use above a quality floor, estimate_cost prices a monthly volume; each API pick '
      + 'states its price (offer.blended_price)',
  },
  {
    what: 'speed',
    words: new Set(['latency', 'fast', 'faster', 'fastest', 'speed', 'speedy', 'quick', 'quickly', 'realtime', 'throughput', 'tps', 'ms',
      'millisecond', 'milliseconds', 'responsive']),
    says: 'recommend_model takes no speed or latency target, and the dataset holds no measured API latency or throughput: a '
      + 'self-hosted pick states its estimated decode speed (self_hosting.tokens_per_s), and models_for_hardware estimates it for '
      + 'every model on a configuration',
  },
  {
    // keep and where read a country only as EU residency (an EU member state); another country is read by none.
    what: 'country',
    words: new Set(NON_EU_COUNTRY_WORDS),
    says: NON_EU_COUNTRY_HINT,
  },
  {
    what: 'context',
    words: new Set(['context', 'window']),
    says: 'recommend_model\'s context parameter takes a context length, in tokens (context=200000 for 200K)',
  },
];

/**
 * Which other parameters would read a phrase, and as what: `who=individual`, `machine=rtx-4090`. None when one of them
 * already applies what it would read there: `Germany` beside keep=eu-only is applied, and where=eu-cloud (which would
 * also read it) is not pointed at as if the place were still missing.
 */
function readElsewhere(
  ds: Dataset, from: TextParameter, phrase: string, w: readonly string[], understood: Record<TextParameter, Understood>,
): string[] {
  const out: string[] = [];
  for (const p of PARAMETERS) {
    if (p === from) continue;
    if (p === 'machine') {
      // Most unread phrases (`of 12 people`) hold no word a machine is read from: they are told apart without a reading.
      if (!mayNameMachine(ds, phrase, w)) continue;
      const m = resolveMachineText(ds, phrase);
      if (isRefusal(m)) continue;
      if (understood.machine.value === m.value) return [];
      out.push(`machine=${m.value}`);
      continue;
    }
    const vocab = VOCABULARY[p];
    const m = mapText(phrase, vocab, w);
    // `any` (keep) asks for nothing: naming it would point at no constraint.
    if (!m || m.values.every((v) => v === vocab.none)) continue;
    if (m.values.every((v) => v === vocab.none || understood[p].values.includes(v))) return [];
    out.push(`${p}=${m.value}`);
  }
  return out;
}

/**
 * One note per parameter whose text left words unread: the words, which other parameter would read each (so that the
 * caller can move it there), and for a constraint recommend_model has no parameter for, what serves it. Nothing read
 * elsewhere is ever applied: the caller's text is taken as given, in the parameter it was given in.
 */
export function unreadNotes(ds: Dataset, understood: Record<TextParameter, Understood>): string[] {
  const notes: string[] = [];
  for (const p of PARAMETERS) {
    const u = understood[p];
    if (u.unread.length === 0) continue;
    const served = new Set<string>();
    const parts = u.unread.map((phrase) => {
      const w = words(phrase);
      for (const e of ELSEWHERE) if (w.some((x) => e.words.has(x)) || e.symbols?.test(phrase)) served.add(e.says);
      const there = readElsewhere(ds, p, phrase, w, understood);
      return `"${phrase}"${there.length ? ` (${there.join(' and ')} would read it: give it there to apply it)` : ''}`;
    });
    const what = parts.length === 1 ? 'it' : 'them';
    notes.push(`${p} "${u.given}" was read as ${u.value}; not read, so nothing was applied for ${what}: ${parts.join(', ')}.`
      + [...served].map((s) => ` ${s}.`).join(''));
  }
  return notes;
}
