/**
 * The one capability registry: every capability of the layer, declared once (engine/capabilities/
 * define.ts), in the order the MCP server lists its tools — the readers, the gates, the writers. The
 * MCP server (engine/mcp/) projects each into a tool; the commands named by each print the same answer
 * with `--json`; the tests hold the two to one output schema and the tools to their snapshots.
 */
import type { AnyCapability } from './define';
import { GATE_CAPABILITIES } from './gate-capabilities';
import { READ_CAPABILITIES } from './read';
import { STATE_CAPABILITIES } from './state-capabilities';

export const CAPABILITIES: readonly AnyCapability[] = Object.freeze([...READ_CAPABILITIES, ...GATE_CAPABILITIES, ...STATE_CAPABILITIES]);

/** The capability of a name, or undefined. */
export function capabilityNamed(name: string): AnyCapability | undefined {
  return CAPABILITIES.find((capability) => capability.name === name);
}
