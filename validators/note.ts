import { readPolicy } from '../engine/api/toolkit/index';
import { defineValidator } from '../engine/api/validator';
import { attemptModel } from '../engine/state/tasks/attempt';
import type { FinishOutcome } from '../engine/state/tasks/current';

/** Lines that read as a conversation's turns: a note is the state of the work, never a transcript. */
const TURN = /^\s*(?:>\s*)?(?:human|user|assistant|system|ai)\s*:/i;
/** This many turn-like lines make a note a transcript. */
const TRANSCRIPT_TURNS = 3;

export default defineValidator({
  name: 'note',
  description: 'A finished task leaves a note with the sections its outcome needs, and no transcript.',
  gates: ['finish'],
  run(context) {
    const attempt = context.model(attemptModel);
    if (!attempt) {
      context.skip({ subject: 'note', message: 'judged by finish --outcome, which takes the note; finish --check takes none' });
      return;
    }
    const policy = readPolicy(context);
    const needed = requiredSections(attempt.outcome, policy?.policy.handover?.required_sections);
    if (!needed) {
      // the policy is where the sections are named; no reader carries a list of its own
      context.violation({
        subject: policy?.file ?? context.layer.policyFile,
        message: 'the policy sets no handover.required_sections, so a completed note cannot be judged (add them from the skeleton policy)',
      });
      return;
    }
    if (!attempt.note) {
      context.violation({
        subject: 'note',
        message: `a ${attempt.outcome} outcome needs a note with ${needed.map((s) => `# ${s}`).join(', ')} (pass --note <file>)`,
      });
      return;
    }
    const { file, text } = attempt.note;
    const headings = new Set(text.split('\n').flatMap((line) => /^#\s+(.+?)\s*#*\s*$/.exec(line)?.[1] ?? []));
    const missing = needed.filter((section) => !headings.has(section));
    if (missing.length > 0)
      context.violation({
        subject: file,
        message: `the note lacks ${missing.map((s) => `# ${s}`).join(', ')}, which a ${attempt.outcome} outcome needs`,
      });
    const turns = text.split('\n').filter((line) => TURN.test(line)).length;
    if (turns >= TRANSCRIPT_TURNS)
      context.violation({
        subject: file,
        message: `the note reads as a transcript (${turns} lines open with a speaker): write the state of the work, not the conversation`,
      });
    if (missing.length === 0 && turns < TRANSCRIPT_TURNS)
      context.ok({ subject: file, message: `carries ${needed.map((s) => `# ${s}`).join(', ')}` });
  },
});

/** The sections an outcome's note needs: a handover's for completed, what to do next, or why not. */
function requiredSections(outcome: FinishOutcome, handover: readonly string[] | undefined): readonly string[] | undefined {
  if (outcome === 'completed') return Array.isArray(handover) && handover.length > 0 ? handover : undefined;
  if (outcome === 'partial' || outcome === 'blocked') return ['Next Action'];
  return ['Reason'];
}
