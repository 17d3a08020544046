// The licence table's conditions rest on stored licence text: every clause a condition cites has its excerpt in
// data/curated/licence-clauses.csv (with its origin, pinned to a commit, and the excerpt's own licence), and every
// phrase a condition quotes is in the excerpts it cites, word for word.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parse } from 'csv-parse/sync';

type Row = Record<string, string>;
const read = (file: string): Row[] => parse(readFileSync(file), { columns: true }) as Row[];
const licences = read('data/curated/licences.csv');
const clauses = read('data/curated/licence-clauses.csv');

/**
 * The clauses a condition cites: its closing "(sections 2, 1.b.iv and 1.b.i of the agreement)", or for a licence whose
 * text has no numbered sections, the part it names: "(the added paragraph of the licence)" (Moonshot's modified MIT).
 */
function cited(conditions: string): string[] {
  const m = /\((?:sections |the )([^()]*(?:\([^()]*\)[^()]*)*) of the (?:agreement|public licence|licence)\)\.$/.exec(conditions);
  return m ? m[1].split(/, | and /) : [];
}
/** The phrases a condition puts in double quotes; the licence texts use typographic quotes, which compare equal. */
const quoted = (conditions: string): string[] => [...conditions.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
const plain = (s: string): string => s.replace(/[“”]/g, '"').replace(/’/g, "'");
const excerpt = (licenceId: string, clause: string): string | undefined =>
  clauses.find((c) => c.licence_id === licenceId && c.clause === clause)?.text;

/**
 * Developer pages that are not versioned at a commit but are the developer's own copy of a text: an excerpt from one
 * must give the page's own "Last modified" date in its text_licence column (Google publishes the Gemma Prohibited Use
 * Policy only on ai.google.dev; no repository of Google's holds it).
 */
const UNVERSIONED_PAGES = new Set(['https://ai.google.dev/gemma/prohibited_use_policy']);

test('each stored excerpt names a licence of the table, its origin at a commit, the day read and the licence of its text', () => {
  const ids = new Set(licences.map((l) => l.id));
  const seen = new Set<string>();
  for (const c of clauses) {
    const key = `${c.licence_id} ${c.clause}`;
    assert.ok(ids.has(c.licence_id), `${key}: no such licence id in licences.csv`);
    assert.ok(!seen.has(key), `${key} twice`);
    seen.add(key);
    if (UNVERSIONED_PAGES.has(c.url)) assert.match(c.text_licence, /not versioned at a commit; the page states "Last modified: /, key);
    else assert.match(c.url, /^https:\/\/github\.com\/[^/]+\/[^/]+\/blob\/[0-9a-f]{40}\//, `${key}: the origin is pinned to a commit`);
    assert.match(c.read_on, /^\d{4}-\d{2}-\d{2}$/);
    assert.ok(c.text.length > 40 && c.text_licence.length > 0, key);
  }
});

test('every clause a condition cites is stored, and every phrase it quotes is in those clauses', () => {
  let checked = 0;
  for (const l of licences) {
    const sections = cited(l.conditions);
    if (!sections.length) continue;
    const texts = sections.map((s) => excerpt(l.id, s));
    sections.forEach((s, i) => assert.ok(texts[i], `${l.match}: section ${s} has no stored excerpt`));
    for (const q of quoted(l.conditions)) {
      assert.ok(texts.some((t) => plain(t!).includes(q)), `${l.match}: "${q}" is not in sections ${sections.join(', ')}`);
    }
    checked++;
  }
  // The Llama 2, 3, 3.1 (two spellings), 3.2, 3.3 (two spellings) and 4 rows, CC BY-NC and CC BY-NC-SA; DeepSeek (two
  // spellings), modified MIT, Tongyi Qianwen and the MiniMax Model License; Gemma (two spellings), MiniMax's M2 and M2.1
  // modified MIT and its M2.7 non-commercial licence; Black Forest Labs' FLUX.1 [dev] Non-Commercial License.
  assert.equal(checked, 21);
});

test('the Llama naming duty is the agreements\' own: "Built with Llama" and a name beginning with "Llama"', () => {
  // meta-llama/llama-models models/llama3_3/LICENSE (cf41a52), section 1.b.i, read 2026-11-27.
  const s = excerpt('llama-3.3-community', '1.b.i')!;
  assert.match(s, /prominently display “Built with Llama” on a related website, user interface, blogpost, about page, or product documentation/);
  assert.match(s, /or a product or service \(including another AI model\) that contains any of them/);
  assert.match(s, /any outputs or results of the Llama Materials to create, train, fine tune, or otherwise improve an AI model, which is distributed or made available, you shall also include “Llama” at the beginning of any such AI model name\./);
  // meta-llama/llama3 LICENSE (2a6e3d7): Meta Llama 3 asks for "Built with Meta Llama 3", a "Llama 3" name, and bars
  // improving other large language models with its outputs (1.b.v), which no later Llama agreement says.
  assert.match(excerpt('llama-3-community', '1.b.i')!, /“Built with Meta Llama 3”.*“Llama 3” at the beginning of any such AI model name/);
  assert.match(excerpt('llama-3-community', '1.b.v')!, /^v\. You will not use the Llama Materials or any output or results of the Llama Materials to improve any other large language model/);
  assert.equal(excerpt('llama-3.3-community', '1.b.v'), undefined);
  const row = licences.find((l) => l.match === 'llama 3 community')!;
  assert.match(row.conditions, /may not be used to improve any other large language model/);
});

test('Llama 2: a copy of the agreement and a Notice file, no improving other large language models', () => {
  // meta-llama/llama LICENSE (6d4c0c2), read 2026-11-27: Llama 2 has no "Built with" display or naming duty (those
  // came with Llama 3); it asks for the agreement passed on (1.b.i), the notice kept (1.b.iii) and bars improving
  // other large language models with its outputs (1.b.v), with the 700 million user threshold of section 2.
  assert.match(excerpt('llama-2-community', '1.b.i')!, /available to a third party, you shall provide a copy of this Agreement to such third party\.$/);
  assert.match(excerpt('llama-2-community', '1.b.iii')!, /within a "Notice" text file/);
  assert.match(excerpt('llama-2-community', '1.b.v')!, /to improve any other large language model \(excluding Llama 2 or derivative works thereof\)\.$/);
  assert.match(excerpt('llama-2-community', '2')!, /is greater than 700 million monthly active users in the preceding calendar month/);
  const row = licences.find((l) => l.id === 'llama-2-community')!;
  assert.doesNotMatch(row.conditions, /Built with/);
  assert.equal(row.commercial_use, 'true');
});

test('CC BY-NC: the grant is for NonCommercial purposes only, as the legal code defines them', () => {
  // creativecommons/cc-legal-tools-data docs/licenses/by-nc/4.0/legalcode.en.html (019dfef), sections 1(i) and 2(a)(1).
  assert.match(excerpt('cc-by-nc-4.0', '1(i)')!, /^NonCommercial means not primarily intended for or directed towards commercial advantage or monetary compensation\./);
  assert.match(excerpt('cc-by-nc-4.0', '2(a)(1)')!, /reproduce and Share the Licensed Material, in whole or in part, for NonCommercial purposes only/);
  // BY-NC-SA: the definition is its section 1(k) (two more definitions come first), and ShareAlike is 3(b)(1).
  assert.equal(excerpt('cc-by-nc-sa-4.0', '1(k)'), excerpt('cc-by-nc-4.0', '1(i)'));
  assert.match(excerpt('cc-by-nc-sa-4.0', '3(b)(1)')!, /or a BY-NC-SA Compatible License\.$/);
  for (const id of ['cc-by-nc-4.0', 'cc-by-nc-sa-4.0']) {
    assert.equal(licences.find((l) => l.id === id)?.commercial_use, 'false', `${id}: no commercial use`);
  }
});

test('DeepSeek: use-based restrictions every user must follow and pass on, fully automated decisions among them', () => {
  // deepseek-ai/DeepSeek-V3 LICENSE-MODEL (9b4e978; the file unchanged since 4c2fdb8, 2024-12-26), read 2026-11-28:
  // paragraph 5 binds "all of Your users"; 4.a makes the restrictions "an enforceable provision" of any agreement governing
  // use or distribution; 4.b gives every third-party recipient "a copy of this License"; Attachment A lists eleven uses,
  // the eighth "For fully automated decision making that adversely impacts an individual’s legal rights ...".
  assert.match(excerpt('deepseek', '5')!, /You shall require all of Your users who use the Model or a Derivative of the Model to comply with the terms of this paragraph \(paragraph 5\)\.$/);
  assert.match(excerpt('deepseek', '4.a')!, /^a\. Use-based restrictions as referenced in paragraph 5 MUST be included as an enforceable provision/);
  assert.match(excerpt('deepseek', '4.b')!, /^b\. You must give any Third Party recipients of the Model or Derivatives of the Model a copy of this License;$/);
  const attachment = excerpt('deepseek', 'Attachment A')!;
  assert.equal(attachment.split(' - ').length - 1, 11, 'eleven restricted uses');
  assert.match(attachment, /- For fully automated decision making that adversely impacts an individual’s legal rights or otherwise creates or modifies a binding, enforceable obligation;/);
  assert.match(attachment, /- For military use in any way;/);
  const row = licences.find((l) => l.match === 'deepseek')!;
  assert.equal(row.commercial_use, 'true', 'hosting for third parties is granted (paragraph 4: "You may host for Third Party remote access purposes")');
  assert.match(row.conditions, /fully automated decision making/);
});

test('modified MIT (Moonshot Kimi K2): the one added paragraph, 100M MAU or USD 20M a month, "Kimi K2" displayed', () => {
  // MoonshotAI/Kimi-K2 LICENSE (c6157be; the file unchanged since d778e27, 2025-07-11), read 2026-11-28, its last paragraph.
  const s = excerpt('modified-mit', 'added paragraph')!;
  assert.match(s, /^Our only modification part is that, if the Software \(or any derivative works thereof\) is used for any of your commercial products or services/);
  assert.match(s, /more than 100 million monthly active users, or more than 20 million US dollars \(or equivalent in other currencies\) in monthly revenue, you shall prominently display "Kimi K2" on the user interface of such product or service\.$/);
  // The row is Moonshot's text: MiniMax's and Mistral's "modified MIT" are rows of their own (below).
  assert.match(licences.find((l) => l.id === 'modified-mit')!.conditions, /^Moonshot AI's Kimi K2 licence adds one paragraph to MIT/);
});

test('Tongyi Qianwen: 100M MAU commercial threshold, no improving other LLMs, the Notice file', () => {
  // QwenLM/Qwen "Tongyi Qianwen LICENSE AGREEMENT" (2df8e8a; added in e8e1596, 2023-11-30, when LICENSE became the code's
  // Apache 2.0), read 2026-11-28: sections 4, 5.b and 3.c.
  assert.match(excerpt('qianwen', '4')!, /^If you are commercially using the Materials, and your product or service has more than 100 million monthly active users, You shall request a license from Us\./);
  assert.match(excerpt('qianwen', '5.b')!, /to improve any other large language model \(excluding Tongyi Qianwen or derivative works thereof\)\.$/);
  assert.match(excerpt('qianwen', '3.c')!, /within a "Notice" text file/);
  assert.match(licences.find((l) => l.id === 'qianwen')!.evidence_url, /Tongyi%20Qianwen%20LICENSE%20AGREEMENT$/, 'not LICENSE, which is Apache 2.0 now');
});

test('MiniMax Model License (MiniMax-01): a grant with no threshold, a prohibited-uses policy, the Notice file', () => {
  // MiniMax-AI/MiniMax-01 LICENSE-MODEL (57cf223; last changed cfaa416, 2025-02-20), read 2026-11-28: section 2.a grants
  // use, reproduction, distribution and modification with no user or revenue threshold; the policy's item 8 is the
  // fully automated decision-making restriction, item 2 the military one.
  assert.match(excerpt('minimax-model', '2.a')!, /royalty-free limited license .* to use, reproduce, distribute, copy, create derivative works of, and make modifications to the Model Materials\.$/);
  assert.doesNotMatch(excerpt('minimax-model', '2.a')!, /monthly active users|revenue/);
  const policy = excerpt('minimax-model', 'Prohibited Uses Policy')!;
  assert.match(policy, /2\. Assist with, engage in or otherwise support any military purpose\./);
  assert.match(policy, /8\. Conduct fully automated decision-making that adversely affects an individual’s legal rights/);
  assert.match(excerpt('minimax-model', '2.b.ii')!, /within a “Notice” text file/);
  assert.equal(licences.find((l) => l.id === 'minimax-model')?.commercial_use, 'true');
});

test('MiniMax\'s modified MIT paragraphs differ from Moonshot\'s and from each other: M2 has a threshold, M2.1 none', () => {
  // MiniMax-AI/MiniMax-M2 LICENSE (a01f06a, 2025-11-13), read 2026-11-28: "more than 100 million monthly active users,
  // or more than 30 million US dollars ... in annual recurring revenue" (Moonshot's: 20 million a month), "MiniMax M2".
  const m2 = excerpt('modified-mit-minimax-m2', 'added paragraph')!;
  assert.match(m2, /more than 100 million monthly active users, or more than 30 million US dollars \(or equivalent in other currencies\) in annual recurring revenue, you shall prominently display “MiniMax M2” on the user interface/);
  // MiniMax-AI/MiniMax-M2.1 LICENSE (added ea93fc4, 2025-12-22; unchanged at a878624): any commercial product or service.
  const m21 = excerpt('modified-mit-minimax-m2.1', 'added paragraph')!;
  assert.match(m21, /is used for any of your commercial products or services, you shall prominently display “MiniMax M2\.1”/);
  assert.doesNotMatch(m21, /monthly active users|revenue/);
  for (const id of ['modified-mit-minimax-m2', 'modified-mit-minimax-m2.1']) {
    const row = licences.find((l) => l.id === id)!;
    assert.equal(row.commercial_use, 'true', id);
    assert.doesNotMatch(row.conditions, /Kimi K2/, `${id}: not Moonshot's paragraph`);
  }
});

test('MiniMax M2.7: commercial use needs MiniMax\'s written authorization; non-profits may use it for research or education', () => {
  // MiniMax-AI/MiniMax-M2.7 LICENSE (1e267c3, 2026-04-15), read 2026-11-28: its heading "NON-COMMERCIAL LICENSE";
  // section 3 prohibits Commercial Use without "a separate, prior written authorization from MiniMax"; section 4's
  // definition names "the commercial use of APIs"; section 5 lists the permitted free uses.
  assert.match(excerpt('minimax-m2.7-non-commercial', '3')!, /^3\. Any Commercial Use of the Software or any derivative work thereof is prohibited without obtaining a separate, prior written authorization from MiniMax\./);
  assert.match(excerpt('minimax-m2.7-non-commercial', '4')!, /\(ii\) the commercial use of APIs provided by or for the Software or its derivatives/);
  assert.match(excerpt('minimax-m2.7-non-commercial', '5')!, /\(b\) use by non-profit organizations, academic institutions, and researchers for non-commercial research or educational purposes;/);
  const row = licences.find((l) => l.id === 'minimax-m2.7-non-commercial')!;
  assert.equal(row.commercial_use, 'false');
  assert.equal(row.osi_approved, 'false');
});

test('Mistral\'s modified MIT (Devstral 2, Mistral Medium 3.5): named by Mistral, its text not read, nothing established', () => {
  // mistralai/platform-docs-public (222f4ba9) devstral-2-25-12.ts and mistral-medium-3-5-26-04.ts: license 'Modified MIT',
  // the text on Hugging Face, not read. Commercial use unknown (blank), no conditions, and no stored clause: Moonshot's
  // paragraph must not stand in for Mistral's.
  const row = licences.find((l) => l.id === 'modified-mit-mistral')!;
  assert.equal(row.commercial_use, '');
  assert.equal(row.conditions, '');
  assert.equal(clauses.filter((c) => c.licence_id === 'modified-mit-mistral').length, 0);
});

test('Gemma: the Prohibited Use Policy as Google\'s page gives it, the unlicensed practice of medicine among its bars', () => {
  // https://ai.google.dev/gemma/prohibited_use_policy ("Last modified: February 21, 2024"), read 2026-11-28, item 2.2:
  // "Engagement in the illegal or unlicensed practice of any vocation or profession including, but not limited to,
  // legal, medical, accounting, or financial professional practices."
  const policy = excerpt('gemma', 'Prohibited Use Policy')!;
  assert.match(policy, /^You may not use nor allow others to use Gemma or Model Derivatives to:/);
  assert.match(policy, /2\. Engagement in the illegal or unlicensed practice of any vocation or profession including, but not limited to, legal, medical, accounting, or financial professional practices\./);
  const row = licences.find((l) => l.match === 'gemma')!;
  assert.equal(row.commercial_use, 'true');
  assert.match(row.conditions, /\(the Prohibited Use Policy of the licence\)\.$/);
});

test('FLUX.1 [dev] Non-Commercial License: non-commercial use only, outputs usable commercially but not to train a rival', () => {
  // black-forest-labs/flux model_licenses/LICENSE-FLUX1-dev at 474dc42 (v1.1.1), read 2026-11-28: 2.b "You may only
  // access, use, Distribute, or create Derivatives of the FLUX.1 [dev] Model or Derivatives for Non-Commercial
  // Purposes."; 2.d "You may use Output for any purpose (including for commercial purposes), except as expressly
  // prohibited herein."
  assert.match(excerpt('flux-1-dev-non-commercial', '2.b')!, /for Non-Commercial Purposes\.  If you want to use .* such as for a commercial activity, you must request a license from Company/);
  assert.match(excerpt('flux-1-dev-non-commercial', '2.d')!, /You may use Output for any purpose \(including for commercial purposes\)/);
  const row = licences.find((l) => l.id === 'flux-1-dev-non-commercial')!;
  assert.deepEqual([row.osi_approved, row.commercial_use], ['false', 'false']);
  assert.match(row.conditions, /\(sections 2\.b and 2\.d of the licence\)\.$/);
});
