/**
 * Test-only: a writer that kills itself (SIGKILL, as `kill -9` would) at its Nth write step, so a test
 * can stop a command exactly between two writes and then judge what it left. The CLI's entry arms it
 * from `MAJORDOMUS_TEST_KILL_AT_STEP=<N>` (engine/cli/program.ts); nothing else does, and unarmed every
 * step is one comparison. A write step is a point after which the disk differs from before it: a
 * temporary file staged, a file put in place, a ledger line about to be written, a pointer swapped, a
 * record removed. The variable is for the kill tests (test/hostile/kill.test.ts) and is documented as
 * test-only in docs/SECURITY.md: it can only end the process early, which a user can do anyway.
 */

/** The variable the CLI's entry reads; a positive whole number arms the step, anything else is ignored. */
export const KILL_AT_STEP_VARIABLE = 'MAJORDOMUS_TEST_KILL_AT_STEP';

const armed: { at: number | undefined; seen: number } = { at: undefined, seen: 0 };

/** Arm the kill at step `value` (the variable's text); unarmed for anything but a positive whole number. */
export function armKillPoint(value: string | undefined): void {
  armed.at = value !== undefined && /^[1-9][0-9]{0,5}$/.test(value) ? Number(value) : undefined;
  armed.seen = 0;
}

/** One write step (`name` says which, for whoever reads this code); the process ends here when it is the armed one. */
export function writeStep(_name: string): void {
  if (armed.at === undefined) return;
  armed.seen += 1;
  if (armed.seen === armed.at) process.kill(process.pid, 'SIGKILL');
}
