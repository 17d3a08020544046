import assert from 'node:assert/strict';
import { test } from 'node:test';
import { withoutDeveloperLabel } from './developer-name-prefix.ts';

// The developer table as data/curated/developers.csv spells these rows: name and aliases resolve to the id.
const devs: Record<string, string> = { cohere: 'cohere', baidu: 'baidu', openai: 'openai' };
const resolve = (n: string) => devs[n.toLowerCase()];
const fact = (value: string) => ({ value, as_of: '2026-07-02', source: 'models-dev' });

test("a name opening with the model's own developer loses the label and says so", () => {
  // models.dev copies OpenRouter's display name for cohere/command-r-08-2024: "Cohere: Command R (08-2024)".
  const n = withoutDeveloperLabel(fact('Cohere: Command R (08-2024)'), 'cohere', resolve);
  assert.equal(n.value, 'Command R (08-2024)');
  assert.equal(n.source, 'models-dev');
  assert.match(n.note ?? '', /"Cohere: Command R \(08-2024\)"/);
});

test('a label naming an unknown or another developer, or a name without a label, is left as written', () => {
  assert.equal(withoutDeveloperLabel(fact('Mancer: Weaver (alpha)'), 'mancer', resolve).value, 'Mancer: Weaver (alpha)');
  assert.equal(withoutDeveloperLabel(fact('OpenAI: GPT-4'), 'cohere', resolve).value, 'OpenAI: GPT-4');
  const plain = fact('Command R');
  assert.equal(withoutDeveloperLabel(plain, 'cohere', resolve), plain);
});
