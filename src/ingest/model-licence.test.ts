// Tests of a model's licence choice: the best tier, then the newest statement; an unnamed label never hides a named one.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Licence } from '../schema/index.ts';
import type { ModelObservation } from '../sources/types.ts';
import { pickLicence } from './model-licence.ts';

const L = (id: string, name: string): Licence => ({ id, name, osi_approved: false, commercial_use: null });
const TABLE: Record<string, Licence> = {
  proprietary: L('proprietary', 'Proprietary'), 'kimi k3 license': L('kimi-k3', 'Kimi K3 License'),
  mit: L('mit', 'MIT License'), open: L('open-unspecified', 'Open weights, licence not named'),
};
const at = (source_model_id: string, licence_text: string, as_of: string, tier = 3, source = 'lmarena') =>
  ({ obs: { source, source_model_id, licence_text, as_of } as ModelObservation, tier, authoritative: true });

test('the newest leaderboard label wins over an older one, whatever the variant is called', () => {
  const unknown = new Set<string>();
  // kimi-k3 "Proprietary" last seen 2026-07-21; kimi-k3-max "Kimi K3 license" seen to 2026-08-19.
  const f = pickLicence([at('kimi-k3', 'Proprietary', '2026-07-21'), at('kimi-k3-max', 'Kimi K3 license', '2026-08-19')], (t) => TABLE[t.toLowerCase()], unknown);
  assert.deepEqual([f?.value.id, f?.as_of], ['kimi-k3', '2026-08-19']);
});

test('the developer\'s catalogue entry outranks a newer leaderboard label; "open" does not hide MIT; unknown texts are collected', () => {
  const unknown = new Set<string>();
  const look = (t: string) => TABLE[t.toLowerCase()];
  const dev = pickLicence([at('m', 'MIT', '2025-01-01', 1, 'models-dev'), at('m', 'Proprietary', '2026-01-01')], look, unknown);
  assert.equal(dev?.value.id, 'mit');
  const open = pickLicence([at('m', 'MIT', '2025-01-01'), at('m-2', 'open', '2026-01-01'), at('m-3', 'Odd Licence', '2026-02-01')], look, unknown);
  assert.equal(open?.value.id, 'mit');
  assert.deepEqual([...unknown], ['odd licence']);
});

test('Llama 4 Scout: the catalogue\'s "Llama 4" wins over the newer unversioned "Llama" of the leaderboard', () => {
  const unknown = new Set<string>();
  const table: Record<string, Licence> = {
    llama: L('llama-community', 'Llama Community License (version not stated)'),
    'llama 4': L('llama-4-community', 'Llama 4 Community License Agreement'),
  };
  // LMArena wrote "Llama" for llama-4-scout-17b-16e-instruct on 2026-08-19; its catalogue "Llama 4" on 2025-12-17.
  const f = pickLicence(
    [at('llama-4-scout-17b-16e-instruct', 'Llama', '2026-08-19'), at('llama-4-scout', 'Llama 4', '2025-12-17', 3, 'lmarena-arena-catalog')],
    (t) => table[t.toLowerCase()], unknown,
  );
  assert.deepEqual([f?.value.id, f?.source, f?.as_of], ['llama-4-community', 'lmarena-arena-catalog', '2025-12-17']);
  // Alone, the unversioned label still names the licence family.
  const only = pickLicence([at('llama-4-scout-17b-16e-instruct', 'Llama', '2026-08-19')], (t) => table[t.toLowerCase()], unknown);
  assert.equal(only?.value.id, 'llama-community');
});

test('Cohere Labs\' unversioned "CC-BY-NC" yields to a statement of CC BY-NC 4.0 at the same tier, and stands alone', () => {
  const unknown = new Set<string>();
  const table: Record<string, Licence> = {
    'cc-by-nc': L('cc-by-nc', 'Creative Commons Attribution-NonCommercial (version not stated)'),
    'cc-by-nc-4.0': L('cc-by-nc-4.0', 'Creative Commons Attribution-NonCommercial 4.0 International'),
  };
  const look = (t: string) => table[t.toLowerCase()];
  // Newest first would pick the card's "CC-BY-NC" (2026-11-29); the older front matter's cc-by-nc-4.0 names the version.
  const f = pickLicence([at('c4ai-aya-vision-32b', 'CC-BY-NC', '2026-11-29', 0, 'developer-licences'),
    at('CohereLabs/aya-vision-32b', 'cc-by-nc-4.0', '2026-08-19', 0, 'model-architecture')], look, unknown);
  assert.equal(f?.value.id, 'cc-by-nc-4.0');
  const only = pickLicence([at('c4ai-aya-vision-32b', 'CC-BY-NC', '2026-11-29', 0, 'developer-licences')], look, unknown);
  assert.equal(only?.value.id, 'cc-by-nc');
});

test('a reviewed row of the developer\'s page speaks first and carries the page and the words quoted, as a field and as the note', () => {
  const unknown = new Set<string>();
  const table: Record<string, Licence> = { ...TABLE, 'apache 2.0': L('apache-2.0', 'Apache License 2.0') };
  // data/curated/developer-licences.csv, mistral-7b: the page, the day read and the words quoted.
  const page = { url: 'https://huggingface.co/mistralai/Mistral-7B-v0.1', quote: 'License: apache-2.0', read_on: '2026-11-27' };
  // A leaderboard's newer label for another licence stays below the tier-0 row (src/ingest/placed.ts).
  const row = { obs: { source: 'developer-licences', source_model_id: 'mistral-7b', licence_text: 'Apache 2.0', licence_page: page,
    as_of: '2026-11-27' } as ModelObservation, tier: 0, authoritative: true };
  const f = pickLicence([at('mistral-7b', 'Proprietary', '2026-12-01'), row], (t) => table[t.toLowerCase()], unknown);
  assert.deepEqual([f?.value.id, f?.source, f?.evidence_page], ['apache-2.0', 'developer-licences', page]);
  assert.equal(f?.note, 'https://huggingface.co/mistralai/Mistral-7B-v0.1, read 2026-11-27: "License: apache-2.0"');
  // A label from any other source has no page and no note.
  const other = pickLicence([at('m', 'MIT', '2025-01-01')], (t) => table[t.toLowerCase()], unknown);
  assert.deepEqual([other?.note, other?.evidence_page], [undefined, undefined]);
});

test('every source whose current label names another licence is kept in conflicts, whatever its tier', () => {
  const unknown = new Set<string>();
  const table: Record<string, Licence> = {
    ...TABLE, 'apache 2.0': L('apache-2.0', 'Apache License 2.0'),
    'minimax m2 modified mit': L('modified-mit-minimax-m2', 'Modified MIT License (MiniMax M2)'),
  };
  const look = (t: string) => table[t.toLowerCase()];
  // MiniMax-M2: MiniMax's LICENSE (a reviewed row, tier 0) is MIT with MiniMax's paragraph; LMArena's text leaderboard
  // of 2026-08-19 labels minimax-m2 "Apache 2.0" (tier 3). The row wins; LMArena's label stays visible.
  const row = { obs: { source: 'developer-licences', source_model_id: 'minimax-m2', licence_text: 'MiniMax M2 Modified MIT',
    licence_page: { url: 'https://github.com/MiniMax-AI/MiniMax-M2/blob/main/LICENSE', quote: 'q', read_on: '2026-11-28' }, as_of: '2026-11-28' } as ModelObservation, tier: 0, authoritative: true };
  const f = pickLicence([row, at('minimax-m2', 'Apache 2.0', '2026-08-19')], look, unknown);
  assert.equal(f?.value.id, 'modified-mit-minimax-m2');
  assert.deepEqual(f?.conflicts?.map((c) => [c.source, c.value.id, c.as_of]), [['lmarena', 'apache-2.0', '2026-08-19']]);
  // A source agreeing from a lower tier corroborates; "open" names no licence and contradicts none.
  const agree = pickLicence([row, at('minimax-m2', 'MiniMax M2 Modified MIT', '2026-08-19'),
    at('minimax-m2', 'open', '2025-12-17', 3, 'lmarena-arena-catalog')], look, unknown);
  assert.deepEqual([agree?.conflicts, agree?.corroborated_by], [undefined, ['lmarena']]);
});

test('a source\'s older label is history, not a conflict; an unversioned "Llama" does not contradict a Llama agreement', () => {
  const unknown = new Set<string>();
  const table: Record<string, Licence> = {
    ...TABLE, llama: L('llama-community', 'Llama (version not stated)'), 'llama 4': L('llama-4-community', 'Llama 4'),
  };
  const look = (t: string) => table[t.toLowerCase()];
  // Kimi K3: "Proprietary" to 2026-07-21, then "Kimi K3 license" on LMArena; the arena catalogue's older "Proprietary"
  // is that source's current word, so it alone disagrees.
  const k3 = pickLicence([at('kimi-k3', 'Proprietary', '2026-07-21'), at('kimi-k3-max', 'Kimi K3 license', '2026-08-19'),
    at('kimi-k3', 'Proprietary', '2025-12-17', 3, 'lmarena-arena-catalog')], look, unknown);
  assert.equal(k3?.value.id, 'kimi-k3');
  assert.deepEqual(k3?.conflicts?.map((c) => [c.source, c.value.id]), [['lmarena-arena-catalog', 'proprietary']]);
  // Llama 4 Scout: the catalogue's "Llama 4" is chosen; LMArena's later "Llama" names the family and is no conflict.
  const scout = pickLicence([at('llama-4-scout', 'Llama', '2026-08-19'), at('llama-4-scout', 'Llama 4', '2025-12-17', 3,
    'lmarena-arena-catalog')], look, unknown);
  assert.deepEqual([scout?.value.id, scout?.conflicts], ['llama-4-community', undefined]);
  // But "Llama" against MIT is a disagreement.
  const mit = pickLicence([at('m', 'MIT', '2025-01-01', 1, 'models-dev'), at('m', 'Llama', '2026-08-19')], look, unknown);
  assert.deepEqual(mit?.conflicts?.map((c) => [c.source, c.value.id]), [['lmarena', 'llama-community']]);
});
