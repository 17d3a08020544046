// Where a cloud region is: in the EU, outside it, or not placed (a name the table does not know is never guessed).

/**
 * Google Cloud and AWS regions in Europe, each with the place the cloud's own region list gives
 * (cloud.google.com/about/locations; docs.aws.amazon.com/global-infrastructure/latest/regions/aws-regions.html).
 * London (United Kingdom) and Zurich (Switzerland) are in Europe but not in the EU: a region there is not EU-resident.
 */
const EUROPE: Readonly<Record<string, { place: string; eu: boolean }>> = {
  // Google Cloud
  'europe-central2': { place: 'Warsaw, Poland', eu: true },
  'europe-north1': { place: 'Hamina, Finland', eu: true },
  'europe-north2': { place: 'Stockholm, Sweden', eu: true },
  'europe-southwest1': { place: 'Madrid, Spain', eu: true },
  'europe-west1': { place: 'St. Ghislain, Belgium', eu: true },
  'europe-west3': { place: 'Frankfurt, Germany', eu: true },
  'europe-west4': { place: 'Eemshaven, Netherlands', eu: true },
  'europe-west8': { place: 'Milan, Italy', eu: true },
  'europe-west9': { place: 'Paris, France', eu: true },
  'europe-west10': { place: 'Berlin, Germany', eu: true },
  'europe-west12': { place: 'Turin, Italy', eu: true },
  'europe-west2': { place: 'London, United Kingdom', eu: false },
  'europe-west6': { place: 'Zurich, Switzerland', eu: false },
  // Vertex AI's multi-region `eu` (requests served in EU regions).
  eu: { place: 'EU multi-region', eu: true },
  // AWS
  'eu-central-1': { place: 'Frankfurt, Germany', eu: true },
  'eu-west-1': { place: 'Ireland', eu: true },
  'eu-west-3': { place: 'Paris, France', eu: true },
  'eu-south-1': { place: 'Milan, Italy', eu: true },
  'eu-south-2': { place: 'Aragon, Spain', eu: true },
  'eu-north-1': { place: 'Stockholm, Sweden', eu: true },
  'eu-west-2': { place: 'London, United Kingdom', eu: false },
  'eu-central-2': { place: 'Zurich, Switzerland', eu: false },
};

/**
 * Regions outside Europe by their area prefix: Google's `us-`, `northamerica-`, `southamerica-`, `asia-`,
 * `australia-`, `me-`, `africa-`; AWS's `us-`, `us-gov-`, `ca-`, `sa-`, `ap-`, `me-`, `af-`, `il-`, `mx-`.
 */
const OUTSIDE_EUROPE = /^(?:us|northamerica|southamerica|asia|australia|me|africa|ca|sa|ap|af|il|mx)-[a-z0-9-]+$/;

export type RegionPlace = { region: string; eu: boolean; place: string };

/**
 * Where a region name is. `global` is global routing (any region). Undefined for a name the table cannot place:
 * an unknown `europe-*` or `eu-*` region may or may not be in the EU, and is not guessed.
 */
export function placeOfRegion(name: string): RegionPlace | undefined {
  const region = name.trim().toLowerCase();
  if (region === 'global') return { region, eu: false, place: 'global routing, any region' };
  const europe = EUROPE[region];
  if (europe) return { region, ...europe };
  if (OUTSIDE_EUROPE.test(region)) return { region, eu: false, place: 'outside Europe' };
  return undefined;
}
