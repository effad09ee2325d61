// The playq MCP server: its tools (catalogue, validate, build, run, drill down) and resources (catalogue,
// language docs) on one McpServer, whatever transport carries it.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { VERSION } from '../version';
import { registerResources } from './resources';
import type { McpService } from './tool-query';
import { registerBuildTool } from './tools/build-tool';
import { registerCatalogueTool } from './tools/catalogue-tool';
import { registerCausesTool } from './tools/causes-tool';
import { registerDrillTool } from './tools/drill-tool';
import { registerRunTool } from './tools/run-tool';
import { registerValidateTool } from './tools/validate-tool';

const INSTRUCTIONS = `Playback analytics for video (the Playback Analytics Query Service). Start with list_catalogue (or the playq://catalogue resource) for metric and dimension names; check filter/qoefilter/period texts with validate_text; build_query shows the canonical URL and what a query means; run_query runs it within a record budget and a deadline (metricquery, session, or listsessions: one record per session); drill_down turns one record of a breakdown into the session list behind it. Every problem comes back with the service's code, the parameter, the offset and a did-you-mean, before anything is sent.`;

/**
 * A new MCP server for `service`, not yet connected to a transport.
 *
 * @example
 * const server = createPlayqMcpServer(service);
 * await server.connect(new StdioServerTransport());
 */
export function createPlayqMcpServer(service: McpService): McpServer {
  const server = new McpServer({ name: 'playq', version: VERSION }, { instructions: INSTRUCTIONS });
  registerCatalogueTool(server, service);
  registerValidateTool(server, service);
  registerBuildTool(server, service);
  registerRunTool(server, service);
  registerDrillTool(server, service);
  registerCausesTool(server, service);
  registerResources(server, service);
  return server;
}
