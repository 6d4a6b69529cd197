/**
 * The command families of this CLI a use case can demonstrate: the top-level commands engine/cli/program.ts
 * registers (a pack's commands are the pack's). test/seams.test.ts holds the two lists equal, so a new
 * command is a coverage gap the moment it is registered.
 */
export const COMMAND_FAMILIES: readonly string[] = Object.freeze([
  'doctor',
  'check',
  'watch',
  'finish',
  'start',
  'init',
  'history',
  'hooks',
  'rules',
  'checkpoint',
  'handover',
  'decision',
  'question',
  'usecase',
  'knowledge',
  'context',
  'session',
  'capture',
]);
