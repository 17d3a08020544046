// The MCP server card: what the MCP endpoint is and how to connect, readable before connecting (SEP-2127).
import type { AnyOperation } from '../../ops/operation.ts';
import { MCP_PROTOCOL_VERSIONS, SERVER_DESCRIPTION, SERVER_NAME, SERVER_TITLE, serviceIcons } from './identity.ts';

/** The newest card schema of the SEP's extension repository (versioned by `vN`, not by date). */
export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json';
export const SERVER_CARD_TYPE = 'application/mcp-server-card+json';
/** `_meta` key of what the card schema has no member for (it admits no other top-level member). */
export const CARD_META_KEY = 'dev.model-data/discovery';

export type CardOptions = { operations: readonly AnyOperation[]; baseUrl: string; version: string };

export function buildServerCard(opts: CardOptions): Record<string, unknown> {
  const { baseUrl } = opts;
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: SERVER_NAME,
    version: opts.version,
    description: SERVER_DESCRIPTION,
    title: SERVER_TITLE,
    websiteUrl: baseUrl,
    icons: serviceIcons(baseUrl),
    remotes: [{
      type: 'streamable-http',
      url: `${baseUrl}/mcp`,
      supportedProtocolVersions: [...MCP_PROTOCOL_VERSIONS],
      // The key is optional: without one, calls are anonymous (partial answers, the anonymous limit).
      headers: [
        {
          name: 'x-api-key',
          description: 'Optional API key (mds_free_..., mds_pro_..., mds_ent_...): raises the limit; '
            + 'pro and enterprise keys get full answers.',
          isRequired: false,
          isSecret: true,
        },
        {
          name: 'Authorization',
          description: 'The same optional API key as a bearer token, for clients that only send Authorization.',
          isRequired: false,
          isSecret: true,
          value: 'Bearer {api_key}',
          variables: { api_key: { description: 'An API key of this service.', isRequired: true, isSecret: true } },
        },
      ],
    }],
    _meta: {
      [CARD_META_KEY]: {
        authentication: { required: false, schemes: ['api-key', 'bearer'], header: 'x-api-key' },
        tools: opts.operations.map((op) => op.name),
        openapi: `${baseUrl}/api/v1/openapi.json`,
        llms_txt: `${baseUrl}/llms.txt`,
        docs: `${baseUrl}/docs`,
      },
    },
  };
}
