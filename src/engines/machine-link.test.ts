// Links between cards (NVLink, NVSwitch, a bridge, PCIe, SXM) keep the count and the device named, and say what is modelled.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isRefusal, resolveMachine } from './machine.ts';
import { ok, real, refused, skip } from './machine-fixtures.ts';
import { readMachine } from './machine-words.ts';


test('reading: NVLink, NV-Link, a bridge and NVSwitch are the link, not a word of the card\'s name', () => {
  const known = new Set(['3090', 'h100']);
  const r = (t: string) => readMachine(t, known);
  assert.deepEqual([r('2x RTX 3090 NVLink').link, r('2x RTX 3090 NVLink').device, r('2x RTX 3090 NVLink').count], ['nvlink', ['3090'], 2]);
  assert.deepEqual([r('2 x 3090 (NV-Link bridge)').link, r('2 x 3090 (NV-Link bridge)').device], ['nvlink', ['3090']]);
  assert.deepEqual([r('two 3090s bridged').link, r('8x H100 NVSwitch').link, r('2x 3090').link], ['nvlink', 'nvswitch', null]);
  assert.deepEqual([r('gaming laptop').gaming, r('laptop').gaming], [true, false]);
});

test('two RTX 3090 over NVLink are the catalogued pair, 2 x 24 GB = 48 GB, with what NVLink changes said', { skip }, () => {
  // RTX 3090: 24 GB GDDR6X per card (nvidia.com 30-series specs); hardware-configs.csv: rtx-3090-x2 "Desktop with two
  // NVIDIA GeForce RTX 3090 (2 x 24 GB)". These phrasings used to read one 24 GB card, or 400 "unknown words: nvlink".
  for (const t of ['2x RTX 3090 NVLink', '2 x RTX 3090 (NVLink)', '2x 3090 nvlink', 'dual 3090 nvlink', 'two 3090s with an NVLink bridge',
    '2x 3090 NV-Link', 'dual RTX 3090 bridged']) {
    const m = ok(t);
    assert.deepEqual([m.value, m.hardware?.count, m.hardware?.memory_gb.value], ['rtx-3090-x2', 2, 48], t);
    assert.match(m.interpretation, /NVLink read but not modelled: the catalogue models these cards over PCIe/, t);
    // The measured PCIe hand-off between cards (docs/hardware-and-cost.md: median 0.21 ms a boundary).
    assert.match(m.interpretation, /2 x 24 GB\) either way.*0\.21 ms a boundary/, t);
    assert.ok(m.matched.includes('NVLink'), `${t}: the link is echoed as understood`);
  }
  // RTX 4090: 24 GB, and no NVLink connector (Ada Lovelace dropped it: NVIDIA's CEO, tweaktown.com 2022-09-25): the
  // pair is read as what it can only be, two cards over PCIe, and the answer says the 4090 has no NVLink.
  for (const t of ['2x RTX 4090 NVLink', '2 x 4090 with nvlink']) {
    const m = ok(t);
    assert.deepEqual([m.value, m.hardware?.memory_gb.value], ['rtx-4090-x2', 48], t);
    assert.match(m.interpretation, /no NVLink: the NVIDIA GeForce RTX 4090 has no NVLink connector \(data\/curated\/accelerator-nvlink\.csv/, t);
    assert.match(m.interpretation, /so the 2 cards talk over PCIe/, t);
    assert.doesNotMatch(m.interpretation, /NVLink read/, t);
  }
  // Four cards: rtx-3090-x4, 4 x 24 = 96 GB; three (not catalogued): built, 3 x 24 = 72 GB.
  assert.deepEqual([ok('4x 3090 nvlink').value, ok('4x 3090 nvlink').hardware?.memory_gb.value], ['rtx-3090-x4', 96]);
  assert.deepEqual([ok('3x 3090 nvlink').value, ok('3x 3090 nvlink').hardware?.memory_gb.value], ['rtx-3090-x3', 72]);
});

test('The A100 is read by size and form: "A100 PCIe" is refused with both PCIe cards, a size alone is the SXM module', { skip }, () => {
  // NVIDIA's A100 datasheet (nvidia-a100-datasheet-us-nvidia-1758950-r4-web.pdf) lists four parts: A100 40GB PCIe,
  // A100 80GB PCIe, A100 40GB SXM and A100 80GB SXM. "A100 PCIe" is thus either PCIe card: never one of them silently.
  const pcie = refused('A100 PCIe');
  assert.deepEqual([pcie.refused, pcie.candidates], ['ambiguous', ['a100-40gb-pcie', 'a100-80gb-pcie']]);
  assert.deepEqual(refused('2x A100 PCIe').candidates, ['a100-40gb-pcie', 'a100-80gb-pcie']);
  // "A100" alone: both sizes in both forms.
  assert.deepEqual(refused('A100').candidates, ['a100-40gb-pcie', 'a100-40gb-x1', 'a100-80gb-pcie', 'a100-80gb-x1']);
  // A size without a form word is the SXM module (cloud A100 instances carry it); the hint names the card of that size,
  // which reads as that card, since "a100 PCIe" alone would be refused.
  const [eighty, forty] = [ok('A100 80GB'), ok('A100 40GB')];
  assert.deepEqual([eighty.value, eighty.hardware?.accelerator], ['a100-80gb-x1', 'NVIDIA A100 SXM4 80 GB']);
  assert.match(eighty.interpretation, /say "a100 80GB PCIe" for the card\)/);
  assert.deepEqual([forty.value, forty.hardware?.accelerator], ['a100-40gb-x1', 'NVIDIA A100 SXM4 40 GB']);
  assert.match(forty.interpretation, /say "a100 40GB PCIe" for the card\)/);
  assert.deepEqual([ok('a100 80GB PCIe').value, ok('a100 40GB PCIe').value], ['a100-80gb-pcie', 'a100-40gb-pcie']);
  // The datasheet's bandwidths tell the parts apart: 80GB SXM 2,039 GB/s, 80GB PCIe 1,935 GB/s, 40GB PCIe 1,555 GB/s.
  assert.equal(ok('a100 80GB PCIe').hardware?.bandwidth_gbs?.value, 1935);
  assert.equal(ok('a100 40GB PCIe').hardware?.bandwidth_gbs?.value, 1555);
  // The module named in full is read as it, with no hint toward a card.
  const sxm = ok('A100 80GB SXM');
  assert.deepEqual([sxm.value, sxm.hardware?.accelerator], ['a100-80gb-x1', 'NVIDIA A100 SXM4 80 GB']);
  assert.doesNotMatch(sxm.interpretation, /PCIe/);
  assert.equal(ok('A100 40GB SXM').value, 'a100-40gb-x1');
  // One PCIe size catalogued (the H100): the hint needs no size.
  assert.match(ok('H100').interpretation, /say "h100 PCIe" for the card\)/);
  assert.equal(ok('h100 PCIe').value, 'h100-pcie');
});

test('H100 and A100 with NVLink or NVSwitch are the SXM modules on their fabric, with the count said', { skip }, () => {
  // H100 SXM5: 80 GB per module (nvidia.com/en-us/data-center/h100): 2 x 80 = 160 GB, 8 x 80 = 640 GB.
  const two = ok('2x H100 NVLink');
  assert.deepEqual([two.value, two.hardware?.memory_gb.value], ['h100-80gb-x2', 160]);
  assert.match(two.interpretation, /"h100" with NVLink is the SXM module on its fabric; say "h100 PCIe" for the card/);
  assert.deepEqual([ok('two H100 SXM').value, ok('8x H100 NVSwitch').value, ok('8x H100 NVSwitch').hardware?.memory_gb.value],
    ['h100-80gb-x2', 'h100-80gb-x8', 640]);
  const a100 = ok('8x A100 80GB NVSwitch');
  assert.deepEqual([a100.value, a100.hardware?.memory_gb.value], ['a100-80gb-x8', 640]);
  // The A100 80 GB is catalogued as the SXM4 module and the PCIe card too (as the H100): the link names the module, said.
  assert.match(a100.interpretation, /"a100" with NVSwitch is the SXM module on its fabric; say "a100 80GB PCIe" for the card/);
  // The A100 is catalogued at 40 and 80 GB: without a size, refused with both (never one of them silently).
  assert.equal(refused('2x A100 NVLink').refused, 'ambiguous');
  // H100 PCIe cards bridged in pairs: the PCIe card is kept, NVLink not modelled.
  const pcie = ok('2x H100 PCIe NVLink');
  assert.deepEqual([pcie.value, pcie.hardware?.accelerator], ['h100-pcie-x2', 'NVIDIA H100 PCIe']);
  assert.match(pcie.interpretation, /NVLink read but not modelled/);
});

test('a link beside one card asks how many; PCIe and SXM are checked against how the card is catalogued', { skip }, () => {
  // A 4090 named with NVLink and no count: refused for the count, and told the card has no NVLink at all.
  assert.match(refused('rtx 4090 nvlink').message, /say how many .*; the NVIDIA GeForce RTX 4090 has no NVLink connector/);
  const one = refused('rtx 3090 nvlink');
  assert.equal(one.refused, 'ambiguous');
  assert.match(one.message, /NVLink joins two or more cards; say how many \("2x 3090 NVLink"\)/);
  assert.deepEqual(one.candidates, ['rtx-3090', 'rtx-3090-x2', 'rtx-3090-x4']);
  // Consumer cards sit on PCIe (decode.ts: every non-SXM configuration): `PCIe` agrees; `SXM` names no such card.
  assert.deepEqual([ok('2x RTX 3090 PCIe').value, ok('2x RTX 3090 PCIe').hardware?.memory_gb.value], ['rtx-3090-x2', 48]);
  const sxm = refused('2x RTX 3090 SXM');
  assert.match(sxm.message, /the NVIDIA GeForce RTX 3090 is catalogued as a PCIe card, not an SXM module/);
  assert.deepEqual(sxm.candidates, ['rtx-3090']);
  assert.match(refused('2x B200 PCIe').message, /the NVIDIA B200 is catalogued as an SXM module, not a PCIe card/);
});

test('an id written inside other words never drops the count, the size or another device the text names', { skip }, () => {
  // Each used to read the id alone: one 24 GB RTX 3090.
  for (const t of ['2x RTX 3090 turbo', '2x RTX 3090 SXM', 'rtx-3090 48GB blower', 'rtx-3090 4090']) {
    const r = resolveMachine(real!, t);
    assert.ok(isRefusal(r) || (r.hardware!.count === 2 && r.hardware!.memory_gb.value === 48), `${t}: ${isRefusal(r) ? '' : r.value}`);
  }
  // The id with words that name nothing: read, and the words not read are said.
  const blower = ok('rtx-3090 blower');
  assert.equal(blower.value, 'rtx-3090');
  assert.match(blower.interpretation, /words not read: blower/);
  assert.deepEqual(blower.unread, ['blower'], 'and listed apart, for understood.machine.unread');
  assert.equal(ok('my rtx-4090-x2 box').value, 'rtx-4090-x2');
  assert.equal(ok('my rtx-4090-x2 box').unread, undefined, '"my" and "box" are filler: nothing unread');
  assert.equal(ok('h100-80gb-x8 hgx').value, 'h100-80gb-x8');
});

/**
 * Every catalogued configuration of more than one card, named as people write it with a link, against its card's
 * NVLink as the specification gives it (data/curated/accelerator-nvlink.csv, where each row cites its sheet):
 * bridge: RTX 3090 (tomshardware.com, the only RTX 30 card with NVLink), RTX A6000 (NVIDIA spec: 2-way bridge,
 * 112.5 GB/s); none: RTX 4090 / RTX 6000 Ada / L40S / L4 (Ada Lovelace has no NVLink connector), RTX 5090
 * (Blackwell GeForce: NVLink (SLI-Ready) No), AMD parts (NVLink is NVIDIA's); fabric: SXM modules, B200, H200,
 * H100 NVL, MI250/MI300X/MI325X (decode.ts). Memory per card from the vendors' sheets, times the count.
 */
const LINKED: ReadonlyArray<readonly [string, string, number, RegExp]> = [
  ['2x RTX 3090 NVLink', 'rtx-3090-x2', 48, /NVLink read but not modelled/],
  ['4x RTX 3090 NVLink', 'rtx-3090-x4', 96, /a bridge joins two cards, so 4 of them are at most 2 bridged pairs/],
  ['2x RTX 3090 NVSwitch', 'rtx-3090-x2', 48, /GeForce RTX 3090 takes a two-card NVLink bridge, not NVSwitch/],
  ['2x RTX A6000 NVLink', 'rtx-a6000-x2', 96, /NVLink read but not modelled/],
  ['2x RTX 4090 NVLink', 'rtx-4090-x2', 48, /no NVLink: the NVIDIA GeForce RTX 4090 has no NVLink connector/],
  ['4x RTX 4090 NVLink', 'rtx-4090-x4', 96, /no NVLink: the NVIDIA GeForce RTX 4090 has no NVLink connector.*the 4 cards talk over PCIe/],
  ['2x RTX 5090 NVLink', 'rtx-5090-x2', 64, /no NVLink: the NVIDIA GeForce RTX 5090 has no NVLink connector/],
  ['2x RTX 6000 Ada NVLink', 'rtx-6000-ada-x2', 96, /no NVLink: the NVIDIA RTX 6000 Ada Generation has no NVLink connector/],
  ['2x L40S NVLink', 'l40s-x2', 96, /no NVLink: the NVIDIA L40S has no NVLink connector/],
  ['4x L40S NVLink', 'l40s-x4', 192, /no NVLink: the NVIDIA L40S has no NVLink connector/],
  ['4x L4 NVLink', 'l4-x4', 96, /no NVLink: the NVIDIA L4 has no NVLink connector/],
  ['2x RX 7900 XTX NVLink', 'rx-7900-xtx-x2', 48, /no NVLink: the AMD Radeon RX 7900 XTX has no NVLink connector.*over PCIe/],
  // No reviewed row (no specification found): said to be not modelled, and that the card's NVLink is not reviewed.
  ['4x T4 NVLink', 't4-x4', 64, /NVLink read but not modelled.*whether the NVIDIA Tesla T4 has an NVLink connector is not reviewed/],
  ['4x A10G NVLink', 'a10g-x4', 96, /whether the NVIDIA A10G has an NVLink connector is not reviewed/],
  ['2x H100 NVL NVLink', 'h100-nvl-x2', 188, /NVLink read but not modelled: the catalogue models these cards over PCIe/],
  // accelerator-nvlink.csv: 'H200 NVL uses NVLink interconnect bridge'; memory 141 GB a card (accelerators.csv).
  ['2x H200 NVL NVLink', 'h200-nvl-x2', 282, /NVLink read but not modelled: the catalogue models these cards over PCIe/],
  ['2x H100 NVLink', 'h100-80gb-x2', 160, /is the SXM module on its fabric/],
  ['4x H100 NVLink', 'h100-80gb-x4', 320, /is the SXM module on its fabric/],
  ['8x H100 NVSwitch', 'h100-80gb-x8', 640, /is the SXM module on its fabric/],
  ['2x A100 80GB NVLink', 'a100-80gb-x2', 160, /with NVLink is the SXM module on its fabric; say "a100 80GB PCIe" for the card/],
  ['4x A100 80GB NVLink', 'a100-80gb-x4', 320, /with NVLink is the SXM module on its fabric/],
  ['8x A100 80GB NVSwitch', 'a100-80gb-x8', 640, /with NVSwitch is the SXM module on its fabric; say "a100 80GB PCIe" for the card/],
  ['8x A100 40GB NVSwitch', 'a100-40gb-x8', 320, /with NVSwitch is the SXM module on its fabric; say "a100 40GB PCIe" for the card/],
  ['2x H200 NVLink', 'h200-x2', 282, /catalogued on its GPU-to-GPU fabric/],
  ['4x H200 NVLink', 'h200-x4', 564, /catalogued on its GPU-to-GPU fabric/],
  ['8x H200 NVSwitch', 'h200-x8', 1128, /NVSwitch read: the NVIDIA H200/],
  ['2x B200 NVLink', 'b200-x2', 360, /catalogued on its GPU-to-GPU fabric/],
  ['4x B200 NVLink', 'b200-x4', 720, /catalogued on its GPU-to-GPU fabric/],
  ['8x B200 NVSwitch', 'b200-x8', 1440, /NVSwitch read: the NVIDIA B200 is catalogued on its GPU-to-GPU fabric/],
  ['2x MI300X NVLink', 'mi300x-x2', 384, /no NVLink: the AMD Instinct MI300X has no NVLink connector.*own GPU-to-GPU fabric/],
  ['4x MI300X NVLink', 'mi300x-x4', 768, /no NVLink: the AMD Instinct MI300X/],
  ['8x MI300X NVLink', 'mi300x-x8', 1536, /no NVLink: the AMD Instinct MI300X/],
  ['8x MI325X NVLink', 'mi325x-x8', 2048, /no NVLink: the AMD Instinct MI325X/],
  ['4x MI250 NVLink', 'mi250-x4', 512, /no NVLink: the AMD Instinct MI250/],
];

test('every catalogued multi-card configuration, said with a link, reads its cards and says what the link can be', { skip }, () => {
  for (const [text, id, gb, says] of LINKED) {
    const m = ok(text);
    assert.deepEqual([m.value, m.hardware?.memory_gb.value], [id, gb], text);
    assert.match(m.interpretation, says, text);
  }
  // The table covers every catalogued configuration of more than one device (a new one must be added to it).
  const multi = real!.hardware.filter((h) => h.count > 1).map((h) => h.id).sort();
  assert.deepEqual([...new Set(LINKED.map(([, id]) => id))].sort(), multi);
});

test('a bridge joins PCIe cards: "2x H100 NVLink bridge" is the H100 PCIe pair, never the SXM modules', { skip }, () => {
  // accelerator-nvlink.csv: the H100 PCIe and the H100 NVL take a 600 GB/s bridge; the H100 SXM5 is on an NVSwitch
  // board (switch) and takes none. H100 PCIe: 80 GB a card (hardware-configs.csv h100-pcie): 2 x 80 = 160 GB.
  for (const t of ['2x H100 NVLink bridge', '2x H100 bridged', 'two H100 with an NVLink bridge']) {
    const m = ok(t);
    assert.deepEqual([m.value, m.hardware?.accelerator, m.hardware?.memory_gb.value], ['h100-pcie-x2', 'NVIDIA H100 PCIe', 160], t);
    assert.ok(m.matched.includes('bridge'), `${t}: the bridge is echoed as understood, not dropped`);
    assert.match(m.interpretation, /a bridge joins PCIe cards, never SXM modules \(the NVIDIA H100 SXM5 80GB is joined on a board\)/, t);
    assert.doesNotMatch(m.interpretation, /is the SXM module/, t);
  }
  // The H100 NVL is named by its own word and keeps its catalogued bridged pair (2 x 94 GB = 188 GB).
  assert.deepEqual([ok('2x H100 NVL bridge').value, ok('2x H100 NVL bridge').hardware?.memory_gb.value], ['h100-nvl-x2', 188]);
  // The A100 is catalogued as PCIe cards of 40 and 80 GB (both take a bridge: NVIDIA's product briefs PB-10137 and
  // PB-10577) and as SXM4 modules of 40 and 80 GB: a bridge leaves the PCIe cards, the size picks one of them.
  assert.equal(ok('2x A100 40GB bridge').value, 'a100-40gb-pcie-x2');
  const a100 = ok('2x A100 80GB NVLink bridge');
  assert.deepEqual([a100.value, a100.hardware?.accelerator, a100.hardware?.memory_gb.value], ['a100-80gb-pcie-x2', 'NVIDIA A100 80GB PCIe', 160]);
  assert.deepEqual(refused('2x A100 bridge').candidates, ['a100-40gb-pcie', 'a100-80gb-pcie']);
  // A device catalogued only as a module on its board (SXM, AMD Instinct) takes no bridge: refused, never read as it.
  for (const [t, candidate] of [['2x H200 bridge', 'h200-x1'], ['2x H100 SXM bridge', 'h100-80gb-x1'],
    ['2x A100 80GB SXM bridge', 'a100-80gb-x1'], ['2x B200 bridge', 'b200-x1']] as const) {
    const r = refused(t);
    assert.equal(r.refused, 'unknown', t);
    assert.match(r.message, /a bridge joins PCIe cards; the .* is catalogued only as a module joined on a board, which takes none/, t);
    assert.deepEqual(r.candidates, [candidate], t);
  }
  // Without a bridge, NVLink beside "H100" stays the SXM module (cloud H100 instances), as before.
  assert.equal(ok('2x H100 NVLink').value, 'h100-80gb-x2');
});

test('a bridge beside every catalogued card: read as the card only where a bridge can join it', { skip }, () => {
  // The class check: for every single catalogued discrete device, "2x <its accelerator> bridge" either reads a pair of
  // that accelerator that is not an SXM module on a switch board (nvlink "switch" in accelerator-nvlink.csv), or is refused.
  const wrong: string[] = [];
  for (const h of real!.hardware.filter((x) => x.count === 1 && !x.unified_memory && x.class !== 'laptop')) {
    const text = `2x ${h.accelerator} bridge`;
    const r = resolveMachine(real!, text);
    if (isRefusal(r)) continue;
    if (r.hardware?.nvlink?.value === 'switch') wrong.push(`${text} -> ${r.value} (an SXM module)`);
    if (!r.matched.includes('bridge')) wrong.push(`${text}: bridge not echoed`);
  }
  assert.deepEqual(wrong, []);
});

test('PCIe pairs say what the serving figures assume: all-reduces at the NVLink latency, the fast side', { skip }, () => {
  // decode.ts servingLayout counts ALLREDUCE_LATENCY_S (19 us a layer, fitted on 8 x B200 NVLink rows) for PCIe
  // cards too; the batch-1 split uses the measured PCIe hand-off (0.21 ms). The answer must not say PCIe is assumed.
  for (const t of ['2x RTX 4090 NVLink', '2x 3090 NVLink']) {
    const m = ok(t);
    assert.match(m.interpretation,
      /the serving figures run the cards tensor parallel and count their all-reduces at the NVLink latency \(19 us a layer\)/, t);
    assert.match(m.interpretation, /no calibration row measures PCIe all-reduces, which are slower, so those figures are the fast side/, t);
    assert.doesNotMatch(m.interpretation, /as the figures assume/, t);
  }
});

test('the H200 NVL is catalogued: named by its own word, one card or a bridged pair, never the SXM module', { skip }, () => {
  // accelerators.csv (openmetal.io on the H200 NVL: '141GB of HBM3e and 4.8 TB/s'; onestopsystems.com: 'the H200 NVL
  // released in late 2024 at 600W'): 141 GB, 4,800 GB/s, 600 W a card; two cards 2 x 141 = 282 GB.
  const one = ok('H200 NVL');
  assert.equal(one.value, 'h200-nvl');
  assert.deepEqual([one.hardware?.memory_gb.value, one.hardware?.bandwidth_gbs?.value, one.hardware?.power_w?.value], [141, 4800, 600]);
  assert.deepEqual([ok('2x H200 NVL').value, ok('2x H200 NVL').hardware?.memory_gb.value], ['h200-nvl-x2', 282]);
  assert.equal(ok('NVIDIA H200 NVL 141GB').value, 'h200-nvl');
  // `H200` alone is still the SXM module cloud instances carry.
  assert.deepEqual([ok('H200').value, ok('2x H200').value], ['h200-x1', 'h200-x2']);
  assert.equal(real!.hardwareById.get('h200-nvl')?.nvlink?.value, 'bridge');
});
