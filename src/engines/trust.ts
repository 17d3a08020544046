// The Trust Index (DESIGN.md section 8): 16 criteria, each met, not met or unknown with its evidence, and compliance facts.
import type { Dataset } from '../dataset/dataset.ts';
import type { Model } from '../schema/index.ts';
import { perDatasetKey } from './per-dataset.ts';
import { compliance, type Compliance } from './trust-compliance.ts';
import { assess, CRITERIA, CRITERIA_COUNT, type Criterion } from './trust-criteria.ts';

export { CRITERIA, CRITERIA_COUNT, MIN_VOTES, PER_DEVELOPER_NOTE, type Criterion, type CriterionStatus, type Evidence } from './trust-criteria.ts';
export { type Compliance, type EuOffer } from './trust-compliance.ts';
export { EU_CODE_SOURCE_ID, euCodeOf, euResidencyOf, isEuJurisdiction, type EuCodeView } from './trust-eu.ts';

export type TrustProfile = {
  model_id: string;
  trust_index: number;
  coverage: number;
  counts: { met: number; not_met: number; unknown: number; total: number };
  criteria: Criterion[];
  compliance: Compliance;
  /**
   * Source ids of the facts the criteria rest on, sorted: trust_index and coverage are derived from them, so an answer
   * that shows either credits these sources even where it leaves the criteria out (a partial answer, recommend_model).
   */
  sources: string[];
};

/** The trust profile of a model, built once per dataset. */
export const trustProfile = perDatasetKey((ds, m: Model): TrustProfile => {
  const dev = ds.developerById.get(m.vendor);
  const criteria = CRITERIA.map((spec, i): Criterion => {
    const [status, evidence] = assess(ds, m, dev, spec);
    return { number: i + 1, id: spec.id, title: spec.title, scope: spec.scope, met_when: spec.met_when, status, evidence };
  });
  const met = criteria.filter((c) => c.status === 'met').length;
  const notMet = criteria.filter((c) => c.status === 'not_met').length;
  const total = CRITERIA_COUNT;
  return {
    model_id: m.id,
    trust_index: Math.round((100 * met) / total),
    coverage: (met + notMet) / total,
    counts: { met, not_met: notMet, unknown: total - met - notMet, total },
    criteria,
    compliance: compliance(ds, m, dev),
    sources: criteriaSources(ds, m, criteria),
  };
});

/**
 * The sources of every criterion's evidence. A fit computed here (`derived`) also rests on the model facts it reads
 * (weights, parameters, architecture) and on the memory of the configuration it fits, which the evidence names only
 * in its text.
 */
function criteriaSources(ds: Dataset, m: Model, criteria: readonly Criterion[]): string[] {
  const ids = new Set<string>();
  for (const c of criteria) {
    const s = c.evidence.source;
    if (s) ids.add(s);
    if (c.id === 'self_hostable' && s === 'derived') {
      for (const f of [m.open_weights, m.parameters_total, m.parameters_active, m.architecture]) if (f) ids.add(f.source);
      const h = typeof c.evidence.value === 'string' ? ds.hardwareById.get(c.evidence.value) : undefined;
      if (h) for (const f of [h.memory_gb, h.usable_fraction]) ids.add(f.source);
    }
  }
  return [...ids].sort();
}
