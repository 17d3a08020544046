// Change feeds: the elements the W3C feed validator requires of Atom 1.0 (RFC 4287) and JSON Feed 1.1's required
// fields, filters validated as get_model_changes validates them, one request of quota each.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { XMLParser } from 'fast-xml-parser';
import { testAccess, testApp } from '../../../test/helpers.ts';
import type { ChangeEvent } from '../../schema/index.ts';
import { aDataset, aModel, aSource, f } from '../../dataset/fixtures.ts';

const event = (id: string, date: string, over: Partial<ChangeEvent> = {}): ChangeEvent => ({
  id, date, model_id: 'alpha-7b', kind: 'price', field: 'input', provider: 'acme', old: 2, new: 1.5, source: 'test-source', correction: false, ...over,
});
const dataset = () => aDataset({
  data_as_of: '2026-08-01',
  sources: [aSource()],
  models: [aModel({ id: 'alpha-7b', name: f('Alpha 7B') }), aModel({ id: 'beta-70b', name: f('Beta 70B') })],
  changes: [
    event('00000000000000a1', '2026-07-20', { provider_model_ids: ['eu.alpha-7b-v1', 'us.alpha-7b-v1'] }),
    event('00000000000000a2', '2026-07-25', { kind: 'elo', field: 'rating', provider: undefined, leaderboard: 'text', old: 1300, new: 1310, model_id: 'beta-70b' }),
    event('00000000000000a3', '2026-06-01', { old: 3, new: 2 }),
  ],
});
// 2026-08-01 is both the data's last day and "today": the feeds end there by default.
const app = (access = testAccess()) => testApp({ dataset: dataset(), access, today: () => '2026-08-01' });
/** An Atom text construct as parsed: a string, or `#text` beside its `type` attribute. */
const text = (t: unknown): string => (typeof t === 'string' ? t : String((t as Record<string, unknown>)['#text'] ?? ''));
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', isArray: (name) => ['entry', 'link'].includes(name) });

test('Atom: feed id, title, updated, author, self link; entries with tag: ids, titles and RFC 3339 dates, newest first', async () => {
  const a = app();
  const r = await a.inject({ url: '/api/v1/changes/feed.xml' });
  assert.equal(r.statusCode, 200);
  assert.match(String(r.headers['content-type']), /^application\/atom\+xml/);
  const doc = xml.parse(r.body);
  const feed = doc.feed;
  assert.equal(feed['@_xmlns'], 'http://www.w3.org/2005/Atom');
  assert.match(feed.id, /^tag:localhost,2026:changes$/);
  assert.ok(text(feed.title).length > 0);
  assert.match(feed.updated, RFC3339);
  assert.equal(feed.updated.slice(0, 10), '2026-07-25', 'updated: the newest entry');
  assert.ok(feed.author.name);
  const self = feed.link.find((l: Record<string, string>) => l['@_rel'] === 'self');
  assert.equal(self['@_href'], 'http://localhost:8080/api/v1/changes/feed.xml');
  assert.deepEqual(feed.entry.map((e: { id: string }) => e.id), [
    'tag:localhost,2026:change:00000000000000a2', 'tag:localhost,2026:change:00000000000000a1', 'tag:localhost,2026:change:00000000000000a3',
  ]);
  for (const e of feed.entry) {
    assert.match(e.updated, RFC3339);
    assert.ok(text(e.title).length > 0);
    assert.ok(e.link[0]['@_href'].startsWith('http://localhost:8080/api/v1/models/'));
  }
  assert.match(text(feed.entry[1].title), /Alpha 7B at acme: input 2 → 1\.5/);
  await a.close();
});

test('JSON Feed 1.1: version, title, items with ids; filters by kind and model; self link names the filters', async () => {
  const a = app();
  const r = await a.inject({ url: '/api/v1/changes/feed.json?kind=price&model=alpha-7b' });
  assert.equal(r.statusCode, 200);
  assert.match(String(r.headers['content-type']), /^application\/feed\+json/);
  const j = r.json();
  assert.equal(j.version, 'https://jsonfeed.org/version/1.1');
  assert.ok(j.title);
  assert.equal(j.feed_url, 'http://localhost:8080/api/v1/changes/feed.json?kind=price&model=alpha-7b');
  assert.deepEqual(j.items.map((i: { id: string }) => i.id), ['tag:localhost,2026:change:00000000000000a1', 'tag:localhost,2026:change:00000000000000a3']);
  assert.equal(j.items[0].date_modified, '2026-07-20T00:00:00.000Z');
  // The summary names the provider's listings the change was recorded on, and only where the event has them.
  assert.match(j.items[0].content_html, /Listings: eu\.alpha-7b-v1, us\.alpha-7b-v1\./);
  assert.doesNotMatch(j.items[1].content_html, /Listing/);
  assert.ok(Array.isArray(j.authors) && j.authors[0].name);
  await a.close();
});

test('bad filters get the errors get_model_changes gives; paging parameters are not feed parameters', async () => {
  const a = app();
  const kind = await a.inject({ url: '/api/v1/changes/feed.xml?kind=weather' });
  assert.equal(kind.statusCode, 400);
  assert.equal(kind.json().code, 'invalid_parameter');
  const model = await a.inject({ url: '/api/v1/changes/feed.json?model=nope-1b' });
  assert.equal(model.statusCode, 404);
  assert.equal(model.json().code, 'model_not_found');
  const cursor = await a.inject({ url: '/api/v1/changes/feed.json?cursor=abc' });
  assert.equal(cursor.statusCode, 400);
  assert.equal(cursor.json().code, 'unknown_parameter');
  await a.close();
});

test('each feed request counts one request of quota; a repeat is served from the same rendering (same ETag)', async () => {
  const access = testAccess();
  const a = app(access);
  const one = await a.inject({ url: '/api/v1/changes/feed.xml?kind=price' });
  const two = await a.inject({ url: '/api/v1/changes/feed.xml?kind=price' });
  assert.equal(access.counted(), 2);
  assert.equal(one.headers.etag, two.headers.etag);
  assert.equal(one.body, two.body);
  await a.close();
});

test('a catalogue correction says so in its title and gives the rule that marked it, so no reader takes it for a price cut', async () => {
  // The first of models.dev 8842d59637's zeroed OpenRouter prices (2026-06-25), as the build marks it.
  const basis = 'reverted within 1 day: 0.95 -> 0 -> 0.95 (2026-06-25 to 2026-06-26): the value in between never held';
  const ds = aDataset({
    data_as_of: '2026-08-01', sources: [aSource()], models: [aModel({ id: 'alpha-7b', name: f('Alpha 7B') })],
    changes: [event('00000000000000b1', '2026-06-25', { field: 'output', old: 0.95, new: 0, correction: true, correction_note: basis })],
  });
  const a = testApp({ dataset: ds, access: testAccess(), today: () => '2026-08-01' });
  const j = (await a.inject({ url: '/api/v1/changes/feed.json' })).json();
  assert.equal(j.items[0].title, 'Alpha 7B at acme: output 0.95 → 0 (catalogue correction)');
  assert.ok(j.items[0].content_html.includes(`A catalogue correction, not a change in the world: ${basis}.`), j.items[0].content_html);
  await a.close();
});

test('a renamed arena variant says so in its title; a scheduled shutdown says when its notice was read', async () => {
  // The build's reading of LMArena's 2026-08-12 rename (claude-opus-4-6-thinking -> -high, 1505 both) and of a notice
  // read on 2026-06-06 that scheduled a shutdown for 2026-08-05.
  const ds = aDataset({
    data_as_of: '2026-08-19', sources: [aSource()], models: [aModel({ id: 'alpha-7b', name: f('Alpha 7B') })],
    changes: [
      event('00000000000000c1', '2026-08-12', { kind: 'elo', field: 'rating', provider: undefined, leaderboard: 'text_style_control',
        variant: 'alpha-7b-high', renamed_from: 'alpha-7b-thinking', old: 1505, new: 1505 }),
      event('00000000000000c2', '2026-08-05', { kind: 'hosting', field: 'offered', old: true, new: false, as_of: '2026-06-06' }),
    ],
  });
  const a = testApp({ dataset: ds, access: testAccess(), today: () => '2026-08-19' });
  const j = (await a.inject({ url: '/api/v1/changes/feed.json' })).json();
  assert.equal(j.items[0].title,
    'Alpha 7B on the text_style_control leaderboard: rating 1505 → 1505 (alpha-7b-thinking renamed alpha-7b-high)');
  assert.ok(j.items[0].content_html.includes('The leaderboard renamed alpha-7b-thinking to alpha-7b-high: a rename, not a new model.'));
  assert.ok(j.items[1].content_html.includes('Scheduled: the source last read this on 2026-06-06, before the day came.'),
    j.items[1].content_html);
  await a.close();
});

test('every entry names its source, with the licence where the source asks for credit, on every tier; the feed lists them', async () => {
  // The LMArena row of SOURCES.md: "leaderboard data by LMArena (attribute "LMArena")"; the dataset's sources table
  // carries that licence and the credit line "LMArena". A source whose licence asks for no credit is named and linked.
  const arena = aSource({ id: 'lmarena', name: 'LMArena leaderboard dataset', url: 'https://huggingface.co/datasets/lmarena-ai/leaderboard-dataset',
    licence: 'Leaderboard data by LMArena (attribute "LMArena")', attribution: 'LMArena', kind: 'benchmark' });
  const prices = aSource({ id: 'prices', name: 'Price table', url: 'https://example.org/prices', licence: 'facts; each row cites its page' });
  const ds = aDataset({
    data_as_of: '2026-08-19', sources: [aSource(), arena, prices], models: [aModel({ id: 'alpha-7b', name: f('Alpha 7B') })],
    changes: [
      event('00000000000000d1', '2026-08-12', { kind: 'elo', field: 'rating', provider: undefined, leaderboard: 'text', old: 1300, new: 1310, source: 'lmarena' }),
      event('00000000000000d2', '2026-08-01', { source: 'prices' }),
    ],
  });
  const arenaCredit = 'Source: LMArena leaderboard dataset (https://huggingface.co/datasets/lmarena-ai/leaderboard-dataset; '
    + 'licence: Leaderboard data by LMArena (attribute "LMArena"); credit: LMArena).';
  const PRO = 'mds_pro_0123456789abcdefghijABCDEFGHIJ01';
  const a = testApp({ dataset: ds, access: testAccess({ keys: { [PRO]: 'pro' } }), today: () => '2026-08-19' });
  for (const headers of [{}, { 'x-api-key': PRO }]) {
    const tier = 'x-api-key' in headers ? 'pro' : 'anonymous';
    const j = (await a.inject({ url: '/api/v1/changes/feed.json', headers })).json();
    assert.ok(j.items[0].content_html.endsWith(arenaCredit), `${tier}: ${j.items[0].content_html}`);
    assert.deepEqual(j.items[0]._mds.source, {
      id: 'lmarena', name: arena.name, url: arena.url, licence: arena.licence, attribution: 'LMArena',
    });
    assert.ok(j.items[1].content_html.endsWith('Source: Price table (https://example.org/prices).'), `${tier}: ${j.items[1].content_html}`);
    assert.deepEqual(j.items[1]._mds.source, { id: 'prices', name: 'Price table', url: 'https://example.org/prices' });
    assert.deepEqual(j._mds.sources.map((s: { id: string }) => s.id), ['lmarena', 'prices']);
    const doc = xml.parse((await a.inject({ url: '/api/v1/changes/feed.xml', headers })).body).feed;
    // Atom: the feed's rights list the sources; each entry's summary and rights name its own.
    assert.match(text(doc.rights), /Sources of these entries: LMArena leaderboard dataset \(.*credit: LMArena\), Price table \(https:\/\/example\.org\/prices\)\.$/);
    assert.ok(text(doc.entry[0].summary).endsWith(arenaCredit), `${tier}: ${text(doc.entry[0].summary)}`);
    assert.equal(text(doc.entry[0].rights), arenaCredit);
    // The partial tiers' attribution comes first, a sentence of its own; the pro tier has none to show.
    if (tier === 'anonymous') assert.ok(text(doc.rights).startsWith('Data: Model Data Service (http://localhost:8080). Sources of these entries: '), text(doc.rights));
    else assert.ok(text(doc.rights).startsWith('Data: Model Data Service; each change names its source. Sources of these entries: '), text(doc.rights));
  }
  await a.close();
});
