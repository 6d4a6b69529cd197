/**
 * What the baseline pack hands its validators (rules/majordomus/pack.yaml `context:`): the models of
 * the repository's local state, each built from the run's target once per run of a gate and read
 * through `context.model(provider)` — never kept in a module between runs. Each subsystem adds its
 * provider to `models`, one line each.
 */

import type { AnyModelProvider } from '../api/validator';
import { briefingModel } from './briefing/inputs';
import { ledgerModel } from './ledger/model';
import { recordsModel } from './records/model';
import { obligationsModel } from './records/obligations';
import { taskModel } from './tasks/current';

export { ledgerModel };

/** The models of the baseline pack's gates. */
export const models: readonly AnyModelProvider[] = [ledgerModel, taskModel, recordsModel, obligationsModel, briefingModel];
