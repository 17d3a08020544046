// Who the service is, as discovery documents and the MCP server info name it: one place for name, title, icon.

/** Reverse-DNS name of the project's domain (model-data.dev, where its problem types live), as the MCP Registry asks. */
export const SERVER_NAME = 'dev.model-data/model-data-service';
export const SERVER_TITLE = 'Model Data Service';
/** At most 100 characters: the limit of the MCP Registry's server.json and of the server card. */
export const SERVER_DESCRIPTION = 'Dated, sourced data on AI language models: prices, ratings, hardware fit, cost, trust, changes.';

/** The icon's path under the public base URL, served by registerDiscovery. */
export const ICON_PATH = '/icon.svg';

/** MCP `Icon` objects (src, mimeType, sizes) for the server info and the server card. */
export function serviceIcons(baseUrl: string): Array<{ src: string; mimeType: string; sizes: string[] }> {
  return [{ src: `${baseUrl}${ICON_PATH}`, mimeType: 'image/svg+xml', sizes: ['any'] }];
}

/**
 * MCP protocol versions the /mcp endpoint is to negotiate (2026-07-28 with the SDK v2 server). The server card
 * advertises exactly these; keep them equal to what the MCP surface accepts.
 */
export const MCP_PROTOCOL_VERSIONS: readonly string[] = ['2025-06-18', '2025-11-25', '2026-07-28'];

/**
 * The service's own icon: a dark tile with three rising bars (figures) and a dot on the last (each figure is dated).
 * No script, no external reference, no text to render: safe to show as an image anywhere.
 */
export const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64"
 role="img" aria-label="Model Data Service">
<rect width="64" height="64" rx="14" fill="#17324d"/>
<rect x="13" y="32" width="9" height="19" rx="2" fill="#7cc4f2"/>
<rect x="27.5" y="23" width="9" height="28" rx="2" fill="#b9e1fb"/>
<rect x="42" y="17" width="9" height="34" rx="2" fill="#ffffff"/>
<circle cx="46.5" cy="10.5" r="4" fill="#f5b73b"/>
</svg>
`;
