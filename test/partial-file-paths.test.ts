// Partial answers name no file of the service: a free-tier reader is told the source (listed in `sources`) or the
// service's method, never a path of a table the reader cannot open.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../src/config/env.ts';
import { ServiceError } from '../src/errors/catalog.ts';
import { OPERATIONS } from '../src/ops/registry.ts';
import { createExecutor } from '../src/surfaces/execute.ts';
import { validateInput } from '../src/surfaces/validate.ts';
import { sampleInputs } from '../bench/answers.ts';
import { datasetDataAtScale, freshDataset, readRawDataset } from '../bench/synthetic.ts';

/** A `.csv` or `.json` file, with the folders before it and a name that may hold one space (`data/Hardware prices.csv`). */
const FILE = /(?:[\w.-]+\/)*[\w.-]+(?: [\w.-]+)?\.(?:csv|json)(?![\w-])/g;
/** A URL is a page of the source (a table in its own repository on GitHub), the attribution the tier carries. */
const URL = /(?:https?:\/\/|urn:)\S+/g;
/**
 * `config.json` alone is the model checkpoint's own file on Hugging Face (the publication the architecture is read
 * from, as "config.json architecture" in llmfit's name), not a file of the service.
 */
const PUBLICATION_FILES = new Set(['config.json']);

/** Every string of an answer but its `sources` list (id, name and URL of each source: the attribution itself). */
function texts(v: unknown, path: string, out: Array<{ path: string; text: string }>): void {
  if (typeof v === 'string') out.push({ path, text: v });
  else if (Array.isArray(v)) v.forEach((x, i) => texts(x, `${path}[${i}]`, out));
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) if (!(path === '' && k === 'sources')) texts(x, `${path}.${k}`, out);
  }
}

test('no partial answer of the bench answer set names a .csv or .json path of its own', () => {
  const ds = freshDataset(datasetDataAtScale(readRawDataset(DEFAULT_DATA_DIR), 1));
  const executor = createExecutor({
    dataset: ds, access: undefined as never, baseUrl: 'http://127.0.0.1:8080', today: () => '2026-11-25', cacheEntries: 0,
  });
  const byName = new Map(OPERATIONS.map((o) => [o.name, o]));
  const named = new Map<string, string>();
  let served = 0;
  for (const { op, input } of sampleInputs(ds, 200)) {
    const o = byName.get(op)!;
    let body: Buffer;
    try {
      body = executor.run(o, validateInput(o, input), false).bytes;
    } catch (e) {
      if (e instanceof ServiceError) continue;
      throw e;
    }
    served++;
    const out: Array<{ path: string; text: string }> = [];
    texts(JSON.parse(body.toString('utf8')), '', out);
    for (const { path, text } of out) {
      for (const m of text.replace(URL, '').matchAll(FILE)) {
        if (!PUBLICATION_FILES.has(m[0])) named.set(`${op} ${path.replace(/\[\d+\]/g, '[]')}: ${m[0]}`, text);
      }
    }
  }
  // The set is the bench's: every registry example, the extremes and 200 inputs of each operation's stream.
  assert.ok(served > 1000, `${served} partial answers served`);
  assert.deepEqual([...named.keys()], [], [...named].slice(0, 5).map(([k, t]) => `${k}\n  ${t}`).join('\n'));
});
