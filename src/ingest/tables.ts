// Loads the project's reviewed tables (data/curated) into the lookups the build needs.
import path from 'node:path';
import type { Source } from '../schema/index.ts';
import { fact } from '../schema/fact.ts';
import { tableUrl } from '../sources/curated.ts';
import { readGenaiProviderNames } from '../sources/genai-prices-names.ts';
import { readProviderNames } from '../sources/models-dev.ts';
import type { IngestIssue, SourceRoots } from '../sources/types.ts';
import { ACCELERATOR_COMPUTE_SOURCE, loadAcceleratorCompute, unusedComputeKeys } from './accelerator-compute.ts';
import { ACCELERATOR_IDLE_SOURCE, loadAcceleratorIdlePower, withIdlePower } from './accelerator-idle-power.ts';
import { ACCELERATOR_NVLINK_SOURCE, loadAcceleratorNvlink, withNvlink } from './accelerator-nvlink.ts';
import { loadMachinePrices, MACHINE_PRICES_SOURCE, withMachinePrices } from './machine-prices.ts';
import { loadMachineProducts, MACHINE_PRODUCTS_SOURCE, withProducts } from './machine-products.ts';
import { CLOUD_INSTANCES_SOURCE, loadCloudInstances, withCloudInstances } from './cloud-instances.ts';
import { CARD_PRODUCTION_SOURCE, loadCardProduction, withCardProduction } from './card-production.ts';
import { CARD_STREET_PRICES_SOURCE, loadCardStreetPrices, withCardStreetPrices } from './card-street-prices.ts';
import { BASEBOARD_SOURCE, loadBaseboards, withBaseboards } from './accelerator-baseboards.ts';
import { ACCELERATOR_PEER_FABRIC_SOURCE, loadAcceleratorPeerFabric, withPeerFabric } from './accelerator-peer-fabric.ts';
import { loadAliasTable } from './aliases.ts';
import type { Tables } from './build.ts';
import { DEVELOPER_TABLE_REVIEWED, DEVELOPER_TABLE_SOURCE, loadDeveloperTable, resolveDeveloper } from './developers.ts';
import { GGUF_FILES_SOURCE, loadGgufFiles } from './gguf-files.ts';
import { HOST_MACHINES_SOURCE, loadHostMachines, withHostMachines } from './host-machines.ts';
import { buildHardware, HARDWARE_ACCELERATORS_SOURCE, HARDWARE_CONFIGS_SOURCE, loadAccelerators, loadHardwareConfigs } from './hardware.ts';
import { loadLicenceTable, normaliseLicence } from './licences.ts';
import { loadLicenceTerritories } from './licence-territories.ts';
import { loadVersionPointers } from './version-pointers.ts';
import { loadFactSetAsides } from './fact-set-asides.ts';
import { loadHeldPrices } from './held-prices.ts';
import { loadBilledCurrencies } from './billed-currencies.ts';
import { loadOfferWindows, OFFER_WINDOWS_SOURCE } from './offer-windows.ts';
import { loadRunningPromotions } from './running-promotions.ts';
import { DEVELOPER_MAX_OUTPUT_SOURCE, loadDeveloperMaxOutput } from './developer-max-output.ts';
import { CLOSED_DEVELOPERS_SOURCE, loadClosedDevelopers } from './closed-developers.ts';
import { DEVELOPER_TERMS_SOURCE, loadDeveloperTerms } from './developer-terms.ts';
import { loadNotLanguageModels } from './not-language-models.ts';
import { WEIGHT_HOSTS_SOURCE, loadWeightHosts } from './weight-hosts.ts';
import { PROVIDER_ROLES_SOURCE, loadProviderRoles } from './provider-roles.ts';
import { PROVIDER_NAMES_SOURCE, loadProviderNames } from './provider-names.ts';
import { DEPRECATION_READINGS_SOURCE, loadDeprecationReadings } from './deprecation-readings.ts';

/** The day the alias table (and the derived source) were last reviewed. */
const REVIEWED = '2026-11-21';
/**
 * The day every row of the licence table was last read against its evidence in one pass (2026-11-27, when each row's
 * conditions were filled from the licence text). Rows added or changed since carry their own day where the reading
 * has one (a stored clause's read_on, a developer-licences row's read_on); docs/data.md, "The licence table's date".
 */
export const LICENCE_TABLE_REVIEWED = '2026-11-27';

const curatedSource = (id: string, name: string, file: string, covers: string, retrieved = REVIEWED): Source => ({
  id, name, url: tableUrl(file), licence: 'facts; each row cites its evidence', kind: 'curated', retrieved, covers, counts_for_data_as_of: false,
});

export async function loadTables(projectRoot: string, roots: SourceRoots): Promise<{ tables: Tables; issues: IngestIssue[] }> {
  const curatedDir = path.join(projectRoot, 'data', 'curated');
  const issues: IngestIssue[] = [];
  const aliases = loadAliasTable(path.join(curatedDir, 'aliases.csv'));
  issues.push(...aliases.issues);
  const licences = loadLicenceTable(path.join(curatedDir, 'licences.csv'));
  const territories = loadLicenceTerritories(path.join(curatedDir, 'licence-territories.csv'));
  const devs = await loadDeveloperTable(path.join(curatedDir, 'developers.csv'));
  issues.push(...devs.issues);
  const hw = await loadHardwareConfigs(path.join(curatedDir, 'hardware-configs.csv'));
  issues.push(...hw.issues);
  const accelerators = await loadAccelerators(path.join(curatedDir, 'accelerators.csv'));
  issues.push(...accelerators.issues);
  const compute = await loadAcceleratorCompute(path.join(curatedDir, 'accelerator-compute.csv'));
  issues.push(...compute.issues, ...unusedComputeKeys(compute.compute, hw.configs.map((c) => c.accelerator_key)));
  const gguf = await loadGgufFiles(path.join(curatedDir, 'gguf-file-sizes.csv'));
  issues.push(...gguf.issues);
  const idle = await loadAcceleratorIdlePower(path.join(curatedDir, 'accelerator-idle-power.csv'));
  issues.push(...idle.issues);
  const nvlink = await loadAcceleratorNvlink(path.join(curatedDir, 'accelerator-nvlink.csv'));
  issues.push(...nvlink.issues);
  const peerFabric = await loadAcceleratorPeerFabric(path.join(curatedDir, 'accelerator-peer-fabric.csv'));
  issues.push(...peerFabric.issues);
  const products = await loadMachineProducts(path.join(curatedDir, 'machine-products.csv'));
  issues.push(...products.issues);
  const instances = await loadCloudInstances(path.join(curatedDir, 'cloud-instances.csv'));
  issues.push(...instances.issues);
  const prices = await loadMachinePrices(path.join(curatedDir, 'machine-prices.csv'));
  issues.push(...prices.issues);
  const production = await loadCardProduction(path.join(curatedDir, 'card-production.csv'));
  issues.push(...production.issues);
  const street = await loadCardStreetPrices(path.join(curatedDir, 'card-street-prices.csv'));
  issues.push(...street.issues);
  const baseboards = await loadBaseboards(path.join(curatedDir, 'accelerator-baseboards.csv'));
  issues.push(...baseboards.issues);
  const hosts = await loadHostMachines(path.join(curatedDir, 'host-machines.csv'));
  issues.push(...hosts.issues);
  const pointers = loadVersionPointers(path.join(curatedDir, 'version-pointers.csv'));
  issues.push(...pointers.issues);
  const setAsides = loadFactSetAsides(path.join(curatedDir, 'fact-set-asides.csv'));
  issues.push(...setAsides.issues);
  const heldPrices = loadHeldPrices(path.join(curatedDir, 'held-prices.csv'));
  issues.push(...heldPrices.issues);
  const billedCurrencies = loadBilledCurrencies(path.join(curatedDir, 'billed-currencies.csv'));
  issues.push(...billedCurrencies.issues);
  const offerWindows = loadOfferWindows(path.join(curatedDir, 'offer-windows.csv'));
  issues.push(...offerWindows.issues);
  const runningPromotions = loadRunningPromotions(path.join(curatedDir, 'running-promotions.csv'));
  issues.push(...runningPromotions.issues);
  const developerMaxOutput = loadDeveloperMaxOutput(path.join(curatedDir, 'developer-max-output.csv'));
  issues.push(...developerMaxOutput.issues);
  const closedDevelopers = loadClosedDevelopers(path.join(curatedDir, 'closed-developers.csv'));
  issues.push(...closedDevelopers.issues);
  const developerTerms = loadDeveloperTerms(path.join(curatedDir, 'developer-terms.csv'));
  issues.push(...developerTerms.issues);
  const notLanguageModels = loadNotLanguageModels(path.join(curatedDir, 'not-language-models.csv'));
  issues.push(...notLanguageModels.issues);
  const weightHosts = loadWeightHosts(path.join(curatedDir, 'weight-hosting-providers.csv'));
  issues.push(...weightHosts.issues);
  const providerRoles = loadProviderRoles(path.join(curatedDir, 'provider-roles.csv'));
  issues.push(...providerRoles.issues);
  const deprecationReadings = loadDeprecationReadings(path.join(curatedDir, 'deprecation-readings.csv'));
  issues.push(...deprecationReadings.issues);
  const devRows = new Map(devs.rows.map((r) => [r.id, r]));
  // models.dev's provider.toml names first; genai-prices' bundle names the providers models.dev has no file for
  // (QuickSilver Pro, Arcee, Avian, Cursor, Doubleword, Modal), which were shown by id; LiteLLM's own names
  // (provider-names.csv) the providers only LiteLLM lists (Crusoe, Hyperbolic, Nscale, Replicate...), shown by id too;
  // the same table's rows quoting a provider's own page (NVIDIA, SambaNova) come last, over every catalogue's spelling.
  const listedNames = loadProviderNames(path.join(curatedDir, 'provider-names.csv'));
  issues.push(...listedNames.issues);
  const providerNames = { ...listedNames.names, ...(await readGenaiProviderNames(roots)), ...(await readProviderNames(roots)), ...listedNames.own };

  const tables: Tables = {
    aliases: aliases.rows,
    licenceOf: (text) => normaliseLicence(licences, text),
    resolveDeveloper: (name) => resolveDeveloper(devs, name),
    developerInfo: (id) => {
      const r = devRows.get(id);
      if (!r) return undefined;
      return { name: r.name, ...(r.country ? { country: fact(r.country, DEVELOPER_TABLE_REVIEWED, DEVELOPER_TABLE_SOURCE.id) } : {}) };
    },
    buildHardware: (obs, rentals) => {
      const built = buildHardware([...obs, ...accelerators.hardware], rentals, hw.configs, compute.compute);
      return { hardware: built.hardware, issues: [...built.issues, ...withIdlePower(built.hardware, hw.configs, idle.idle),
        ...withNvlink(built.hardware, hw.configs, nvlink.nvlink), ...withPeerFabric(built.hardware, hw.configs, peerFabric.fabric),
        ...withProducts(built.hardware, hw.configs, products.rows), ...withCloudInstances(built.hardware, hw.configs, instances.rows),
        // A self-contained machine's price makes it its own host, before the host table's rows are applied.
        ...withMachinePrices(built.hardware, prices.rows), ...withCardProduction(built.hardware, hw.configs, production.rows),
        ...withCardStreetPrices(built.hardware, hw.configs, street.rows),
        ...withBaseboards(built.hardware, hw.configs, baseboards.rows),
        ...withHostMachines(built.hardware, hosts.hosts)] };
    },
    providerNames,
    ggufFiles: gguf.rows,
    licenceTerritories: territories,
    versionPointers: pointers.rows,
    factSetAsides: setAsides.rows,
    heldPrices: heldPrices.rows,
    billedCurrencies: billedCurrencies.rows,
    offerWindows: offerWindows.rows,
    runningPromotions: runningPromotions.rows,
    developerMaxOutput: developerMaxOutput.rows,
    closedDevelopers: closedDevelopers.rows,
    developerTerms: developerTerms.rows,
    notLanguageModels: notLanguageModels.rows,
    weightHosts: weightHosts.rows,
    providerRoles: providerRoles.rows,
    deprecationReadings: deprecationReadings.rows,
    machinePrices: prices.rows,
    cardStreetPrices: street.rows,
    projectSources: [
      GGUF_FILES_SOURCE,
      DEVELOPER_TABLE_SOURCE,
      HARDWARE_CONFIGS_SOURCE,
      HARDWARE_ACCELERATORS_SOURCE,
      ACCELERATOR_COMPUTE_SOURCE,
      ACCELERATOR_IDLE_SOURCE,
      ACCELERATOR_NVLINK_SOURCE,
      MACHINE_PRODUCTS_SOURCE,
      CLOUD_INSTANCES_SOURCE,
      ACCELERATOR_PEER_FABRIC_SOURCE,
      HOST_MACHINES_SOURCE,
      CLOSED_DEVELOPERS_SOURCE,
      DEVELOPER_TERMS_SOURCE,
      WEIGHT_HOSTS_SOURCE,
      PROVIDER_ROLES_SOURCE,
      PROVIDER_NAMES_SOURCE,
      DEPRECATION_READINGS_SOURCE,
      MACHINE_PRICES_SOURCE,
      CARD_PRODUCTION_SOURCE,
      CARD_STREET_PRICES_SOURCE,
      BASEBOARD_SOURCE,
      OFFER_WINDOWS_SOURCE,
      DEVELOPER_MAX_OUTPUT_SOURCE,
      curatedSource('licence-table', 'Reviewed table: licence texts, SPDX ids, OSI approval and commercial use', 'data/curated/licences.csv', 'licence normalisation',
        LICENCE_TABLE_REVIEWED),
      curatedSource('alias-table', 'Reviewed table: source identifiers matched to canonical models by exception', 'data/curated/aliases.csv', 'identifier matching exceptions'),
      curatedSource('version-pointers', 'Reviewed table: the dated snapshot an undated alias served, as its developer says',
        'data/curated/version-pointers.csv', 'dated model versions'),
      {
        id: 'derived', name: 'Model Data Service (derived)', url: tableUrl('docs/data.md'), licence: 'MIT', kind: 'derived', retrieved: REVIEWED,
        covers: 'values this service computes or states for lack of a source (e.g. residency unknown), each naming its inputs', counts_for_data_as_of: false,
      },
    ],
  };
  return { tables, issues };
}
