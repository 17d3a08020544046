// MCP resources, prompts and completion: read-only data as URIs (model://, hardware://, changes://, sources://) and
// prompts for the common workflows, answered by the same operations as the tools and counted as they are.
import type { Dataset } from '../../dataset/dataset.ts';
import { perDay, sourcesBody } from '../rest/source-ages.ts';
import type { McpCallContext, ToolOutcome, ToolRunner } from './call-tool.ts';

/** The protocol-level refusals these handlers throw; the SDK's ProtocolError, passed in (the SDK loads lazily). */
export type ProtocolErrors = {
  invalidParams(message: string, data?: unknown): Error;
  resourceNotFound(uri: string, message: string): Error;
  /** Refused by the access layer (bad key, over quota): the problem rides as data. */
  refused(message: string, data: unknown): Error;
};

type Template = { uriTemplate: string; name: string; title: string; description: string; variable: string; tool: string };

/** Each template is one operation with one variable; the rest of the input takes the operation's defaults. */
export const RESOURCE_TEMPLATES: readonly Template[] = [
  {
    uriTemplate: 'model://{model_id}', name: 'model', title: 'Model sheet', variable: 'model_id', tool: 'get_model',
    description: 'Everything known about one model (get_model): facts with their dates and sources, offers, ratings, capabilities.',
  },
  {
    uriTemplate: 'hardware://{hardware_id}', name: 'hardware', title: 'What runs on a machine', variable: 'hardware_id',
    tool: 'models_for_hardware',
    description: 'One hardware configuration and the models that fit it at the default context and concurrency (models_for_hardware).',
  },
  {
    uriTemplate: 'changes://{until}', name: 'changes', title: 'Changes up to a day', variable: 'until', tool: 'get_model_changes',
    description: 'Dated changes (prices, ratings, licences, hosting) in the 30 days ending on a day, YYYY-MM-DD (get_model_changes).',
  },
];

export const SOURCES_URI = 'sources://all';
const JSON_MIME = 'application/json';
const MAX_COMPLETIONS = 100;

type PromptArg = { name: string; description: string; required: boolean };
type PromptDef = { name: string; title: string; description: string; arguments: PromptArg[] };

export const PROMPTS: readonly PromptDef[] = [
  {
    name: 'choose_model', title: 'Choose a model for a situation',
    description: 'Find the model that suits a task, with its price, rating and licence, from dated and sourced facts.',
    arguments: [
      { name: 'situation', description: 'The task and its constraints, in a sentence or two.', required: true },
      { name: 'budget', description: 'Optional: what it may cost (e.g. "under $1 per million tokens").', required: false },
    ],
  },
  {
    name: 'self_host_check', title: 'Can I self-host a model on my machine?',
    description: 'Whether a model fits a machine (memory, speed) and what running it costs, against the API price.',
    arguments: [
      { name: 'model_id', description: 'The model (an id or alias).', required: true },
      { name: 'hardware_id', description: 'The machine (a hardware id, or as people say it: "2x 3090").', required: true },
    ],
  },
  {
    name: 'compliance_compare', title: 'Compare models for compliance',
    description:
      'The trust and compliance profiles of 2 to 4 models side by side (licence, EU code, transparency, data), with the evidence.',
    arguments: [{ name: 'models', description: '2 to 4 model ids or aliases, comma separated.', required: true }],
  },
];

export type ExtrasOptions = {
  dataset: Dataset;
  runTool: ToolRunner;
  /** Counts one message against the caller's quota (prompts that run no operation); throws a ServiceError. */
  admit(ctx: McpCallContext): Promise<void>;
  /** Today's UTC date: the sources resource gives each snapshot's age, as GET /sources does. */
  today: () => string;
};

type Outcome = Exclude<ToolOutcome, { ok: true }>;

/** Completion candidates: ids starting with the typed text first, then ids containing it. */
export function complete(values: readonly string[], typed: string): { values: string[]; total: number; hasMore: boolean } {
  const t = typed.trim().toLowerCase().slice(0, 200);
  const starts = values.filter((v) => v.toLowerCase().startsWith(t));
  const contains = t ? values.filter((v) => !v.toLowerCase().startsWith(t) && v.toLowerCase().includes(t)) : [];
  const all = [...starts, ...contains];
  return { values: all.slice(0, MAX_COMPLETIONS), total: all.length, hasMore: all.length > MAX_COMPLETIONS };
}

export function createExtras(opts: ExtrasOptions) {
  const { dataset, runTool } = opts;
  const modelIds = dataset.models.map((m) => m.id);
  const hardwareIds = dataset.hardware.map((h) => h.id);
  const changeDays = [...new Set(dataset.changes.map((c) => c.date))];
  const candidates: Record<string, readonly string[]> = {
    model_id: modelIds, hardware_id: hardwareIds, until: changeDays, models: modelIds,
  };
  // The same body as GET /api/v1/sources, ages included, made once a day.
  const sourcesText = perDay((day) => JSON.stringify(sourcesBody(dataset, day)));

  /** A failed operation as the protocol answers it: not found for an unknown subject, else the problem. */
  const refusal = (errors: ProtocolErrors, o: Outcome, uri?: string): Error => {
    if ('unknownTool' in o) return errors.invalidParams(o.unknownTool);
    const problem = o.result.structuredContent as { code: string; status: number; detail: string };
    const notFound = problem.code === 'model_not_found' || problem.code === 'hardware_not_found';
    if (uri && notFound) return errors.resourceNotFound(uri, problem.detail);
    if (problem.status === 401 || problem.status === 403 || problem.status === 429) return errors.refused(problem.detail, problem);
    return errors.invalidParams(problem.detail, problem);
  };

  const read = async (uri: string, ctx: McpCallContext, errors: ProtocolErrors) => {
    if (uri === SOURCES_URI) {
      await opts.admit(ctx);
      return { contents: [{ uri, mimeType: JSON_MIME, text: sourcesText(opts.today()) }] };
    }
    const t = RESOURCE_TEMPLATES.find((x) => uri.startsWith(x.uriTemplate.slice(0, x.uriTemplate.indexOf('{'))));
    const rest = t ? uri.slice(t.uriTemplate.indexOf('{')) : '';
    let value: string | undefined;
    try {
      value = decodeURIComponent(rest);
    } catch {
      value = undefined;
    }
    if (!t || !value || value.includes('/')) {
      throw errors.resourceNotFound(uri, `No resource ${uri.slice(0, 200)}: see resources/templates/list.`);
    }
    const o = await runTool(t.tool, { [t.variable]: value }, ctx);
    if (!o.ok) throw refusal(errors, o, uri);
    return { contents: [{ uri, mimeType: JSON_MIME, text: o.prepared.bytes.toString() }] };
  };

  const getPrompt = async (name: string, args: Record<string, string>, ctx: McpCallContext, errors: ProtocolErrors) => {
    const def = PROMPTS.find((p) => p.name === name);
    if (!def) throw errors.invalidParams(`Unknown prompt: "${name.slice(0, 100)}". Prompts: ${PROMPTS.map((p) => p.name).join(', ')}.`);
    for (const a of def.arguments) {
      if (a.required && !args[a.name]?.trim()) {
        throw errors.invalidParams(`The prompt ${name} needs the argument ${a.name}: ${a.description}`);
      }
    }
    const user = (text: string) => ({ role: 'user' as const, content: { type: 'text' as const, text } });
    if (name === 'compliance_compare') {
      const ids = args.models!.split(',').map((s) => s.trim()).filter(Boolean);
      if (ids.length < 2 || ids.length > 4) throw errors.invalidParams('compliance_compare takes 2 to 4 model ids, comma separated.');
      // The profiles travel in the prompt: one get_trust_profile per model, each counted as a tool call would be.
      const messages = [user(`Compare these models for compliance: ${ids.join(', ')}. For each, weigh the licence and its terms, ` +
        'the EU GPAI Code of Practice status, transparency (FMTI) and data practices, citing each fact\'s date and source from the ' +
        'profiles below. Say plainly where evidence is missing rather than guessing.')];
      for (const id of ids) {
        const o = await runTool('get_trust_profile', { model_id: id }, ctx);
        if (!o.ok) throw refusal(errors, o);
        messages.push(user(`Trust profile of ${id} (get_trust_profile):\n${o.prepared.bytes.toString()}`));
      }
      return { description: def.description, messages };
    }
    await opts.admit(ctx);
    if (name === 'choose_model') {
      const budget = args.budget?.trim() ? ` Budget: ${args.budget.trim()}.` : '';
      return {
        description: def.description,
        messages: [user(`I need a language model for this: ${args.situation!.trim()}.${budget}\n` +
          'Use the Model Data Service tools: recommend_model for the situation (api or self_hosted), cheapest_for or ' +
          'search_models to widen the field, then get_model and get_trust_profile for the finalists. Give two or three ' +
          'candidates with price, arena rating, licence and context window, each with its date (data_as_of, as_of) and ' +
          'source; say what is unknown instead of guessing.')],
      };
    }
    return {
      description: def.description,
      messages: [user(`Can I self-host ${args.model_id!.trim()} on ${args.hardware_id!.trim()}?\n` +
        `Use the Model Data Service tools: models_for_hardware with hardware_id "${args.hardware_id!.trim()}" to see whether ` +
        'the model fits (at which quantization, context and speed), then estimate_cost with the model_id and that hardware ' +
        'for the monthly cost of running it against its cheapest API offer. Quote memory, tokens per second and cost with ' +
        'their dates and sources; where a figure is an ' +
        'upper bound or unknown, say so.')],
    };
  };

  const completeArgument = (ref: { type: string; uri?: string; name?: string }, argument: { name: string; value: string }) => {
    const known = ref.type === 'ref/resource'
      ? RESOURCE_TEMPLATES.some((t) => t.uriTemplate === ref.uri && t.variable === argument.name)
      : PROMPTS.some((p) => p.name === ref.name && p.arguments.some((a) => a.name === argument.name));
    const values = known ? candidates[argument.name] : undefined;
    if (!values) return { completion: { values: [], total: 0, hasMore: false } };
    // A list argument completes its last element.
    if (argument.name === 'models') {
      const cut = argument.value.lastIndexOf(',');
      const head = cut === -1 ? '' : `${argument.value.slice(0, cut + 1)}`;
      const c = complete(values, argument.value.slice(cut + 1));
      return { completion: { ...c, values: c.values.map((v) => `${head}${v}`) } };
    }
    return { completion: complete(values, argument.value) };
  };

  return {
    listResources: () => ({
      resources: [{
        uri: SOURCES_URI, name: 'sources', title: 'Sources', mimeType: JSON_MIME,
        description: 'Every source the dataset was built from, with its licence and snapshot date.',
      }],
    }),
    listTemplates: () => ({
      resourceTemplates: RESOURCE_TEMPLATES.map((t) => ({
        uriTemplate: t.uriTemplate, name: t.name, title: t.title, description: t.description, mimeType: JSON_MIME,
      })),
    }),
    listPrompts: () => ({ prompts: PROMPTS.map((p) => ({ ...p })) }),
    read,
    getPrompt,
    completeArgument,
  };
}

export type Extras = ReturnType<typeof createExtras>;
