// JSON Lines read against a schema: good lines with their place, bad ones as issues naming the line.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { z } from 'zod';
import { jsonLinesOf, mainlandChinaApi, regionOfSku } from './catalogue-util.ts';
import type { IngestIssue } from './types.ts';

test('lines that fit the schema are yielded with their line; others, and lines that are not JSON, become issues', async () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'mds-jsonl-')), 'changes.jsonl');
  writeFileSync(file, ['{"date":"2026-01-02","n":1}', '', '{"date":"2026-01-03","n":"two"}', '{not json', '{"date":"2026-01-04","n":4}'].join('\n'));
  const issues: IngestIssue[] = [];
  const got: Array<[string, number]> = [];
  for await (const { where, rec } of jsonLinesOf(z.object({ date: z.string(), n: z.number() }), file, { source: 's', file: 'changes.jsonl' }, issues)) {
    got.push([where.row, rec.n]);
  }
  assert.deepEqual(got, [['line 1', 1], ['line 5', 4]]);
  assert.deepEqual(issues.map((i) => [i.file, i.row]), [['changes.jsonl', 'line 3'], ['changes.jsonl', 'line 4']]);
  assert.match(issues[0]!.message, /\(at n\)$/, 'the schema misfit names its field');
  assert.equal(issues[1]!.message, 'not valid JSON');
});

test("a listing's routing prefix names its geography, as AWS names Bedrock's cross-Region inference profiles", () => {
  // docs.aws.amazon.com/bedrock/latest/userguide/inference-profiles-support.html: the US, EU, APAC, JP and AU
  // geographies, and Global (any commercial Region). JP and AU lie in Asia-Pacific.
  assert.equal(regionOfSku('us.anthropic.claude-sonnet-4-6'), 'us');
  assert.equal(regionOfSku('bedrock/us.anthropic.claude-opus-4-8'), 'us');
  assert.equal(regionOfSku('eu.anthropic.claude-sonnet-4-6'), 'eu');
  assert.equal(regionOfSku('apac.anthropic.claude-sonnet-4-20250514-v1:0'), 'apac');
  assert.equal(regionOfSku('jp.anthropic.claude-sonnet-4-6'), 'apac');
  assert.equal(regionOfSku('au.anthropic.claude-opus-4-6-v1'), 'apac');
  assert.equal(regionOfSku('global.anthropic.claude-sonnet-4-6'), 'global');
  // Azure's data zones (`azure/us/gpt-4o`, `azure/eu/gpt-4o`); a bare id pins nothing.
  assert.equal(regionOfSku('azure/us/gpt-4o'), 'us');
  // In-Region ids by the Region's area (AWS's Region list: "US East (N. Virginia)" us-east-1, "AWS GovCloud (US-West)"
  // us-gov-west-1, "Asia Pacific (Tokyo)" ap-northeast-1, "Asia Pacific (Mumbai)" ap-south-1), as LiteLLM writes them.
  assert.equal(regionOfSku('bedrock/us-east-1/mistral.mixtral-8x7b-instruct-v0:1'), 'us');
  assert.equal(regionOfSku('us-gov-west-1/anthropic.claude-3-7-sonnet-20250219-v1:0'), 'us');
  assert.equal(regionOfSku('bedrock/ap-northeast-1/anthropic.claude-instant-v1'), 'apac');
  assert.equal(regionOfSku('bedrock/ap-south-1/meta.llama3-70b-instruct-v1:0'), 'apac');
  assert.equal(regionOfSku('bedrock/eu-central-1/anthropic.claude-instant-v1'), 'eu');
  // Canada, Sao Paulo and London (in Europe, outside the EU) have no value of their own: not guessed.
  assert.equal(regionOfSku('bedrock/ca-central-1/meta.llama3-8b-instruct-v1:0'), 'global');
  assert.equal(regionOfSku('bedrock/sa-east-1/meta.llama3-8b-instruct-v1:0'), 'global');
  assert.equal(regionOfSku('bedrock/eu-west-2/meta.llama3-8b-instruct-v1:0'), 'global');
  // A model name that looks like a Region is not one: the segment must be the whole code.
  assert.equal(regionOfSku('us-east-1-model'), 'global');
  assert.equal(regionOfSku('azure/eu/gpt-4o'), 'eu');
  assert.equal(regionOfSku('anthropic.claude-sonnet-4-6'), 'global');
  // GovCloud's profile (`us-gov.`) routes among AWS GovCloud (US) Regions, in the US.
  assert.equal(regionOfSku('us-gov.anthropic.claude-sonnet-4-5-20250929-v1:0'), 'us');
});

test('a provider whose API is mainland China\'s, by its catalogue entry: id, name or API address', () => {
  // models.dev's provider.toml files (data/sources/models.dev, 2026-07-02) and genai-prices' zhipuai.yml.
  assert.equal(mainlandChinaApi({ id: 'alibaba-cn', name: 'Alibaba (China)', api: 'https://dashscope.aliyuncs.com/compatible-mode/v1' }), true);
  assert.equal(mainlandChinaApi({ id: 'alibaba', name: 'Alibaba', api: 'https://dashscope-intl.aliyuncs.com/compatible-mode/v1' }), false);
  assert.equal(mainlandChinaApi({ id: 'minimax-cn', name: 'MiniMax (minimaxi.com)', api: 'https://api.minimaxi.com/anthropic/v1' }), true);
  assert.equal(mainlandChinaApi({ id: 'minimax', name: 'MiniMax', api: 'https://api.minimax.io/anthropic/v1' }), false);
  assert.equal(mainlandChinaApi({ id: 'tencent-coding-plan', name: 'Tencent Coding Plan (China)', api: 'https://api.lkeap.cloud.tencent.com' }), true);
  assert.equal(mainlandChinaApi({ id: 'iflowcn', name: 'iFlow', api: 'https://apis.iflow.cn/v1' }), true);
  // genai-prices gives a pattern, not an address: 'https://open\.bigmodel\.cn'.
  assert.equal(mainlandChinaApi({ id: 'zhipuai', name: 'Zhipu AI', api: 'https://open\\.bigmodel\\.cn' }), true);
  assert.equal(mainlandChinaApi({ id: 'zai', name: 'Z.AI', api: 'https://api\\.z\\.ai' }), false);
  // A `cn` inside a word is no part of the id: `cnx` is not China, nor is a host ending in `.cn.example.com`.
  assert.equal(mainlandChinaApi({ id: 'cnx-cloud', name: 'CNX', api: 'https://api.cn.example.com' }), false);
});
