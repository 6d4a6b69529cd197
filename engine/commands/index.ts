/**
 * The one list of the command line: every command family, in the order `majordomus --help` lists them.
 * The program (engine/cli/program.ts), its help, the use-case families (engine/usecases/families.ts)
 * and the tests read it; a command added to a family here needs no second edit. A pack that brings
 * commands declares their family in its pack.yaml (`commands:`) and its module is listed here.
 */
import { families as brainstorm } from './brainstorm';
import { families as capture } from './capture';
import { families as context } from './context';
import { families as decision } from './decision';
import type { CommandDeclaration, CommandFamily } from './define';
import { families as gate } from './gate';
import { families as history } from './history';
import { families as hooks } from './hooks';
import { families as init } from './init';
import { families as knowledge } from './knowledge';
import { families as mcp } from './mcp';
import { families as objects } from './objects';
import { families as question } from './question';
import { families as records } from './records';
import { families as rules } from './rules';
import { families as search } from './search';
import { families as session } from './session';
import { families as task } from './task';
import { families as update } from './update';
import { families as usecase } from './usecase';
import { families as verifyRange } from './verify-range';
import { families as version } from './version';

export const COMMAND_FAMILIES: readonly CommandFamily[] = Object.freeze([
  ...gate,
  ...task,
  ...init,
  ...update,
  ...history,
  ...hooks,
  ...session,
  ...capture,
  ...rules,
  ...records,
  ...decision,
  ...question,
  ...knowledge,
  ...objects,
  ...search,
  ...mcp,
  ...usecase,
  ...verifyRange,
  ...context,
  ...brainstorm,
  ...version,
]);

/** Every command of every family, in the list's order. */
export const COMMANDS: readonly CommandDeclaration[] = Object.freeze(COMMAND_FAMILIES.flatMap((family) => family.commands));
