// genai-prices prices converted from another currency: the note each converted price carries (currency, rate, tier).

/** How the note of a converted price begins: the build (ingest/billed-currency.ts) and the answers (engines/converted-price.ts) read it. */
export const CONVERTED_MARK = 'converted by the source from ';

/**
 * genai-prices prices Zhipu AI in USD converted from CNY, which its provider comment says (npm 0.1.8): "Prices sourced
 * from Zhipu AI open platform pricing (CNY, open.bigmodel.cn/pricing), converted to USD at 1 USD = 7.25 CNY (May/June
 * 2026). Zhipu AI does not publish USD prices ...". Such a price is not a USD price the vendor publishes: the note says
 * so, read from the comments, so no answer passes it off as the developer's published USD price. Which models are
 * priced by length tier is read from each model's own description, not from the provider comment's list of
 * "flagship models": GLM-5 says "Tiered pricing; prices shown for [0, 32k) input tier", GLM-4.7 "... for [0, 32k)
 * input / [0, 0.2k) output tier", while GLM-5.2, GLM-5.3 and GLM-4.7-FlashX, in the same series, say no tier (GLM-5.3's
 * comment gives its "Standard API rates"). Undefined where neither comment states a conversion.
 */
export function conversionNote(providerComment: string | undefined, modelComment: string | undefined, description: string | undefined): string | undefined {
  // The provider comment first: it dates the rate ("(May/June 2026)"), where a model's comment repeats it undated.
  const text = `${providerComment ?? ''} ${modelComment ?? ''}`;
  const m = /converted to USD at 1 USD = ([\d.]+) ([A-Z]{3})(?: \(([^)]+)\))?/.exec(text);
  if (!m) return undefined;
  const [, rate, currency, when] = m;
  const dated = when ? ` (the source's rate, ${when})` : ' (the source\'s rate; it gives no date for it)';
  let note = `${CONVERTED_MARK}${currency} at 1 USD = ${rate} ${currency}${dated}: the provider bills in ${currency}, not a USD price it publishes`;
  const tier = TIERED.exec(description ?? '');
  if (tier) {
    const out = tier[1] === undefined ? '' : `, answers under ${Math.round(Number(tier[1]) * 1000)} tokens`;
    note += `; the source gives the cheapest length tier only, prompts under 32K tokens${out} (its description: "${tier[0]}"), `
      + 'and lists none of the higher tiers';
  }
  return note;
}

/** A model description's statement of a length tier: "Tiered pricing; prices shown for [0, 32k) input / [0, 0.2k) output tier". */
const TIERED = /Tiered pricing; prices shown for \[0, 32k\) input(?: \/ \[0, ([\d.]+)k\) output)? tier/;
