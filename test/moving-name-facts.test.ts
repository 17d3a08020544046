// A moving API name's record serves no fact of a model it served before: deepseek-chat and DeepSeek-V3.2's weights.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { get_model } from '../src/ops/get-model.ts';
import { committedDataset } from './committed-dataset.ts';

const ds = committedDataset();
const sheet = (id: string) => get_model.handler(ds, get_model.input.parse({ model_id: id }), { today: '2026-11-27' }) as {
  weights_url: unknown; release_date: unknown; knowledge_cutoff: unknown; parameters_total: unknown; architecture: unknown;
  context_window: { value: number } | null; missing: Array<{ field: string; reason: string }>;
  id: string; open_weights: unknown; status: { value: string } | null; shutdown_date: { value: string } | null;
  deprecation_date: { value: string } | null; replacement: { value: string } | null;
};

test("deepseek-chat: V4 Flash's window stays, V3.2's weights link, release day and cutoff are set aside and said so", () => {
  // api-docs.deepseek.com: "The model names deepseek-chat and deepseek-reasoner will be deprecated on 2026/07/24 15:59
  // UTC. For compatibility, they correspond to the non-thinking mode and thinking mode of deepseek-v4-flash"; before
  // 2026-04-24 (api-docs.deepseek.com/zh-cn/): "deepseek-chat 和 deepseek-reasoner 都已经升级为 DeepSeek-V3.2".
  // models.dev's deepseek-chat file (2026-07-02): limit.context 1_000_000 (V4 Flash's), weights DeepSeek-V3.2.
  const s = sheet('deepseek-chat');
  assert.equal(s.context_window?.value, 1_000_000);
  assert.equal(s.weights_url, null);
  assert.equal(s.release_date, null);
  assert.equal(s.knowledge_cutoff, null);
  const why = (f: string) => s.missing.find((m) => m.field === f)?.reason ?? '';
  assert.match(why('weights_url'), /^withheld: https:\/\/huggingface\.co\/deepseek-ai\/DeepSeek-V3\.2 \(models-dev\) set aside/);
  assert.match(why('release_date'), /^withheld: 2025-12-01 \(models-dev\) set aside/);
  assert.match(why('knowledge_cutoff'), /^withheld: 2025-09 \(models-dev\) set aside/);
  // Without V3.2's weights link, V3.2's 671B parameters and MLA geometry are not the name's either.
  assert.equal(s.parameters_total, null);
  assert.equal(s.architecture, null);
});

test('DeepSeek-V3.2 itself keeps its weights link and its 671B parameters', () => {
  // huggingface.co/deepseek-ai/DeepSeek-V3.2 (model-architecture.csv): 671B total, 37B activated.
  const m = ds.modelById.get('deepseek-v3.2')!;
  assert.equal(m.weights_url?.value, 'https://huggingface.co/deepseek-ai/DeepSeek-V3.2');
  assert.equal(m.parameters_total?.value, 671e9);
});

test('deepseek-chat is an API name DeepSeek retired: deprecated with its notice, never "open weights stay runnable"', () => {
  // developer-notices.csv, DeepSeek's V4 announcement: deepseek-chat and deepseek-reasoner "will be fully retired and
  // inaccessible after Jul 24th, 2026, 15:59 (UTC Time)", routing to deepseek-v4-flash until then (from 2026-04-24).
  for (const id of ['deepseek-chat', 'deepseek-reasoner']) {
    const s = sheet(id);
    // DeepSeek's 2025-08-21 news: deepseek-reasoner is the thinking mode of the model behind deepseek-chat.
    assert.equal(s.id, 'deepseek-chat', id);
    assert.equal(s.status?.value, 'deprecated', id);
    assert.equal(s.deprecation_date?.value, '2026-04-24', id);
    assert.equal(s.shutdown_date?.value, '2026-07-24', id);
    assert.equal(s.replacement?.value, 'deepseek-v4-flash', id);
    assert.equal(s.open_weights, null, id);
    assert.doesNotMatch(JSON.stringify(s), /stay runnable/, id);
  }
  const why = sheet('deepseek-chat').missing.find((m) => m.field === 'open_weights')?.reason ?? '';
  assert.match(why, /^withheld: true \(models-dev\) set aside/);
});
