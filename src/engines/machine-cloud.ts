// Cloud instance types (`g5.xlarge`, `a2-highgpu-1g`, `Standard_ND96amsr_A100_v4`) read as the GPUs they carry.
import type { Dataset } from '../dataset/dataset.ts';
import type { CloudInstance, Hardware } from '../schema/index.ts';
import { countedConfiguration } from './machine-build.ts';
import { perDataset } from './per-dataset.ts';

export type InstanceNamed = { instance: CloudInstance; card: Hardware; said: string };

const PROVIDER_NAMES: Readonly<Record<CloudInstance['provider'], string>> = { aws: 'AWS', gcp: 'Google Cloud', azure: 'Azure' };

/**
 * Words that may stand beside an instance name without naming anything else (`an AWS g5.xlarge instance`). Any other
 * word leaves the text to the device reader: `g5.xlarge with 4090` is not an instance alone.
 */
const BESIDE = new Set([
  'a', 'an', 'the', 'my', 'our', 'on', 'one', 'instance', 'instances', 'vm', 'node', 'machine', 'server', 'cloud', 'type',
  'aws', 'amazon', 'ec2', 'gcp', 'google', 'gce', 'compute', 'engine', 'azure', 'microsoft',
]);

/** Each instance type, lower-cased, with the single-card configuration that carries it (`cloud_instances`). */
const instanceIndex = perDataset((ds: Dataset): ReadonlyMap<string, { instance: CloudInstance; card: Hardware }> => {
  const out = new Map<string, { instance: CloudInstance; card: Hardware }>();
  for (const h of ds.hardware) for (const i of h.cloud_instances?.value ?? []) out.set(i.instance_type.toLowerCase(), { instance: i, card: h });
  return out;
});

/** The instance types the dataset reads (for the pre-filter of texts that may name a machine). */
export const instanceTypes = (ds: Dataset): Iterable<string> => instanceIndex(ds).keys();

/** The instance a text names, alone or beside words such as `AWS` and `instance`; undefined otherwise. */
export function cloudInstanceNamed(ds: Dataset, text: string): InstanceNamed | undefined {
  const index = instanceIndex(ds);
  const tokens = text.trim().toLowerCase().split(/[\s,;:()"']+/).map((t) => t.replace(/[.!?]+$/, '')).filter(Boolean);
  const hits = tokens.filter((t) => index.has(t));
  if (hits.length !== 1 || tokens.some((t) => !index.has(t) && !BESIDE.has(t))) return undefined;
  const { instance, card } = index.get(hits[0])!;
  return { instance, card, said: instance.instance_type };
}

/**
 * The configuration an instance stands for: its card when it carries one, else the catalogued configuration of that
 * many of the card (`p5.48xlarge`: h100-80gb-x8), else that many built from the card (`g6e.12xlarge`: 4 x L40S).
 */
export function instanceConfiguration(ds: Dataset, named: InstanceNamed): { hardware: Hardware; built: boolean } {
  const { card, instance } = named;
  if (instance.count === 1) return { hardware: card, built: false };
  const catalogued = ds.hardware.find((h) => h.accelerator === card.accelerator && h.count === instance.count);
  return catalogued ? { hardware: catalogued, built: false } : { hardware: countedConfiguration(card, instance.count), built: true };
}

/** `AWS g5.xlarge carries 1 x NVIDIA A10G (a reviewed table of cloud instances, from SkyPilot's catalogue)`. */
export function instanceSentence(named: InstanceNamed): string {
  const { instance, card } = named;
  // The table's sources name an A100 or H100 without its form; the catalogue holds the SXM module for cloud nodes.
  const form = /\bSXM/.test(card.accelerator) ? '; the sources name the GPU without its form: read as the SXM module catalogued' : '';
  const cloud = PROVIDER_NAMES[instance.provider];
  // The dataset holds no cloud's price for an instance: a rent shown is a GPU-rental provider's for the configuration.
  const rent = `; the instance is read as its GPUs only: any rent shown is the named GPU-rental provider's price for that `
    + `configuration, not ${cloud}'s rate for ${instance.instance_type}, which the dataset does not hold`;
  return `${cloud} ${instance.instance_type} carries ${instance.count} x ${card.accelerator} `
    + `(a reviewed table of cloud instances; the host's CPU and RAM are not modelled${form}${rent})`;
}
