// Tests of the published GGUF file-size table: rows validated, one per model and quantization, attached as facts.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { aModel } from '../dataset/fixtures.ts';
import { attachGgufFiles, loadGgufFiles } from './gguf-files.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const projectTable = path.resolve(here, '../../data/curated/gguf-file-sizes.csv');
const projectModels = path.resolve(here, '../../data/dataset/models.json');

const HEADER = 'model_id,quantization,file,size_gb,source_url,read_on,note\n';
const CARD = 'https://huggingface.co/bartowski/Qwen2.5-72B-Instruct-GGUF';

function table(rows: string): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'gguf-')), 'gguf-file-sizes.csv');
  writeFileSync(file, HEADER + rows);
  return file;
}

test('a row becomes a dated, sourced fact on its model, with the file, its size and the page it was read from', async () => {
  const { rows, issues } = await loadGgufFiles(table(`m,q4_k_m,M-Q4_K_M.gguf,47.42,${CARD},2026-11-26,card table\n`));
  assert.deepEqual(issues, []);
  const model = aModel({ id: 'm' });
  assert.deepEqual(attachGgufFiles([model], rows), []);
  assert.deepEqual(model.gguf_files, [{
    value: { quantization: 'q4_k_m', file: 'M-Q4_K_M.gguf', size_gb: 47.42, url: CARD },
    as_of: '2026-11-26', source: 'gguf-file-sizes', note: 'card table',
  }]);
});

test('bad rows are issues naming the row and field, never partial facts', async () => {
  const { rows, issues } = await loadGgufFiles(table(
    `m,q4_k_s,M-Q4_K_S.gguf,40,${CARD},2026-11-26,a type the fit does not model\n` +
    `m,q8_0,M-Q8_0.gguf,-1,${CARD},2026-11-26,negative size\n` +
    `m,q6_k,M-Q6_K.bin,50,${CARD},2026-11-26,not a gguf\n` +
    `m,q5_k_m,M-Q5_K_M.gguf,50,not a url,2026-11-26,no source\n`,
  ));
  assert.deepEqual(rows, []);
  assert.deepEqual(issues.map((i) => i.field), ['quantization', 'size_gb', 'file', 'source_url']);
  assert.ok(issues.every((i) => i.source === 'gguf-file-sizes' && /line \d/.test(i.row)));
});

test('a second row for the same model and quantization is an issue and the first row is kept', async () => {
  const { rows, issues } = await loadGgufFiles(table(
    `m,q4_k_m,A.gguf,47.42,${CARD},2026-11-26,first\nm,q4_k_m,B.gguf,44,${CARD},2026-11-26,second\n`,
  ));
  assert.deepEqual(rows.map((r) => r.file), ['A.gguf']);
  assert.equal(issues.length, 1);
  assert.match(issues[0].message, /second row/);
});

test('a row for a model the dataset lacks is an issue, attached to nothing', async () => {
  const { rows } = await loadGgufFiles(table(`nope,q4_k_m,N.gguf,4,${CARD},2026-11-26,x\n`));
  const model = aModel({ id: 'm' });
  const issues = attachGgufFiles([model], rows);
  assert.equal(issues.length, 1);
  assert.equal(issues[0].field, 'model_id');
  assert.equal(model.gguf_files, undefined);
});

test('the project table loads without issues, every row names a model of the dataset, and cites an https page', async () => {
  const { rows, issues } = await loadGgufFiles(projectTable);
  assert.deepEqual(issues, []);
  assert.ok(rows.length >= 100, `${rows.length} rows`);
  const ids = new Set((JSON.parse(readFileSync(projectModels, 'utf8')) as Array<{ id: string }>).map((m) => m.id));
  for (const r of rows) {
    assert.ok(ids.has(r.model_id), `${r.model_id} is a model of the dataset`);
    assert.match(r.source_url, /^https:\/\/huggingface\.co\//, `${r.model_id} ${r.quantization}`);
  }
  // bartowski/Qwen2.5-72B-Instruct-GGUF lists Qwen2.5-72B-Instruct-Q4_K_M.gguf at 47.42GB.
  const q72 = rows.find((r) => r.model_id === 'qwen2-5-72b-instruct' && r.quantization === 'q4_k_m');
  assert.equal(q72?.size_gb, 47.42);
});
