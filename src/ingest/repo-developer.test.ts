import assert from 'node:assert/strict';
import { test } from 'node:test';
import { repoDeveloper, repoNamesModel } from './repo-developer.ts';

// Organisations as data/curated/developers.csv names them (aliases meta-llama, Qwen, microsoft, NVIDIA, Snowflake).
const ORGS: Record<string, string> = { 'meta-llama': 'meta', qwen: 'alibaba', microsoft: 'microsoft', nvidia: 'nvidia', snowflake: 'snowflake' };
const resolve = (n: string) => ORGS[n.toLowerCase()];

test('a repo named as the model names it: exact, with -Instruct, with Meta\'s -hf format tag, with the owner prefix', () => {
  assert.equal(repoNamesModel('phi-3-vision-128k-instruct', 'microsoft/Phi-3-vision-128k-instruct'), true);
  assert.equal(repoNamesModel('qwen2-vl-72b', 'Qwen/Qwen2-VL-72B-Instruct'), true);
  assert.equal(repoNamesModel('codellama-34b-instruct', 'meta-llama/CodeLlama-34b-Instruct-hf'), true);
  assert.equal(repoNamesModel('snowflake-arctic-instruct', 'Snowflake/snowflake-arctic-instruct'), true);
  assert.equal(repoNamesModel('arctic-instruct', 'Snowflake/snowflake-arctic-instruct'), true);
  // A quantization or another size is not the model's repo.
  assert.equal(repoNamesModel('qwen3-8b', 'nvidia/Qwen3-8B-NVFP4'), false);
  assert.equal(repoNamesModel('qwen2.5-vl-32b-instruct', 'Qwen/Qwen2.5-VL-32B-Instruct-AWQ'), false);
  assert.equal(repoNamesModel('qwen2-vl-7b', 'Qwen/Qwen2-VL-72B-Instruct'), false);
});

test('the developer is the known organisation whose repo is named as the model', () => {
  // The aliases of qwen2-vl-7b-instruct in models.json: the AWQ copy beside the unquantized repo, both Qwen's.
  assert.equal(repoDeveloper('qwen2-vl-7b-instruct', ['Qwen/Qwen2-VL-7B-Instruct', 'Qwen/Qwen2-VL-7B-Instruct-AWQ'], resolve), 'alibaba');
  assert.equal(repoDeveloper('phi-3-vision-128k-instruct', ['microsoft/Phi-3-vision-128k-instruct'], resolve), 'microsoft');
  // Re-uploads by organisations that are not developers, and NVIDIA's quantization, name no developer.
  assert.equal(repoDeveloper('qwen3-8b', ['unsloth/Qwen3-8B', 'TechxGenus/Qwen3-8B', 'nvidia/Qwen3-8B-NVFP4'], resolve), undefined);
  // Beside the developer's own repo, a non-developer's re-upload of the same name does not count against it.
  assert.equal(repoDeveloper('qwen3-8b', ['unsloth/Qwen3-8B', 'Qwen/Qwen3-8B'], resolve), 'alibaba');
  // Two developers' repos of one name settle nothing; nor does another brand's upload of a Qwen name.
  assert.equal(repoDeveloper('qwen3-8b', ['Qwen/Qwen3-8B', 'nvidia/Qwen3-8B'], resolve), undefined);
  assert.equal(repoDeveloper('qwen3-8b', ['nvidia/Qwen3-8B'], resolve), undefined);
  // A reseller's listing that spells a repo after its own prefix is not a repo.
  assert.equal(repoDeveloper('codellama-34b-instruct', ['together/codellama/CodeLlama-34b-Instruct-hf'], resolve), undefined);
});
