// The shape of one operation: declared once, served by every surface (REST, MCP, OpenAPI, docs, CLI).
import type { z } from 'zod';
import type { Dataset } from '../dataset/dataset.ts';

/** What a handler may know besides the dataset and its input. Time is passed in: engines have no clock. */
export type OperationContext = {
  /** Today's date (UTC, YYYY-MM-DD), the default end of time windows. */
  today: string;
};

export type OperationAnnotations = {
  readOnlyHint: true;
  destructiveHint: false;
  idempotentHint: true;
  /** The dataset is closed: no operation reaches the outside world. */
  openWorldHint: false;
};

export const READ_ONLY: OperationAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

export type Operation<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject, A extends z.ZodObject = O> = {
  /** = REST operationId = MCP tool name = CLI verb. */
  name: string;
  title: string;
  /** Written for a model choosing tools: what it answers, when to use it, what it needs. */
  description: string;
  /** REST path under /api/v1, with `{param}` placeholders that are also input fields. */
  path: string;
  /** Every input, path parameters included. Field types are the real ones (number, boolean, array). */
  input: I;
  /** The body without the envelope (`data_as_of`, `sources`, `attribution`), which the surfaces add. */
  output: O;
  /**
   * Another shape the answer takes when an input asks for it (estimate_cost's `view=summary`); `output` stays the
   * default. The published schemas (OpenAPI, MCP outputSchema) admit either.
   */
  altOutput?: A;
  annotations: OperationAnnotations;
  /** Top-level output fields that only full (pro, enterprise) responses carry. */
  fullTierOnly?: readonly string[];
  /**
   * The answer's JSON written straight into bytes (surfaces/json-bytes.ts), not made as text by JSON.stringify and
   * then encoded: the same bytes, some 59 KB less garbage on a 27 KB estimate_cost answer for 3 to 18% more CPU to
   * write it; on other operations' answers (many short strings) the writing cost up to 45% more (docs/performance.md,
   * fourteenth round), so an operation opts in. An answer of kept parts (ops/json-fragment.ts) is then written by the
   * same pass into bytes, its kept texts copied in: some 470 KB less allocated a call on models_for_hardware's
   * 100-entry page, for no more CPU (fifteenth round). recommend_model and get_model opted in when their cold calls'
   * allocation, not their CPU, was what set their p99 at rest: 54 and 58 KB less a call, for 8 to 37% more CPU to write
   * (some 20 to 90 us an answer, at load 10 to 13); with the round's other cuts recommend_model's cold stream met a
   * scavenge every 143 calls, not every 88, get_model's every 300, not 143 (thirty-fifth round).
   */
  writtenAsBytes?: boolean;
  /** Examples for the docs and the registry-wide tests: each must succeed on the committed dataset. */
  examples: ReadonlyArray<{ title: string; input: Record<string, unknown> }>;
  /**
   * Inputs the warm-up runs after the examples (ops/warm.ts), not shown in the docs: the widest pages, whose kept parts
   * (made per row on first sight, kept per dataset) the examples leave unmade, so that a caller's first such page does
   * not pay for making them. Each must succeed on the committed dataset.
   */
  warmInputs?: ReadonlyArray<Record<string, unknown>>;
  handler(dataset: Dataset, input: z.infer<I>, ctx: OperationContext): z.infer<O> | z.infer<A>;
};

/** Erase the generic parameters so the registry can hold every operation in one array. */
export type AnyOperation = Operation<z.ZodObject, z.ZodObject>;

export function defineOperation<I extends z.ZodObject, O extends z.ZodObject, A extends z.ZodObject = O>(op: Operation<I, O, A>): AnyOperation {
  return op as unknown as AnyOperation;
}
