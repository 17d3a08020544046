// MCP tool definitions, built once at start from the registry: one tool per operation, same name and schemas.
import type { AnyOperation } from '../../ops/operation.ts';
import { inputJsonSchema, outputJsonSchema, PROBLEM_SCHEMA, type JsonSchema } from '../json-schema.ts';
import { compactSchema } from './schema-compact.ts';

export type ToolDefinition = {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema & { type: 'object' };
  outputSchema: JsonSchema & { type: 'object' };
  annotations: {
    title: string;
    readOnlyHint: boolean;
    destructiveHint: boolean;
    idempotentHint: boolean;
    openWorldHint: boolean;
  };
};

/**
 * The output schema admits the result or, for an error result, the problem object: both travel in
 * structuredContent, and SDK clients up to at least 1.32 validate structuredContent against the output
 * schema even when `isError` is set (typescript-sdk issue #1943), which would hide every coded error.
 */
export function toolOutputSchema(op: AnyOperation): JsonSchema & { type: 'object' } {
  // `$defs` stay at the root, where `#/$defs/...` references resolve.
  const { $defs, ...output } = outputJsonSchema(op);
  return compactSchema({
    type: 'object',
    description: 'The same object REST returns; on an error result (isError: true), an RFC 9457 problem with a `code`.',
    ...($defs ? { $defs } : {}),
    anyOf: [output, PROBLEM_SCHEMA],
  });
}

export function toolDefinition(op: AnyOperation): ToolDefinition {
  return {
    name: op.name,
    title: op.title,
    description: op.description,
    inputSchema: { ...inputJsonSchema(op), type: 'object' },
    outputSchema: toolOutputSchema(op),
    annotations: { title: op.title, ...op.annotations },
  };
}

export function buildTools(operations: readonly AnyOperation[]): ToolDefinition[] {
  return operations.map(toolDefinition);
}

/** The tools/list result and its bytes: built and serialized once, every tools/list answers the same. */
export type ToolsListBytes = { result: { tools: ToolDefinition[] }; json: Buffer };

export function buildToolsList(operations: readonly AnyOperation[]): ToolsListBytes {
  const result = { tools: buildTools(operations) };
  return { result, json: Buffer.from(JSON.stringify(result)) };
}
