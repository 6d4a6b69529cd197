import type { SessionContext } from '../engine/brainstorm/define';
import { defineSessionValidator } from '../engine/brainstorm/define';
import type { Session } from '../engine/brainstorm/session';
import { DATETIME, driftViolation, THESIS_SECTIONS } from '../engine/brainstorm/session';

const FILE = 'thesis.md';
const CAPTURE = 'ops/capture.md';

export default defineSessionValidator({
  name: 'brainstorm_thesis',
  description: "A brainstorm session's thesis has its title, stamp and sections, and its compose is recorded and newer than every capture.",
  checks: {
    shape,
    'compose-stamp': composeStamp,
    'compose-fresh': composeFresh,
  },
});

/** BS-THESIS-01: a title, then `Current as of: <datetime>`, then `## Claim`, `## Argument`, `## What changed`. */
function shape(context: SessionContext, { thesis }: Session): void {
  const report = (message: string, line?: number): void => context.violation({ subject: FILE, file: FILE, line, message });
  if (!thesis.present) {
    report('the session has no thesis.md');
    return;
  }
  for (const drift of thesis.drift) context.violation(driftViolation(drift));
  if (!thesis.title) report('the thesis has no title (`# {title}`) before its stamp');
  if (!thesis.stamp) report('the thesis has no stamp `Current as of: <YYYY-MM-DDTHH:MMZ>`');
  const firsts = new Map<string, number>();
  for (const section of thesis.sections) {
    const first = firsts.get(section.name);
    if (first !== undefined) report(`a second \`## ${section.name}\` (the first is at line ${first})`, section.line);
    else firsts.set(section.name, section.line);
  }
  for (const name of THESIS_SECTIONS) if (!firsts.has(name)) report(`the thesis has no \`## ${name}\` section`);
  // the sections that are there come in the contract's order
  let previous: { name: string; line: number; rank: number } | undefined;
  for (const section of thesis.sections.filter((s) => firsts.get(s.name) === s.line)) {
    const rank = THESIS_SECTIONS.indexOf(section.name);
    if (previous && rank < previous.rank) {
      report(
        `\`## ${section.name}\` comes after \`## ${previous.name}\`; the sections run ${THESIS_SECTIONS.map((s) => `## ${s}`).join(', ')}, in that order`,
        section.line,
      );
    } else previous = { ...section, rank };
  }
  const firstSection = thesis.sections[0];
  if (thesis.stamp && firstSection && thesis.stamp.line > firstSection.line) {
    report(`the stamp comes after \`## ${firstSection.name}\`; it follows the title, before the sections`, thesis.stamp.line);
  }
  context.ok({ subject: FILE, file: FILE, message: `title, stamp and ${THESIS_SECTIONS.length} section(s) checked` });
}

/** The recorded compose, when it can be compared: a datetime, `never`, or undefined (BS-STATE-01 reports why). */
function lastCompose({ state }: Session): { value: string; line: number } | undefined {
  const field = state.fields['Last compose'];
  return field && (field.value === 'never' || DATETIME.test(field.value)) ? field : undefined;
}

/** BS-COMPOSE-01: the thesis stamp equals `Last compose` (both `never` before the first compose). */
function composeStamp(context: SessionContext, session: Session): void {
  const { thesis } = session;
  const stamp = thesis.stamp && (thesis.stamp.value === 'never' || DATETIME.test(thesis.stamp.value)) ? thesis.stamp : undefined;
  const recorded = lastCompose(session);
  if (!recorded) {
    context.skip({
      subject: 'state.md',
      message: "state.md has no Last compose of the contract's shape to compare (BS-STATE-01 reports it)",
    });
    return;
  }
  if (!stamp) {
    context.skip({ subject: FILE, message: "the thesis has no stamp of the contract's shape to compare (BS-THESIS-01 reports it)" });
    return;
  }
  if (stamp.value !== recorded.value) {
    context.violation({
      subject: FILE,
      file: FILE,
      line: stamp.line,
      message: `the thesis stamp ${stamp.value} differs from Last compose ${recorded.value} (state.md:${recorded.line}); the twin records every compose`,
    });
    return;
  }
  context.ok({ subject: FILE, file: FILE, message: `the stamp equals Last compose (${stamp.value})` });
}

/** BS-COMPOSE-02: no capture entry is newer than the last compose; the capture headings keep their shape. */
function composeFresh(context: SessionContext, session: Session): void {
  const { capture } = session;
  if (!capture.present) {
    context.info({ subject: CAPTURE, message: 'there is no ops/capture.md, so no capture entry is newer than the last compose' });
    return;
  }
  for (const drift of capture.drift) context.violation(driftViolation(drift));
  let newest: { datetime: string; number: number; line: number } | undefined;
  for (const entry of capture.entries) {
    if (DATETIME.test(entry.datetime) && (!newest || entry.datetime > newest.datetime)) newest = entry;
  }
  if (!newest) {
    context.ok({ subject: CAPTURE, file: CAPTURE, message: 'no capture entry carries a datetime to compare' });
    return;
  }
  const recorded = lastCompose(session);
  if (!recorded) {
    context.skip({
      subject: 'state.md',
      message: "state.md has no Last compose of the contract's shape to compare (BS-STATE-01 reports it)",
    });
    return;
  }
  if (recorded.value === 'never' || newest.datetime > recorded.value) {
    context.violation({
      subject: CAPTURE,
      file: CAPTURE,
      line: newest.line,
      message: `the newest capture entry, T${newest.number} at ${newest.datetime}, is newer than the last compose (${recorded.value}, state.md:${recorded.line}); the twin syncs before the manifest`,
    });
    return;
  }
  context.ok({
    subject: CAPTURE,
    file: CAPTURE,
    message: `the newest capture entry (${newest.datetime}) is not newer than the last compose (${recorded.value})`,
  });
}
