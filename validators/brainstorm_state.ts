import type { SessionContext } from '../engine/brainstorm/define';
import { defineSessionValidator } from '../engine/brainstorm/define';
import type { Session } from '../engine/brainstorm/session';
import { driftViolation, STATE_FIELDS } from '../engine/brainstorm/session';

const FILE = 'state.md';

export default defineSessionValidator({
  name: 'brainstorm_state',
  description: "A brainstorm session's state.md carries its five fields and an aspect map whose refs resolve and hold content.",
  checks: {
    fields,
    'aspect-map': aspectMap,
    'aspect-refs': aspectRefs,
    'aspect-content': aspectContent,
  },
});

/** BS-STATE-01: state.md exists, each field is there once, in its shape, with a value the contract allows. */
function fields(context: SessionContext, { state }: Session): void {
  if (!state.present) {
    context.violation({
      subject: FILE,
      file: FILE,
      message: 'the session has no state.md (the twin keeps Status, Posture, Started, Sitting and Last compose there)',
    });
    return;
  }
  for (const drift of state.drift) context.violation(driftViolation(drift));
  for (const name of STATE_FIELDS) {
    if (!state.fields[name]) context.violation({ subject: FILE, file: FILE, message: `the field \`- ${name}: …\` is absent` });
  }
  context.ok({ subject: FILE, file: FILE, message: `${STATE_FIELDS.length} field(s) checked` });
}

/** BS-STATE-02: a `## Aspect map` with at least one aspect line, every aspect line in its shape. */
function aspectMap(context: SessionContext, { state }: Session): void {
  if (!state.present) {
    context.skip({ subject: FILE, message: 'there is no state.md (BS-STATE-01 reports it)' });
    return;
  }
  for (const drift of state.aspectDrift) context.violation(driftViolation(drift));
  if (!state.aspectMap) {
    context.violation({ subject: FILE, file: FILE, message: 'state.md has no `## Aspect map`' });
    return;
  }
  if (state.aspects.length === 0) {
    context.violation({
      subject: FILE,
      file: FILE,
      line: state.aspectMap.line,
      message: 'the aspect map holds no parseable aspect line `- {name} — {gloss} → {refs}`',
    });
    return;
  }
  context.ok({ subject: FILE, file: FILE, message: `${state.aspects.length} aspect(s) read` });
}

/** BS-ASPECT-01: every ref names a fork (open, parked, or resolved by a decision), a decision or a fragment that exists. */
function aspectRefs(context: SessionContext, session: Session): void {
  const { state, forks, ledger, fragments } = session;
  if (!state.present) {
    context.skip({ subject: FILE, message: 'there is no state.md (BS-STATE-01 reports it)' });
    return;
  }
  const forkIds = new Set(forks.forks.map((fork) => fork.id));
  const resolvedBy = new Map<string, string>();
  for (const decision of ledger.decisions) for (const id of decision.resolves) if (!resolvedBy.has(id)) resolvedBy.set(id, decision.id);
  const decisionIds = new Set(ledger.decisions.map((decision) => decision.id));
  let checked = 0;
  for (const aspect of state.aspects) {
    const report = (message: string): void =>
      context.violation({ subject: FILE, file: FILE, line: aspect.line, message: `the aspect \`${aspect.name}\` ${message}` });
    if (aspect.refs.length > 1 && aspect.refs.some((ref) => ref.kind === 'none-yet'))
      report('lists `none yet` beside other refs; `none yet` stands alone');
    for (const ref of aspect.refs) {
      checked++;
      switch (ref.kind) {
        case 'fork':
          if (!forkIds.has(ref.id) && !resolvedBy.has(ref.id))
            report(`refers to ${ref.id}, which is neither a fork in forks.md nor a fork a decision resolves`);
          break;
        case 'decision':
          if (!decisionIds.has(ref.id)) report(`refers to ${ref.id}, which is not a decision in ledger.md`);
          break;
        case 'fragment':
          if (!fragments.includes(`${ref.name}.md`)) report(`refers to fragment:${ref.name}, but there is no fragments/${ref.name}.md`);
          break;
        case 'malformed':
          report(`has the ref \`${ref.text}\`, which is none of F<n>, D<n>, fragment:{name}, thesis, none yet`);
          break;
        case 'thesis':
        case 'none-yet':
          break;
      }
    }
  }
  context.ok({ subject: FILE, file: FILE, message: `${checked} ref(s) of ${state.aspects.length} aspect(s) checked` });
}

/** BS-ASPECT-02: no aspect is still `none yet` when the manifest is due. */
function aspectContent(context: SessionContext, { state }: Session): void {
  if (!state.present) {
    context.skip({ subject: FILE, message: 'there is no state.md (BS-STATE-01 reports it)' });
    return;
  }
  for (const aspect of state.aspects) {
    if (aspect.refs.length > 0 && aspect.refs.every((ref) => ref.kind === 'none-yet')) {
      context.violation({
        subject: FILE,
        file: FILE,
        line: aspect.line,
        message: `the aspect \`${aspect.name}\` has no content yet (\`none yet\`)`,
      });
    }
  }
  context.ok({ subject: FILE, file: FILE, message: `${state.aspects.length} aspect(s) checked` });
}
