// cheapest_for's account of the prompt size it priced: how many models pay a long-context tier, how many have no price.
import { FLAT_RULE, TIER_RULE } from '../engines/long-context.ts';

const num = (n: number) => n.toLocaleString('en-US');

/**
 * One note when min_context made a difference to the prices (a model priced at a tier, or left out for want of a
 * price at that size); null otherwise, so that an ask below every threshold reads as before.
 */
export function longContextNote(prompt: number | undefined, atTier: number, silent: number): string | null {
  if (prompt === undefined || (atTier === 0 && silent === 0)) return null;
  const out = [`Prices are for a prompt of ${num(prompt)} tokens (min_context): ${TIER_RULE}.`];
  const models = (n: number) => (n === 1 ? '1 model is' : `${n} models are`);
  if (atTier) out.push(`${models(atTier)} ranked at an offer's long-context price (blended_price.long_context).`);
  if (silent) {
    out.push(`${models(silent)} left out: ${FLAT_RULE}, and the filters keep no offer with a known price there.`);
  }
  return out.join(' ');
}
