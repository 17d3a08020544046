// recommend_model's hard constraints as steps: each filters the pool of models left and is counted, so a shortfall
// can name the step that eliminated the rest. Steps whose test reads only the dataset and a few flags are kept per
// dataset (applyStep); those that depend on the use alone are found once per dataset and use (useSteps).
import type { Dataset } from '../dataset/dataset.ts';
import type { Model } from '../schema/index.ts';
import { perDataset, perDatasetKey } from './per-dataset.ts';
import { isDeprecatedModel } from './offer-lifecycle.ts';
import { qualityEvidence } from './recommend-quality.ts';
import { DOCUMENTS_MIN_CONTEXT } from './recommend-weights.ts';
import { boardForUse, type Use } from './use-categories.ts';

export type Step = { id: string; constraint: string; rule: string; eliminated: number; remaining: number };

/** The catalogue in id order, once per dataset: every ask starts from it (the steps filter copies, never sort it again). */
const modelsInIdOrder = perDataset((ds): readonly Model[] => [...ds.models].sort((a, b) => a.id.localeCompare(b.id)));

/** The models left and the steps so far, each counted; `kept`: the pool is one kept per dataset (see applyStep). */
export type Filtering = { pool: readonly Model[]; steps: Step[]; kept: boolean };

/**
 * Steps whose test depends on the dataset and on `flags` only, kept per dataset, pool before them and step: asks about
 * a use mostly run the same steps on the same pools (the API offers, open weights, EU offers, trust evidence). Bounded:
 * pools are kept ones (the use's, then these), and keys come from the vocabularies and the documented contexts.
 */
const keptSteps = perDataset(() => new WeakMap<readonly Model[], Map<string, { pool: readonly Model[]; step: Step }>>());

/**
 * One step: the models that pass `keep`, and the step counted. `flags` names everything of the ask the test reads
 * beyond the words of the step (undefined: the test reads more, e.g. the machine named, so it is run afresh).
 */
export function applyStep(
  ds: Dataset, f: Filtering, id: string, constraint: string, rule: string, keep: (m: Model) => boolean, flags?: string,
): void {
  let byKey: Map<string, { pool: readonly Model[]; step: Step }> | undefined;
  const key = f.kept && flags !== undefined ? `${flags}\u0000${id}\u0000${constraint}\u0000${rule}` : undefined;
  if (key !== undefined) {
    const byPool = keptSteps(ds);
    byKey = byPool.get(f.pool);
    if (!byKey) byPool.set(f.pool, (byKey = new Map()));
    const hit = byKey.get(key);
    if (hit) {
      f.pool = hit.pool;
      f.steps.push(hit.step);
      return;
    }
  }
  const before = f.pool.length;
  f.pool = f.pool.filter(keep);
  const step: Step = { id, constraint, rule, eliminated: before - f.pool.length, remaining: f.pool.length };
  f.steps.push(step);
  if (byKey && key !== undefined) byKey.set(key, { pool: f.pool, step: Object.freeze(step) });
  else f.kept = false;
}

/**
 * The steps that depend on the use alone (active, quality evidence, capability, context), with the models they leave:
 * the same for every ask about a use, so found once per dataset and use. Asks copy the steps, never change them.
 */
export const useSteps = perDatasetKey((ds, use: Use): Readonly<Filtering> => {
  const ub = boardForUse(ds, use);
  const f: Filtering = { pool: modelsInIdOrder(ds), steps: [], kept: false };
  const step = (id: string, constraint: string, rule: string, keep: (m: Model) => boolean) => applyStep(ds, f, id, constraint, rule, keep);
  // Served on the day judged: a deprecation announced with a shutdown date still to come keeps the model (offer-lifecycle.ts).
  step('active', 'built-in', 'not shut down', (m) => !isDeprecatedModel(m, ds.lifecycleDate));
  step('evidence', `use=${use}`, `quality evidence for ${use}: rated on ${ub.leaderboard}/${ub.category}, the board that `
    + 'measures it, or scores on benchmarks of the same skill, or a rated sibling of the same model line',
  (m) => qualityEvidence(ds, ub, m) !== undefined);
  if (ub.requires) {
    const needs = ub.requires;
    step('capability', `use=${use}`, `${needs.replace('_', ' ')} stated by a source`, (m) => m.capabilities[needs]?.value === true);
  }
  if (use === 'documents') {
    step('context', 'use=documents', `a context window of at least ${DOCUMENTS_MIN_CONTEXT.toLocaleString('en-US')} tokens`,
      (m) => (m.context_window?.value ?? 0) >= DOCUMENTS_MIN_CONTEXT);
  }
  return f;
});
