// Tests of recommend_model's first ask at a catalogue machine outside the kept verdicts' keys (use=documents at 32,768
// tokens, a context asked): the byte read from each model's least need (fit-least-need.ts) gives the pick the full fit
// gives (hostingOnMachine, which keeps nothing and assesses every model), on one card and on several.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { committedDataset } from '../../test/committed-dataset.ts';
import type { HostingPick } from './recommend-hosting.ts';
import { hostingOnMachine, hostingOnNamedMachine } from './recommend-hosting-named.ts';
import { speedFloorOf } from './recommend-speed.ts';

const ds = committedDataset();
const DOCUMENTS = speedFloorOf('documents', true);
const CHAT = speedFloorOf('chat', true);
const model = (id: string) => ds.models.find((m) => m.id === id)!;
const machine = (id: string) => ds.hardware.find((h) => h.id === id)!;
const shape = (p: HostingPick | undefined) => p && { below: p.below_floor, over: p.over_prompt_limit, q: p.fit.quantization, fit: p.fit.fit };

test('Qwen3-32B on an RTX 4090: fits at 8,192 tokens, not at the documents context, as the full fit says', () => {
  // By hand, llama.cpp on one card (usable 0.95 x 24 GiB = 24.48e9 bytes, overhead 0.75e9): the least weights tried are
  // Q4_K_M's published file, 19.76e9 bytes (bartowski/Qwen_Qwen3-32B-GGUF); the F16 cache is 2 (K and V) x 64 layers x
  // 8 KV heads x 128 x 2 bytes = 262,144 bytes a token. At 8,192 tokens: 19.76 + 2.147 + 0.75 = 22.66e9, 92.5% of the
  // usable memory: tight, at Q4_K_M (Q5_K_M's 23.21e9 would need 26.11e9). At 32,768: 19.76 + 8.59 + 0.75 = 29.10e9,
  // over 24.48e9 at every format: no pick.
  const [m, h] = [model('qwen3-32b'), machine('rtx-4090')];
  assert.equal(hostingOnNamedMachine(ds, m, h, 32_768, DOCUMENTS), undefined);
  assert.equal(hostingOnMachine(m, h, 32_768, DOCUMENTS), undefined);
  const kept = shape(hostingOnNamedMachine(ds, m, h, 8192, DOCUMENTS));
  assert.deepEqual(kept && { q: kept.q, fit: kept.fit }, { q: 'q4_k_m', fit: 'tight' });
  assert.deepEqual(kept, shape(hostingOnMachine(m, h, 8192, DOCUMENTS)));
});

test('Kimi K2 on four H200s: the cache held once a card under vLLM decides it, at 32,768 tokens as in the full fit', () => {
  // By hand, vLLM on 4 x H200 (usable 0.95 x 564 GiB = 575.31e9 bytes, overhead 4 x 0.75e9): the least weights are
  // INT4 W4A16's 1e12 x 4.51 / 8 = 563.75e9; MLA caches one latent a token, 61 layers x (512 + 64) x 2 bytes, which
  // vLLM keeps whole on every card (mla-cache.ts): 4 copies. At 32,768 tokens one copy is 2.303e9 bytes, so one card's
  // worth would fit (563.75 + 2.30 + 3 = 569.05e9) but four do not (563.75 + 9.21 + 3 = 575.96e9 > 575.31e9). At
  // 8,192 tokens four copies are 2.30e9: 569.05e9, 98.9% of the usable memory, tight.
  const [m, h] = [model('kimi-k2'), machine('h200-x4')];
  assert.equal(hostingOnNamedMachine(ds, m, h, 32_768, DOCUMENTS), undefined);
  assert.equal(hostingOnMachine(m, h, 32_768, DOCUMENTS), undefined);
  const kept = shape(hostingOnNamedMachine(ds, m, h, 8192, DOCUMENTS));
  assert.deepEqual(kept && { q: kept.q, fit: kept.fit }, { q: 'int4_w4a16', fit: 'tight' });
  assert.deepEqual(kept, shape(hostingOnMachine(m, h, 8192, DOCUMENTS)));
});

test('every catalogue machine at contexts the verdicts are not kept at: each model\'s pick is the full fit\'s', () => {
  // The byte's every value is met: no fit, fits at the floor, below it, lowered to a smaller format, over the prompt
  // limit (documents states 120 s). Whether a model is picked, and its flags, for every pair; the format written out
  // for every fifth model (writing out a fit is what the test's time goes on).
  const seen = { picked: 0, none: 0, below: 0, over: 0 };
  for (const [context, floor] of [[32_768, DOCUMENTS], [16_000, CHAT]] as const) {
    for (const h of ds.hardware) {
      ds.models.forEach((m, i) => {
        const kept = hostingOnNamedMachine(ds, m, h, context, floor);
        const full = hostingOnMachine(m, h, context, floor);
        const at = `${m.id} on ${h.id} at ${context}`;
        assert.equal(kept === undefined, full === undefined, at);
        if (!kept || !full) return void seen.none++;
        seen.picked++;
        if (kept.below_floor) seen.below++;
        if (kept.over_prompt_limit) seen.over++;
        assert.deepEqual([kept.below_floor, kept.over_prompt_limit], [full.below_floor, full.over_prompt_limit], at);
        if (i % 5 === 0) assert.equal(kept.fit.quantization, full.fit.quantization, at);
      });
    }
  }
  assert.ok(seen.picked > 1000 && seen.none > 1000 && seen.below > 0 && seen.over > 0, JSON.stringify(seen));
});
