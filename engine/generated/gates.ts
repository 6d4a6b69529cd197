// GENERATED FILE — DO NOT EDIT DIRECTLY
// Source: rules/*/pack.yaml (gates); regenerate with `npm run generate`
// Generator: majordomus 0.1.0

/** The name of a gate: a moment at which rules are enforced. */
export type GateName = 'doctor' | 'check' | 'finish' | 'watch' | 'session' | 'manifest' | 'move';
/** A gate that judges a repository: its context offers the layout, git and the tracked files. */
export type RepositoryGateName = 'doctor' | 'check' | 'finish' | 'watch';
/** A gate that judges a folder, inside a repository or not: its context offers the folder alone. */
export type FolderGateName = 'session' | 'manifest' | 'move';

/** A gate (an entry of the `gates` of a rules/<pack>/pack.yaml). */
export interface GateDefinition {
  readonly name: GateName;
  /** What the gate judges, in one line. */
  readonly description: string;
  /** `target`: what the gate judges, a repository or a folder. */
  readonly target: 'repository' | 'folder';
  /** `violation_level`: what a blocking rule's violation becomes at this gate. */
  readonly violationLevel: 'fail' | 'drift';
  /** `exit_code`: when set, the exit code a violation produces here, in place of the rule's own. */
  readonly exitCode?: number;
  /** `includes`: the gates whose rules this gate runs too (gates are cumulative). */
  readonly includes: readonly GateName[];
  /** `command`: the command that runs one rule again ({rule}: the rule id, {target}: the folder judged). */
  readonly command: string;
  /** The pack that declares the gate. */
  readonly pack: string;
}

/** Every gate name, in registry order. */
export const gateNames: readonly GateName[] = Object.freeze(['doctor', 'check', 'finish', 'watch', 'session', 'manifest', 'move'] as const);
/** The gates registry, by name. */
export const gates: Readonly<Record<GateName, GateDefinition>> = Object.freeze({
  doctor: Object.freeze({
    name: 'doctor',
    description: 'The health of the repository\'s AI layer and of the engine that governs it.',
    target: 'repository',
    violationLevel: 'fail',
    includes: Object.freeze([]),
    command: 'majordomus doctor --rule {rule}',
    pack: 'majordomus',
  }),
  check: Object.freeze({
    name: 'check',
    description: 'The active task, judged against the rules while the work is under way.',
    target: 'repository',
    violationLevel: 'fail',
    includes: Object.freeze([]),
    command: 'majordomus check --rule {rule}',
    pack: 'majordomus',
  }),
  finish: Object.freeze({
    name: 'finish',
    description: 'The completion contract a task must meet before it is accepted as done.',
    target: 'repository',
    violationLevel: 'fail',
    includes: Object.freeze([]),
    command: 'majordomus finish --check --rule {rule}',
    pack: 'majordomus',
  }),
  watch: Object.freeze({
    name: 'watch',
    description: 'Drift between the layer and the repository it describes, reported as DRIFT rather than FAIL.',
    target: 'repository',
    violationLevel: 'drift',
    exitCode: 11,
    includes: Object.freeze([]),
    command: 'majordomus watch --rule {rule}',
    pack: 'majordomus',
  }),
  session: Object.freeze({
    name: 'session',
    description: 'A brainstorm session folder is well formed while the session is open.',
    target: 'folder',
    violationLevel: 'fail',
    includes: Object.freeze([]),
    command: 'majordomus brainstorm check {target} --gate=session',
    pack: 'brainstorm',
  }),
  manifest: Object.freeze({
    name: 'manifest',
    description: 'A brainstorm session is ready for its harvest manifest.',
    target: 'folder',
    violationLevel: 'fail',
    includes: Object.freeze(['session'] as const),
    command: 'majordomus brainstorm check {target} --gate=manifest',
    pack: 'brainstorm',
  }),
  move: Object.freeze({
    name: 'move',
    description: 'A brainstorm session\'s harvest is complete and its folder may move to history.',
    target: 'folder',
    violationLevel: 'fail',
    includes: Object.freeze(['session', 'manifest'] as const),
    command: 'majordomus brainstorm check {target} --gate=move',
    pack: 'brainstorm',
  }),
});
