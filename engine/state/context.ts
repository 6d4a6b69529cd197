/**
 * What the baseline pack hands its validators (pack.yaml `context:`): the state of this checkout's work
 * — the current task, and beside it the other models of the local state — each built once per run of a
 * repository gate and read through `context.model(...)`, never kept in a module between runs.
 */
import { taskModel } from '../tasks/current';
import type { AnyModelProvider } from '../validator';

/** The models of the baseline's gates. */
export const models: readonly AnyModelProvider[] = [taskModel];
