// The reviewed table of cloud instances: loaded, checked, applied to the single-card configuration of each accelerator.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { aHardware } from '../dataset/fixtures.ts';
import type { HardwareConfig } from './hardware.ts';
import { loadCloudInstances, withCloudInstances } from './cloud-instances.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const HEADER = 'provider,instance_type,accelerator_key,gpu_count,listed_as,source_url,read_on,note\n';

function tableOf(body: string): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'mds-instances-')), 'cloud-instances.csv');
  writeFileSync(file, HEADER + body);
  return file;
}

test('the committed table loads whole, and Azure\'s ND H100 v5 carries 8 GPUs, not the 12 of one source', async () => {
  const { rows, issues } = await loadCloudInstances(path.resolve(here, '../../data/curated/cloud-instances.csv'));
  assert.deepEqual(issues, []);
  // huggingface.co/docs/microsoft-azure/azure-ai/hardware: Standard_ND96isr_H100_v5 | NVIDIA H100 80GB | 8 | 640 GB.
  assert.equal(rows.find((r) => r.instance_type === 'Standard_ND96isr_H100_v5')?.gpu_count, 8);
  // SkyPilot catalogs/v7/aws/vms.csv @27f67dd4: g5.12xlarge,A10G,4.0.
  assert.deepEqual(rows.filter((r) => r.instance_type === 'g5.12xlarge').map((r) => [r.accelerator_key, r.gpu_count]), [['NVIDIA A10G', 4]]);
  assert.ok(rows.every((r) => r.source_url.startsWith('https://')));
});

test('an instance listed twice (in any case) or a count past 16 is an issue naming the field, and stays out', async () => {
  const { rows, issues } = await loadCloudInstances(tableOf([
    'aws,g5.xlarge,k1,1,A10G,https://example.org/a,2026-11-27,listed',
    'aws,G5.XLARGE,k1,1,A10G,https://example.org/b,2026-11-27,the same instance in other case',
    'gcp,big-32g,k1,32,A100,https://example.org/c,2026-11-27,more than a node holds',
  ].join('\n')));
  assert.deepEqual(rows.map((r) => r.instance_type), ['g5.xlarge']);
  assert.deepEqual(issues.map((i) => [i.row, i.field]), [['big-32g', 'gpu_count'], ['G5.XLARGE', 'instance_type']]);
});

test('instances land on the first single-card configuration of their key; an unknown key is an issue', async () => {
  const { rows } = await loadCloudInstances(tableOf([
    'aws,g5.xlarge,k1,1,A10G,https://example.org/a,2026-11-27,one',
    'aws,g5.12xlarge,k1,4,A10G,https://example.org/a,2026-11-27,four',
    'aws,zz.large,nokey,1,X,https://example.org/a,2026-11-27,no such key',
  ].join('\n')));
  const four = aHardware({ id: 'card-x4', count: 4 });
  const one = aHardware({ id: 'card' });
  const configs = [{ id: 'card-x4', accelerator_key: ['k1'] }, { id: 'card', accelerator_key: ['k1'] }] as unknown as HardwareConfig[];
  const issues = withCloudInstances([four, one], configs, rows);
  assert.equal(four.cloud_instances, undefined, 'a four-card configuration carries none: the instance states its count');
  assert.deepEqual(one.cloud_instances?.value, [
    { provider: 'aws', instance_type: 'g5.xlarge', count: 1 }, { provider: 'aws', instance_type: 'g5.12xlarge', count: 4 },
  ]);
  assert.deepEqual(issues.map((i) => i.row), ['zz.large']);
});
