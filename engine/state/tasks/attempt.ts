/**
 * What `finish --outcome` hands the finish gate's rules beyond the repository: the outcome asked for,
 * the verify command's run and the completion note. `finish --check` makes no attempt, so the model
 * is `undefined` there and the rules that judge an attempt (verification, note, profile requirements)
 * say they were not judged rather than passing or failing.
 * The completion gates run only for `completed`, the one outcome they can refuse.
 */
import { defineModel } from '../../api/validator';
import type { GateVerdict } from './completion';
import type { FinishOutcome } from './current';

/** The verify command and what its run showed. */
export type VerifyRun =
  /**
   * Refused before running: it cannot fail, so it proves nothing, or the policy's verification.commands
   * does not list it (see engine/state/tasks/verify.ts); the reason.
   */
  | { readonly command: string; readonly vacuous: string }
  | {
      readonly command: string;
      readonly vacuous?: undefined;
      /** The exit status; 128 + the signal number for a command a signal ended. */
      readonly exit: number;
      readonly seconds: number;
      /** True when the working tree (tracked and untracked files, HEAD) differed after the run. */
      readonly treeChanged: boolean;
      /** The limit in seconds, when the command ran past it and was stopped. */
      readonly timedOut?: number;
    };

export interface FinishAttempt {
  readonly outcome: FinishOutcome;
  /** Undefined when no --verify-command was given. */
  readonly verify?: VerifyRun;
  /** The note as given (--note), undefined without one. */
  readonly note?: { readonly file: string; readonly text: string };
  /** The completion gates' verdicts (engine/state/tasks/gates.ts); run for a `completed` outcome only. */
  readonly gates?: readonly GateVerdict[];
  /**
   * `before-verify`: the cheap judgement `finish` makes before it runs the verify command (the note,
   * open questions, the scope), so a finish that would be refused anyway never waits for it. The rules
   * that judge the run say they will judge it once it has run.
   */
  readonly stage?: 'before-verify';
}

/** The attempt of `finish --outcome`; built as `undefined` (no attempt) everywhere else. */
export const attemptModel = defineModel({
  name: 'finish attempt',
  target: 'repository',
  build: (): FinishAttempt | undefined => undefined,
});
