/**
 * A request the MCP server answers with a JSON-RPC error rather than a result: unknown parameters
 * (an unknown tool, a bad cursor, a malformed URI) or a resource that does not exist. The host (in the
 * CLI's bundle) throws it and the server (in the SDK's bundle, dist/mcp.cjs) answers it, so it is told
 * by a mark of the global symbol registry, which both bundles share, never by `instanceof`.
 */
export const FAULT: unique symbol = Symbol.for('majordomus.mcp.fault') as never;

export type FaultKind = 'invalid-params' | 'not-found';

export class ProtocolFault extends Error {
  readonly [FAULT]: FaultKind;

  constructor(fault: FaultKind, message: string) {
    super(message);
    this[FAULT] = fault;
  }
}

/** The kind of fault `error` is, or undefined when it is none. */
export function faultOf(error: unknown): FaultKind | undefined {
  const kind = error !== null && typeof error === 'object' ? (error as { [FAULT]?: unknown })[FAULT] : undefined;
  return kind === 'invalid-params' || kind === 'not-found' ? kind : undefined;
}
