// The `use` vocabulary (DESIGN.md section 6) mapped to the arena leaderboard and category that measure it.
import type { Dataset } from '../dataset/dataset.ts';
import type { Leaderboard } from '../schema/index.ts';
import { perDatasetKey } from './per-dataset.ts';
import { board, type Board } from './ranking.ts';

export const USES = [
  'chat', 'coding', 'writing', 'math', 'reasoning', 'documents', 'agents', 'vision', 'translation', 'customer-support',
] as const;
export type Use = (typeof USES)[number];

/** A capability a use cannot do without; a model qualifies only where a source states it has it. */
export type RequiredCapability = 'tool_calling' | 'vision';

export type BoardRef = { leaderboard: Leaderboard; category: string };

export type UseCategory = {
  /** Boards in order of preference: the first one the dataset holds ratings for is used. */
  boards: readonly BoardRef[];
  requires?: RequiredCapability;
  /** Why this board measures this use; shown to callers and in the docs. */
  why: string;
  /**
   * Published benchmarks that measure the same skill, by name: a model the board does not rate is placed by its
   * scores on these among the rated models that publish the same benchmark (recommend-quality.ts).
   */
  benchmarks?: RegExp;
};

const tsc = (category: string): BoardRef => ({ leaderboard: 'text_style_control', category });
const text = (category: string): BoardRef => ({ leaderboard: 'text', category });

/**
 * Text uses prefer the style-controlled text leaderboard (LMArena's default view: it discounts answers that win
 * votes by length and markdown alone) and fall back to the raw text leaderboard when a dataset lacks it.
 */
export const USE_CATEGORIES: Readonly<Record<Use, UseCategory>> = {
  chat: {
    boards: [tsc('overall'), text('overall')],
    why: 'general conversation is what the overall arena rating measures: votes on every kind of prompt',
  },
  coding: {
    boards: [tsc('coding'), text('coding')],
    why: 'the coding category rates answers to prompts that contain code or ask for it; it covers far more models than the webdev arena',
    benchmarks: /swe.?bench|swe.?atlas|aider|scicode|terminal.?bench|livecodebench|humaneval|nl2repo|coding index/i,
  },
  writing: {
    boards: [tsc('creative_writing'), text('creative_writing')],
    why: 'the creative_writing category rates prompts that ask for original text: stories, poems, copy',
  },
  math: {
    boards: [tsc('math'), text('math')],
    why: 'the math category rates prompts that need mathematical problem solving',
    benchmarks: /\baime\b|hmmt|math/i,
  },
  reasoning: {
    boards: [tsc('hard_prompts'), text('hard_prompts')],
    why: 'hard_prompts holds the prompts LMArena classifies as complex, specific and needing problem solving: the closest arena measure of multi-step reasoning',
    benchmarks: /gpqa|humanity.?s last exam|long context reasoning/i,
  },
  documents: {
    boards: [tsc('longer_query'), text('longer_query')],
    why: 'longer_query rates prompts of 500 tokens or more, the arena measure closest to reading long documents (RAG, long context); context window is a separate filter',
    benchmarks: /mrcr|long context|longbench|ruler/i,
  },
  agents: {
    boards: [tsc('instruction_following'), text('instruction_following')],
    requires: 'tool_calling',
    why: 'the arena has no tool-use board; instruction_following rates how precisely a model does what it is told, and agents also need tool calling, which is required',
    benchmarks: /terminal.?bench|agent index|\btau\d?.?bench|τ\d?|claw.?eval|bfcl/i,
  },
  vision: {
    boards: [{ leaderboard: 'vision', category: 'overall' }],
    why: 'the vision arena rates answers to prompts with images',
  },
  translation: {
    boards: [tsc('non_english'), text('non_english'), tsc('overall'), text('overall')],
    why: 'non_english rates prompts written in languages other than English, the closest arena measure of multilingual and translation quality; where a dataset lacks it, the overall rating is used and the answer says so',
  },
  'customer-support': {
    boards: [tsc('multi_turn'), text('multi_turn')],
    why: 'support is a conversation: multi_turn rates conversations of more than one turn',
  },
};

export type UseBoard = {
  use: Use;
  leaderboard: Leaderboard;
  category: string;
  /** The board with its ranked models, or undefined when the dataset holds none of the preferred boards. */
  board: Board | undefined;
  /** True when the first-choice board was absent and a later one in the list was used. */
  fell_back: boolean;
  requires?: RequiredCapability;
  why: string;
  /** Benchmark names that measure the use, when the use has any (USE_CATEGORIES). */
  benchmarks?: RegExp;
};

/**
 * The board that measures `use` in this dataset, following the documented order of preference: found once per
 * dataset and use (every cheapest_for and recommend_model ask starts from it), so callers must not change it.
 */
export const boardForUse = perDatasetKey((ds: Dataset, use: Use): Readonly<UseBoard> => findBoard(ds, use));

function findBoard(ds: Dataset, use: Use): UseBoard {
  const spec = USE_CATEGORIES[use];
  for (const [i, ref] of spec.boards.entries()) {
    const b = board(ds, ref.leaderboard, ref.category);
    if (b) return { use, ...ref, board: b, fell_back: i > 0, requires: spec.requires, why: spec.why, benchmarks: spec.benchmarks };
  }
  const first = spec.boards[0];
  return { use, ...first, board: undefined, fell_back: false, requires: spec.requires, why: spec.why, benchmarks: spec.benchmarks };
}
