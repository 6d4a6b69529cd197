// GENERATED FILE — DO NOT EDIT DIRECTLY
// Source: share/gates.yaml; regenerate with `npm run generate`
// Generator: majordomus 0.1.0

/** The name of a gate: a moment at which rules are enforced. */
export type GateName = 'doctor' | 'check' | 'finish' | 'watch';

/** A gate (an entry of share/gates.yaml). */
export interface GateDefinition {
  readonly name: GateName;
  /** What the gate judges, in one line. */
  readonly description: string;
  /** `violation_level`: what a blocking rule's violation becomes at this gate. */
  readonly violationLevel: 'fail' | 'drift';
  /** `exit_code`: when set, the exit code a violation produces here, in place of the rule's own. */
  readonly exitCode?: number;
}

/** Every gate name, in registry order. */
export const gateNames: readonly GateName[] = Object.freeze(['doctor', 'check', 'finish', 'watch']);
/** The gates registry, by name. */
export const gates: Readonly<Record<GateName, GateDefinition>> = Object.freeze({
  doctor: Object.freeze({
    name: 'doctor',
    description: 'The health of the repository\'s AI layer and of the engine that governs it.',
    violationLevel: 'fail',
  }),
  check: Object.freeze({
    name: 'check',
    description: 'The active task, judged against the rules while the work is under way.',
    violationLevel: 'fail',
  }),
  finish: Object.freeze({
    name: 'finish',
    description: 'The completion contract a task must meet before it is accepted as done.',
    violationLevel: 'fail',
  }),
  watch: Object.freeze({
    name: 'watch',
    description: 'Drift between the layer and the repository it describes, reported as DRIFT rather than FAIL.',
    violationLevel: 'drift',
    exitCode: 11,
  }),
});
