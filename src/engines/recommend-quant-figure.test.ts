// usableFormat at the figure a named machine is read at (OWNED_FIGURE, 'batch': models_for_hardware's formats), on the
// committed dataset: the verdict from the fit's sums is the one the written-out fit gives (its `tokens_per_s` and
// `by_quantization`, as models_for_hardware states them), for every model and configuration; so a pick on a named
// machine is kept, lowered or held back in the formats the answer then states.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { DEFAULT_DATA_DIR } from '../config/env.ts';
import { fitModel } from './hardware-fit.ts';
import { OWNED_FIGURE } from './recommend-hosting.ts';
import { usableFormat, usableQuantization } from './recommend-quant.ts';
import { selfFit } from './self-hosting.ts';
import { committedDataset } from '../../test/committed-dataset.ts';

const committed = existsSync(path.join(DEFAULT_DATA_DIR, 'meta.json'));
const skip = !committed && 'no committed dataset';
/** The usable-speed floor: 238 words a minute / 60 / 0.75 words a token = 5.29 tokens/s (docs/trust-and-recommend.md). */
const FLOOR = 238 / 60 / 0.75;

test('a named machine\'s floor verdict from the sums is the written-out fit\'s, in models_for_hardware\'s formats', { skip }, () => {
  const ds = committedDataset();
  const context = 8192;
  const seen = new Set<string>();
  let fits = 0;
  for (const h of ds.hardware) {
    for (const m of ds.models) {
      let expected: string | undefined;
      if (selfFit(m, h, context, OWNED_FIGURE)) {
        fits++;
        const f = fitModel(m, h, { context, concurrency: 1, min_bits_per_weight: 4, figure: OWNED_FIGURE });
        assert.ok(f.assessable, `${m.id} on ${h.id}`);
        expected = f.tokens_per_s === null || f.tokens_per_s >= FLOOR ? 'fast' : usableQuantization(f, FLOOR)?.quantization ?? 'slow';
      }
      const got = usableFormat(m, h, context, FLOOR, OWNED_FIGURE);
      assert.equal(got, expected, `${m.id} on ${h.id}`);
      seen.add(got === undefined || got === 'fast' || got === 'slow' ? String(got) : 'lowered');
    }
  }
  // The check is not empty: the catalogue holds models that fit and read fast, that are lowered, and that do not fit.
  assert.ok(fits > 0);
  for (const kind of ['fast', 'lowered', 'undefined']) assert.ok(seen.has(kind), kind);
});
