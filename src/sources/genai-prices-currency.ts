// genai-prices prices converted from another currency: the note each converted price carries (currency, rate, tier).

/**
 * genai-prices prices Zhipu AI in USD converted from CNY, which its provider comment says (npm 0.1.8): "Prices sourced
 * from Zhipu AI open platform pricing (CNY, open.bigmodel.cn/pricing), converted to USD at 1 USD = 7.25 CNY (May/June
 * 2026). Zhipu AI does not publish USD prices ... Flagship models (GLM-4.5-Air, GLM-4.7, GLM-5 series) have tiered
 * pricing by input/output length; prices shown are for the cheapest tier ([0, 32k) input / [0, 0.2k) output where
 * applicable)". Such a price is not a USD price the vendor publishes, and for a flagship model it covers short prompts
 * only: the note says both, read from the comments, so no answer passes it off as the developer's published USD price.
 * Undefined where neither comment states a conversion.
 */
export function conversionNote(providerComment: string | undefined, modelComment: string | undefined, modelId: string): string | undefined {
  // The provider comment first: it dates the rate ("(May/June 2026)"), where a model's comment repeats it undated.
  const text = `${providerComment ?? ''} ${modelComment ?? ''}`;
  const m = /converted to USD at 1 USD = ([\d.]+) ([A-Z]{3})(?: \(([^)]+)\))?/.exec(text);
  if (!m) return undefined;
  const [, rate, currency, when] = m;
  const dated = when ? ` (the source's rate, ${when})` : ' (the source\'s rate; it gives no date for it)';
  let note = `converted by the source from ${currency} at 1 USD = ${rate} ${currency}${dated}: the provider bills in ${currency}, not a USD price it publishes`;
  if (/prices shown are for the cheapest tier \(\[0, 32k\) input/.test(providerComment ?? '') && FLAGSHIP.test(modelId)) {
    note += '; for its GLM-4.5-Air, GLM-4.7 and GLM-5 series the source gives the cheapest length tier, prompts under 32K '
      + 'tokens "where applicable", and lists none of the higher tiers';
  }
  return note;
}

/** The models the provider comment names as flagship, priced by length tier: "GLM-4.5-Air, GLM-4.7, GLM-5 series". */
const FLAGSHIP = /^glm-(4\.5-air|4\.7|5)(\b|[.-])/i;
