// Reading a recommend_model request: each parameter mapped to a canonical value, echoed, or refused with what is allowed.
import type { Dataset } from '../dataset/dataset.ts';
import { ServiceError, type ParameterError } from '../errors/index.ts';
import { acceptedMachines, isRefusal, type MachineHow, type MachineMapping } from './machine.ts';
import { resolveMachineText } from './machine-cache.ts';
import type { Use } from './use-categories.ts';
import { acceptedValues, hintFor, mapText, VOCABULARY, type DataKind, type Keep, type TextParameter, type Where, type Who } from './vocabulary.ts';

export type Understood = {
  given: string | null;
  /** The canonical value used, or null when the parameter was not given and has no default. */
  value: string | null;
  /** Every canonical value used: one, several for keep (each a constraint), none when not given and without default. */
  values: string[];
  how: MachineHow | 'default' | 'not_given';
  matched: string[];
  set_aside: string[];
  /**
   * The words or phrases of the text that decided nothing, as written, stop words left out (`budget of $1 per million
   * tokens` in `startup with a budget of $1 per million tokens`): nothing was applied for them.
   */
  unread: string[];
  /** For machine: the configuration fits are checked on. */
  hardware_id: string | null;
  /** For machine: the reading in one sentence (device, count, memory, split; whether speed is estimated). */
  interpretation: string | null;
};

export type Interpretation = {
  who: Who | null;
  use: Use;
  data: DataKind | null;
  /** Every keep constraint, each applied; [`any`] when none. */
  keep: Keep[];
  where: Where | null;
  machine: MachineMapping | null;
  understood: Record<TextParameter, Understood>;
};

export type RawSituation = Partial<Record<TextParameter, string>>;

const DEFAULTS: Partial<Record<TextParameter, string>> = { use: 'chat', keep: 'any' };

/**
 * Map each given parameter to a canonical value. Every unmappable parameter is reported at once, each with the
 * values it accepts, as one invalid_parameter error.
 */
export function interpret(ds: Dataset, raw: RawSituation): Interpretation {
  const errors: ParameterError[] = [];
  const candidates: string[] = [];
  const understood = {} as Record<TextParameter, Understood>;
  const values: Partial<Record<TextParameter, string>> = {};
  for (const parameter of ['who', 'use', 'data', 'keep', 'where'] as const) {
    const given = raw[parameter];
    if (given === undefined) {
      const d = DEFAULTS[parameter] ?? null;
      understood[parameter] = {
        given: null, value: d, values: d ? [d] : [], how: d ? 'default' : 'not_given', matched: [], set_aside: [], unread: [],
        hardware_id: null, interpretation: null,
      };
      if (d) values[parameter] = d;
      continue;
    }
    const m = mapText(given, VOCABULARY[parameter]);
    if (!m) {
      const hint = hintFor(given, VOCABULARY[parameter]);
      errors.push({
        parameter,
        message: `"${given.slice(0, 100)}" matches none of the values or their synonyms (listed in docs/trust-and-recommend.md)${hint ? `; ${hint}` : ''}`,
        allowed: acceptedValues(parameter),
      });
      continue;
    }
    understood[parameter] = {
      given, value: m.value, values: m.values, how: m.how, matched: m.matched, set_aside: m.set_aside, unread: m.unread,
      hardware_id: null, interpretation: null,
    };
    values[parameter] = m.value;
  }
  let machine: MachineMapping | null = null;
  if (raw.machine === undefined) {
    understood.machine = {
      given: null, value: null, values: [], how: 'not_given', matched: [], set_aside: [], unread: [], hardware_id: null, interpretation: null,
    };
  } else {
    const m = resolveMachineText(ds, raw.machine);
    if (isRefusal(m)) {
      const near = m.candidates.length ? m.candidates : ds.suggestHardwareIds(raw.machine, 3);
      const what = m.understood.length ? `; understood: ${m.understood.join(', ')}` : '';
      errors.push({
        parameter: 'machine',
        message: `${m.message}${what}${near.length ? ` (${m.refused === 'ambiguous' ? 'candidates' : 'near'}: ${near.join(', ')})` : ''}`,
        allowed: acceptedMachines(),
      });
      if (m.candidates.length) candidates.push(...m.candidates);
    } else {
      machine = m;
      understood.machine = {
        given: raw.machine, value: m.value, values: [m.value], how: m.how, matched: m.matched, set_aside: [], unread: [...(m.unread ?? [])],
        hardware_id: m.hardware?.id ?? null, interpretation: m.interpretation,
      };
    }
  }
  if (errors.length) {
    const detail = errors.length === 1
      ? `recommend_model could not understand ${errors[0].parameter}: ${errors[0].message}.`
      : `recommend_model could not understand ${errors.map((e) => e.parameter).join(', ')}.`;
    throw new ServiceError('invalid_parameter', detail, { errors, ...(candidates.length ? { suggestions: candidates } : {}) });
  }
  return {
    who: (values.who ?? null) as Who | null,
    use: values.use as Use,
    data: (values.data ?? null) as DataKind | null,
    keep: understood.keep.values as Keep[],
    where: (values.where ?? null) as Where | null,
    machine,
    understood,
  };
}
