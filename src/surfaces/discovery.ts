// Discovery for agents and registries (server card, llms.txt, icon): the names other surfaces may use.
export {
  ICON_PATH, ICON_SVG, MCP_PROTOCOL_VERSIONS, SERVER_DESCRIPTION, SERVER_NAME, SERVER_TITLE, serviceIcons,
} from './discovery/identity.ts';
export { buildLlmsTxt } from './discovery/llms-txt.ts';
export { LLMS_TXT_PATH, registerDiscovery, SERVER_CARD_PATHS, type DiscoveryOptions } from './discovery/register.ts';
export { buildServerCard, SERVER_CARD_SCHEMA, SERVER_CARD_TYPE } from './discovery/server-card.ts';
