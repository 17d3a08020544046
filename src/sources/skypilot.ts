// Adapter for GPU rental prices from the SkyPilot catalogue (hand excerpt of several clouds + Nebius's full vms.csv).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Source } from '../schema/index.ts';
import { optionalPositive, parseCsv, validateRows } from './curated.ts';
import { readRentalRegions, RENTAL_REGIONS_SOURCE, type RentalRegions } from './rental-regions.ts';
import type { Adapter, AdapterResult, IngestIssue, RentalObservation, SourceRoots } from './types.ts';

const FOLDER = 'skypilot-catalog';
const EXCERPT = 'gpu-hourly-prices-excerpt.csv';
const NEBIUS = 'nebius-vms.csv';
const SOURCE_ID = 'skypilot';

/**
 * The day the catalogue was read: the excerpt and the adapter entered the project on 2026-11-21, and the files were
 * read one by one before that (SOURCE.txt). The catalogue commits' own dates could not be seen and the providers give
 * none, so this is the one known date: each row says so in its note (rowNote), naming the commit it was read at. The
 * Source row still does not move data_as_of: the listing may be older than the day it was read.
 */
export const SKYPILOT_AS_OF = '2026-11-21';

/** The commit of catalogs/v7/nebius/vms.csv that nebius-vms.csv copies verbatim (SOURCE.txt). */
const NEBIUS_COMMIT = '22fd1feab9aa97a155f0f5a9d39351d9aa8ae9be';

/** What a row's date means, for the fact's note. */
export const rowNote = (cloud: string, commit: string) =>
  `price as listed in SkyPilot's catalogue (catalogs/v7/${cloud}/vms.csv) at commit ${commit.slice(0, 8)}, read on or before `
  + `${SKYPILOT_AS_OF}; the commit's date and the provider's own date are not given`;

export const SKYPILOT_SOURCE: Source = {
  id: SOURCE_ID,
  name: 'SkyPilot catalog (catalogs/v7): GPU instance prices per cloud',
  url: 'https://github.com/skypilot-org/skypilot-catalog',
  licence: 'Apache-2.0',
  kind: 'aggregator',
  retrieved: SKYPILOT_AS_OF,
  covers:
    'on-demand GPU rental prices per provider and instance type (Lambda, RunPod, Nebius); rows are dated by the day ' +
    'the catalogue was read (its commit dates were not visible), so this source does not count toward data_as_of',
  counts_for_data_as_of: false,
};

const ExcerptRow = z.object({
  provider: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'a lowercase provider id'),
  instance_type: z.string().min(1),
  accelerator: z.string().min(1),
  gpu_count: z.coerce.number().int().positive(),
  usd_per_hour_on_demand: optionalPositive.refine((n) => n !== undefined, 'an on-demand price is required'),
  eu_regions: z.string(),
  source_commit: z.string().regex(/^[0-9a-f]{40}$/, 'a 40-hex commit'),
});

const NebiusRow = z.object({
  InstanceType: z.string().min(1),
  AcceleratorName: z.string(),
  AcceleratorCount: z.coerce.number().int().nonnegative(),
  Price: optionalPositive.refine((n) => n !== undefined, 'a price is required'),
  Region: z.string().min(1),
});

/**
 * The regions of `listed` that a row of rental-regions.csv places in the EU. A region with no row is not counted and
 * is reported: a name such as `eu-north2` (Nebius, Iceland) or `EUR-IS-1` (RunPod, Iceland) is not proof of the EU.
 */
function euRegionsOf(regions: RentalRegions, provider: string, listed: string[], row: string, file: string, issues: IngestIssue[]): string[] {
  for (const r of listed) {
    if (!regions.known(provider, r)) {
      issues.push({ source: SOURCE_ID, file, row, field: 'region', message: `${provider} region ${r} has no row in rental-regions.csv: not counted as EU` });
    }
  }
  return listed.filter((r) => regions.isEu(provider, r));
}

/**
 * Providers whose catalogue file lists each instance type in every region of a fixed list, so that a row's region
 * says nothing of where the type is offered. SkyPilot's Lambda fetcher writes `for r in REGIONS:` one row per region
 * of its "List of all possible regions" (17, europe-central-1 among them) for every instance type Lambda's
 * instance-types endpoint returns, without reading that endpoint's regions_with_capacity_available
 * (skypilot-org/skypilot sky/catalog/data_fetchers/fetch_lambda_cloud.py @115eca47b7399a0eb0006da29149c0ef4f32e2bc):
 * the excerpt's "same price in all 17 listed regions" is that list. SkyPilot's RunPod fetcher does the same: for every
 * secure-cloud GPU type and count it appends one row per zone of its hand-written REGION_ZONES (EU-CZ-1, EU-NL-1,
 * EU-SE-1, EU-RO-1 among them; "TODO: Investigate if these can be found from the API"), whatever the type's stock there
 * (skypilot-org/skypilot sky/catalog/data_fetchers/fetch_runpod.py @8c488dc596189761130b4c22653352c2994f043f). No
 * configuration of theirs is counted as rented in the EU until a source shows the type offered in an EU region.
 * Nebius's fetcher is not one of them: for each region of its tenants' projects (`_get_regions_map`) it lists the
 * platforms of that region's own project (`_fetch_platforms_for_project('project-<code>public-images')`) and writes
 * each preset with that region (skypilot-org/skypilot sky/catalog/data_fetchers/fetch_nebius.py
 * @18b91582185f668be98e66ddd41b9e4aea56bb5a), so a Nebius row's region is one whose project lists the type (the stored
 * rows differ by region: L40S and H100 in eu-north1 only, B200 in us-central1 only). It is a listing, not stock.
 */
const EVERY_REGION_WRITTEN = new Set(['lambda', 'runpod']);

async function readExcerpt(dir: string, regions: RentalRegions): Promise<{ rentals: RentalObservation[]; issues: IngestIssue[] }> {
  const rows = parseCsv(await readFile(path.join(dir, EXCERPT), 'utf8'));
  const { valid, issues } = validateRows(ExcerptRow, rows, { source: SOURCE_ID, file: EXCERPT }, (r) =>
    r.record.instance_type ? `${r.record.provider}/${r.record.instance_type}` : `line ${r.line}`,
  );
  const rentals = valid.map(({ value: v }): RentalObservation => ({
    source: SOURCE_ID,
    provider: v.provider,
    instance_type: v.instance_type,
    accelerator: v.accelerator,
    gpu_count: v.gpu_count,
    usd_per_hour: v.usd_per_hour_on_demand as number,
    // The excerpt's `eu_regions` column lists the European regions the catalogue gives; the table says which are EU.
    // A provider whose catalogue rows are written for every region whatever is offered there shows no region at all.
    eu_regions: EVERY_REGION_WRITTEN.has(v.provider) ? []
      : euRegionsOf(regions, v.provider, v.eu_regions.split(';').map((s) => s.trim()).filter((s) => s !== ''),
        `${v.provider}/${v.instance_type}`, EXCERPT, issues),
    as_of: SKYPILOT_AS_OF,
    note: rowNote(v.provider, v.source_commit),
  }));
  return { rentals, issues };
}

/**
 * Nebius lists one row per instance type and region. Rows with the same instance type and price are one offer;
 * its EU regions are those among the rows' regions. CPU-only rows (no accelerator) are not rentals of a GPU.
 */
async function readNebius(dir: string, regions: RentalRegions): Promise<{ rentals: RentalObservation[]; issues: IngestIssue[] }> {
  const rows = parseCsv(await readFile(path.join(dir, NEBIUS), 'utf8'));
  const { valid, issues } = validateRows(NebiusRow, rows, { source: SOURCE_ID, file: NEBIUS }, (r) =>
    r.record.InstanceType ? `${r.record.InstanceType} ${r.record.Region} (line ${r.line})` : `line ${r.line}`,
  );
  const offers = new Map<string, RentalObservation>();
  for (const { value: v } of valid) {
    if (v.AcceleratorName === '' || v.AcceleratorCount === 0) continue;
    const price = v.Price as number;
    const key = `${v.InstanceType}|${price}`;
    const offer = offers.get(key) ?? {
      source: SOURCE_ID,
      provider: 'nebius',
      instance_type: v.InstanceType,
      accelerator: v.AcceleratorName,
      gpu_count: v.AcceleratorCount,
      usd_per_hour: price,
      eu_regions: [],
      as_of: SKYPILOT_AS_OF,
      note: rowNote('nebius', NEBIUS_COMMIT),
    };
    const eu = euRegionsOf(regions, 'nebius', [v.Region], `${v.InstanceType} ${v.Region}`, NEBIUS, issues);
    if (eu.length > 0 && !offer.eu_regions.includes(v.Region)) offer.eu_regions.push(v.Region);
    offers.set(key, offer);
  }
  const rentals = [...offers.values()];
  for (const r of rentals) r.eu_regions.sort();
  return { rentals, issues };
}

export const skypilot: Adapter = {
  id: SOURCE_ID,
  async read(roots: SourceRoots): Promise<AdapterResult> {
    const dir = path.join(roots.sources, FOLDER);
    const table = await readRentalRegions(roots.curated);
    const excerpt = await readExcerpt(dir, table.regions);
    const nebius = await readNebius(dir, table.regions);
    // The excerpt's Nebius rows are copied from the same vms.csv commit that is present verbatim: keep the verbatim
    // file's rows and drop the excerpt's copies of the same instance type, so that no offer is counted twice.
    const nebiusTypes = new Set(nebius.rentals.map((r) => r.instance_type));
    const fromExcerpt = excerpt.rentals.filter((r) => !(r.provider === 'nebius' && nebiusTypes.has(r.instance_type)));
    const rentals = [...fromExcerpt, ...nebius.rentals].sort(
      (a, b) => a.provider.localeCompare(b.provider) || a.instance_type.localeCompare(b.instance_type) || a.usd_per_hour - b.usd_per_hour,
    );
    return { sources: [SKYPILOT_SOURCE, RENTAL_REGIONS_SOURCE], rentals, issues: [...table.issues, ...excerpt.issues, ...nebius.issues] };
  },
};
