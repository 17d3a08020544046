// Token counts on the pages read as their developers quote them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tokens } from './format.ts';

test('a window is written in the units its developer quotes: binary sizes in binary units, decimal ones in decimal', () => {
  // OpenAI's GPT-5 page: "400,000 context window", "128,000 max output tokens" (the sheet wrote 391k and 125k).
  assert.equal(tokens(400_000), '400k');
  assert.equal(tokens(128_000), '128k');
  // Anthropic: Claude Sonnet 4.5's 200,000-token window, 64,000 output ("200K", "64K"), not 195k and 63k.
  assert.equal(tokens(200_000), '200k');
  assert.equal(tokens(64_000), '64k');
  // Binary sizes: Llama 3.3's 131,072 (config.json max_position_embeddings) is the "128K" Meta's card states;
  // DeepSeek-V3's 163,840 is 160 x 1,024; Gemini 2.5 Pro's 1,048,576 is "1M"; Qwen3's 262,144 is 256K.
  assert.equal(tokens(131_072), '128k');
  assert.equal(tokens(163_840), '160k');
  assert.equal(tokens(1_048_576), '1M');
  assert.equal(tokens(262_144), '256k');
  // GPT-5.4's 1,050,000 is 1.05M decimal; Claude's 1,000,000 is 1M decimal (it is not 1,048,576's "1M" by rounding).
  assert.equal(tokens(1_050_000), '1.05M');
  assert.equal(tokens(1_000_000), '1M');
  // A figure in neither unit is written in full: MiniMax-01's 1,000,192 window.
  assert.equal(tokens(1_000_192), '1,000,192');
  assert.equal(tokens(512), '512');
  assert.equal(tokens(null), '—');
});
