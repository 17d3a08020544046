// Every source adapter the ingest runs, in one list: adding a source means adding one line here.
import type { Adapter } from '../sources/types.ts';
import { curated } from '../sources/curated.ts';
import { deprecationsRss } from '../sources/deprecations-rss.ts';
import { developerLicences } from '../sources/developer-licences.ts';
import { developerNotices } from '../sources/developer-notices.ts';
import { developerPrices } from '../sources/developer-prices.ts';
import { developerReleases } from '../sources/developer-releases.ts';
import { developerWeights } from '../sources/developer-weights.ts';
import { epochHardware } from '../sources/epoch-hardware.ts';
import { euCode } from '../sources/eu-code.ts';
import { fmti } from '../sources/fmti.ts';
import { hfTasksHardware } from '../sources/hf-tasks-hardware.ts';
import { genaiPrices } from '../sources/genai-prices.ts';
import { litellm } from '../sources/litellm.ts';
import { createLlmfit } from '../sources/llmfit.ts';
import { lmarenaArenaCatalog } from '../sources/lmarena-arena-catalog.ts';
import { lmarenaDaily } from '../sources/lmarena-daily.ts';
import { lmarenaFboulnois } from '../sources/lmarena-fboulnois.ts';
import { lmarenaHistory } from '../sources/lmarena-history.ts';
import { modelsDev } from '../sources/models-dev.ts';
import { offerResidency } from '../sources/offer-residency.ts';
import { priceEventReviews } from '../sources/price-event-reviews.ts';
import { skypilot } from '../sources/skypilot.ts';

export function allAdapters(): Adapter[] {
  return [
    modelsDev, genaiPrices, litellm, lmarenaDaily, lmarenaArenaCatalog, lmarenaFboulnois, lmarenaHistory, createLlmfit(),
    fmti, euCode, epochHardware, hfTasksHardware, skypilot, deprecationsRss, developerNotices, developerPrices, curated,
    offerResidency, developerReleases, developerWeights, developerLicences, priceEventReviews,
  ];
}
