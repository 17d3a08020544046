// What a licence's territory exclusion means for a reader in the EU: one sentence, shared by the trust profile and recommend.
import type { Licence, Model } from '../schema/index.ts';

/** The exclusion that reaches the EU, when the model's licence has one (data/curated/licence-territories.csv). */
export function euExclusionOf(m: Model): NonNullable<Licence['territory_exclusion']> | undefined {
  const t = m.licence?.value.territory_exclusion;
  return t?.excludes_eu ? t : undefined;
}

/**
 * The sentence a reader sees beside a model whose licence withholds its rights in the EU, with the clause quoted.
 * Llama's clause exempts "end users of a product or service that incorporates" the model; Tencent's has no such
 * exemption, so the sentence quotes the clause rather than paraphrasing what it allows.
 */
export function euExclusionSentence(m: Model): string | undefined {
  const t = euExclusionOf(m);
  if (!t) return undefined;
  const where = t.territories.join(', ');
  const which = t.applies_to === 'multimodal' ? ' for its multimodal models' : '';
  return `the ${m.licence!.value.name} grants no rights in ${where}${which}: "${t.clause}" (${t.evidence_url}, read ${t.read})`;
}
