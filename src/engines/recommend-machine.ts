// A named machine with API offers allowed: which picks do not run on it, why, and the best model that does.
import type { Hardware } from '../schema/index.ts';
import { citeSource as cite } from './cite.ts';
import { MIN_SELF_HOSTING_BITS } from './constants.ts';
import { fitModel, type FitAssessed } from './hardware-fit.ts';
import type { Candidate, Option } from './recommend.ts';
import type { Plan } from './recommend-plan.ts';
import { fastEnough, floorText, type SpeedFloor } from './recommend-speed.ts';
import { OWNED_FIGURE } from './recommend-hosting.ts';
import { fitAt, usableQuantization } from './recommend-quant.ts';

/** The best-ranked qualifying model that runs on the named machine, ranked on its score when run there. */
export type OnMachine = {
  hardware: Hardware;
  by: string;
  context: number;
  qualified: number;
  /** How many picks are shown. */
  shown: number;
  /** Qualifying models that fit the machine at 4 bits per weight or more. */
  fitting: number;
  best: { candidate: Candidate; option: Option; position: number } | null;
  /** Positions (1-based) of the picks shown that run through an API offer. */
  api_picks: number[];
  /** The use's speed floor a model must reach on the machine to count as running there (recommend-speed.ts). */
  speed_floor: SpeedFloor | null;
};

const ownMachine = (o: Option | null): o is Option => o?.path === 'self_hosted' && o.self?.own_machine === true;

/**
 * Only when a machine is named and API offers are allowed: the picks are then ranked on their best way to run, so an
 * API pick may not run on the machine at all, and the answer says which model does. The ranking is not changed: a
 * named machine is a constraint on self-hosting, not a request to self-host (where=local asks for that).
 */
export function onMachine(
  plan: Plan, shown: number, picks: readonly Candidate[], qualified: number,
  onIt: () => { fitting: number; best: { candidate: Candidate; position: number } | null },
): OnMachine | null {
  if (plan.target.kind !== 'machine' || !plan.api || !plan.self) return null;
  const api_picks = picks.slice(0, shown).flatMap((c, i) => (c.option.path === 'api' ? [i + 1] : []));
  if (api_picks.length === 0) return null;
  // The qualifying models in ranking order: the best score when run on the machine, the better-ranked on a tie.
  const { fitting, best: b } = onIt();
  const option = b && [b.candidate.option, b.candidate.alternative].find(ownMachine);
  const best: OnMachine['best'] = b && option ? { candidate: b.candidate, option, position: b.position } : null;
  const { hardware, by } = plan.target;
  return { hardware, by, context: plan.context, qualified, shown, fitting, best, api_picks, speed_floor: plan.speed_floor };
}

const int = (x: number) => Math.round(x).toLocaleString('en-US');
const named = (h: Hardware) => `${h.name} (${h.id})`;

/** Where a fit's figures come from, cited. */
function inputs(c: Candidate): string {
  const m = c.model;
  const p = m.parameters_total;
  const parts = [
    p && `${Math.round(p.value / 1e8) / 10}B parameters (${cite(p)})`,
    m.architecture && `its architecture (${cite(m.architecture)})`,
  ];
  return parts.filter(Boolean).join(' and ');
}

/** The fit in one clause: `MXFP4, 13.7 GB of 15.2 GB usable (tight), about 95 tokens/s`. */
function fitClause(f: FitAssessed): string {
  const speed = f.tokens_per_s !== null ? `, about ${f.tokens_per_s} tokens/s` : ', no speed estimated (no memory bandwidth for it)';
  return `${f.quantization}, ${f.memory.total_gb} GB of ${f.memory.usable_gb} GB usable (${f.fit})${speed}`;
}

/** For an API pick on a named machine: that it is not run there, and why (closed weights, too large, or unchecked). */
export function notOnMachineReason(c: Candidate, plan: Plan): string | null {
  if (plan.target.kind !== 'machine' || !plan.api || !plan.self || c.option.path !== 'api') return null;
  const h = plan.target.hardware;
  const m = c.model;
  const there = `Not run on your machine, ${named(h)}`;
  if (ownMachine(c.alternative)) {
    // Over the use's prompt limit there, the offer comes first whatever the scores (recommend-rank.ts apiFirst).
    const limit = plan.speed_floor?.prefill_stated_s;
    if (c.alternative.self?.over_prompt_limit && limit) {
      return `${there}, in this pick: run there it takes longer than the ${limit} s the ask allows to read a prompt filling the `
        + `${int(plan.context)} tokens of context (below), so its API offer, which that limit does not bear on, comes first `
        + `(it scores ${c.option.score} against ${c.alternative.score} for running it there).`;
    }
    return `${there}, in this pick: its API offer scores ${c.option.score} against ${c.alternative.score} for running it there (below).`;
  }
  if (m.open_weights?.value === false) {
    return `${there}: its weights are closed (${cite(m.open_weights)}), so it runs only through API offers.`;
  }
  if (m.open_weights?.value !== true) return `${there}: no source in the dataset says whether its weights are open, so no fit is checked.`;
  // The formats and speed the pick would have on the machine (recommend-hosting.ts, OWNED_FIGURE: models_for_hardware's).
  const f = fitModel(m, h, { context: plan.context, concurrency: 1, min_bits_per_weight: MIN_SELF_HOSTING_BITS, figure: OWNED_FIGURE });
  if (!f.assessable) return `${there}: its fit cannot be checked (${f.reason}).`;
  const need = `at ${f.memory.quantization}, the smallest quantization of ${MIN_SELF_HOSTING_BITS} bits per weight or more, it needs ` +
    `${f.memory.total_gb} GB against ${f.memory.usable_gb} GB usable at ${int(plan.context)} tokens of context`;
  // Judged as the speed step judges it: at the highest quantization of 4 bits or more that reaches the floor, where the
  // largest that fits does not (recommend-quant.ts); under the floor only when none does, and said so with its speed.
  const floor = plan.speed_floor;
  if (f.fit !== 'no' && floor !== null && !fastEnough(f, floor.tokens_per_s)) {
    const q = usableQuantization(f, floor.tokens_per_s);
    if (q === null) {
      return `${there}: it fits (${fitClause(f)} at ${int(plan.context)} tokens of context), but under the usable-speed floor of `
        + `${floorText(floor.tokens_per_s)}, at that quantization and at each lower one of ${MIN_SELF_HOSTING_BITS} bits per weight or more `
        + `that fits; an estimate derived from ${inputs(c)}.`;
    }
    const at = fitAt(m, h, plan.context, q.quantization, OWNED_FIGURE);
    return `${there}, in this pick: it fits and reaches the usable-speed floor of ${floorText(floor.tokens_per_s)} at ${at.quantization} `
      + `(${fitClause(at)} at ${int(plan.context)} tokens of context; ${f.quantization}, the largest that fits, would read at about `
      + `${f.tokens_per_s} tokens/s); an estimate derived from ${inputs(c)}.`;
  }
  const why = f.memory.total_gb > f.memory.usable_gb ? need : f.reason ?? need;
  return `${there}: it does not fit: ${why}; an estimate derived from ${inputs(c)}.`;
}

/** The note: which picks run through an API, and the best model that runs on the machine (or that none does). */
export function onMachineNote(om: OnMachine): string {
  const h = om.hardware;
  const picks = om.api_picks.length === 1 ? `Pick ${om.api_picks[0]} runs` : `Picks ${om.api_picks.join(', ')} run`;
  const head = `${om.by}: ${picks} through an API offer, not on your machine, ${named(h)}; API offers are allowed and ranked ` +
    'beside running a model on the machine.';
  const only = 'Add where=local to rank only models that run on it.';
  if (!om.best) {
    return `${head} None of the ${om.qualified} qualifying models fits it at ${MIN_SELF_HOSTING_BITS} bits per weight or more ` +
      `with ${int(om.context)} tokens of context.`;
  }
  const { candidate: c, option: o, position } = om.best;
  const f = o.self!.fit;
  const rank = position <= om.shown ? `pick ${position} above` : `ranked ${position} of ${om.qualified}`;
  const fl = om.speed_floor;
  const speed = fl !== null ? ` at a usable speed (${Math.round(fl.tokens_per_s * 10) / 10} tokens/s or more)` : '';
  return `${head} The best-ranked model that runs on it is ${c.model.name.value} (${c.model.id}), ${rank} ` +
    `(score ${o.score} run there): ${fitClause(f)} at ${int(om.context)} tokens of context; an estimate ` +
    `derived from ${inputs(c)}. ${om.fitting} of the ${om.qualified} qualifying models fit it${speed}. ${only}`;
}
