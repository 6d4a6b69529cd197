/**
 * The completion gates as data: which gates a completed task must also pass, and what each one said.
 * The finish attempt carries the verdicts (./gates.ts runs the gates), and majordomus.completion-gates
 * reads them from the attempt, so neither the model nor the validator reaches the gate entry.
 */
import type { RepositoryGateName } from '../../generated/gates';

/** The gates a completed task must also pass, in the order they are run and reported. */
export const COMPLETION_GATES: readonly RepositoryGateName[] = ['doctor', 'check'];

/** A failing finding of a completion gate, as the verdict keeps it. */
export interface GateFailure {
  /** The rule's id; undefined for the engine's own findings (a rule file refused, a package broken). */
  readonly rule?: string;
  readonly category: string;
  readonly subject: string;
  readonly message: string;
  readonly file?: string;
  readonly line?: number;
}

/** What one completion gate said over the tree. */
export type GateVerdict =
  | { readonly gate: RepositoryGateName; readonly exitCode: number; readonly failing: readonly GateFailure[]; readonly error?: undefined }
  /** It ended without a verdict: an error the command line would have exited with. */
  | { readonly gate: RepositoryGateName; readonly exitCode: number; readonly error: string; readonly failing?: undefined };
