// Counts what self-hosting answers can rest on: MoE open-weights models without active parameters, and the
// LMArena text leaders with open weights that are assessable (a parameter count and architecture facts).
// Usage: tsx scripts/architecture-coverage.ts [dataset dir, default data/dataset]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../src/config/env.ts';
import { defaultRoots } from '../src/ingest/run.ts';

type Fact<T> = { value: T; source: string };
type ModelRow = {
  id: string;
  aliases: string[];
  name: Fact<string>;
  open_weights?: Fact<boolean>;
  parameters_total?: Fact<number>;
  parameters_active?: Fact<number>;
  architecture?: Fact<{ attention: string }>;
};
type RatingRow = { model_id: string; leaderboard: string; category: string; rating: number };
type LlmfitRow = { name: string; is_moe?: boolean | null };

const dir = process.argv[2] ?? 'data/dataset';
const read = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
const models = read<ModelRow[]>(path.join(dir, 'models.json'));
const ratings = read<RatingRow[]>(path.join(dir, 'ratings.json'));
// llmfit's own MoE flag per repo: a model is MoE when any repo that names it says so (the counts may still be missing).
const llmfitMoe = new Set(
  read<LlmfitRow[]>(path.join(defaultRoots(PROJECT_ROOT).sources, 'llmfit-hf-models', 'hf_models-2026-05-12.json'))
    .filter((r) => r.is_moe === true)
    .map((r) => r.name.toLowerCase()),
);

const TAG = /(?:^|[\s_-])\d+(?:\.\d+)?b[\s_-]a\d+(?:\.\d+)?b(?=$|[\s_)(-])/i;
const isMoe = (m: ModelRow) =>
  (m.parameters_active !== undefined && m.parameters_total !== undefined && m.parameters_active.value < m.parameters_total.value) ||
  TAG.test(m.id) ||
  TAG.test(m.name.value) ||
  m.aliases.some((a) => llmfitMoe.has(a.toLowerCase()));
const assessable = (m: ModelRow) => m.parameters_total !== undefined && m.architecture !== undefined;

const open = models.filter((m) => m.open_weights?.value === true);
const moe = open.filter(isMoe);
const moeNoActive = moe.filter((m) => !m.parameters_active);

const byId = new Map(models.map((m) => [m.id, m]));
const best = new Map<string, number>();
for (const r of ratings) if (r.leaderboard === 'text' && r.category === 'overall') best.set(r.model_id, Math.max(best.get(r.model_id) ?? -Infinity, r.rating));
const ranked = [...best.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
const top100 = ranked.slice(0, 100).map((id) => byId.get(id)!).filter((m) => m?.open_weights?.value === true);
const openRanked = ranked.map((id) => byId.get(id)!).filter((m) => m?.open_weights?.value === true);
const top30open = openRanked.slice(0, 30);
const top100moe = top100.filter(isMoe);

const list = (ms: ModelRow[]) => ms.map((m) => m.id).join(', ') || '-';
console.log(`dataset: ${dir}`);
console.log(`MoE open-weights models without parameters_active: ${moeNoActive.length} of ${moe.length}`);
console.log(`  ${list(moeNoActive)}`);
console.log(`open-weights models in the LMArena text top 100: ${top100.length}; assessable (parameters_total + architecture): ${top100.filter(assessable).length}`);
console.log(`  not assessable: ${list(top100.filter((m) => !assessable(m)))}`);
console.log(`  MoE among them: ${top100moe.length}; with parameters_active: ${top100moe.filter((m) => m.parameters_active).length}; with an attention kind: ${top100moe.filter((m) => m.architecture).length}`);
console.log(`top 30 open-weights arena models assessable: ${top30open.filter(assessable).length} of ${top30open.length}`);
console.log(`  not assessable: ${list(top30open.filter((m) => !assessable(m)))}`);
