import { isUnreadable, readCheckedDocument as readChecked } from '../engine/api/toolkit/index';
import { defineValidator } from '../engine/api/validator';
import type { Policy, Profile } from '../engine/generated/types';

export default defineValidator({
  name: 'policy',
  description: 'The policy and every profile parse, follow their schema, and agree with each other.',
  gates: ['doctor', 'watch'],
  run(context) {
    const { layer } = context;
    const policyFile = layer.policyFile;
    const policyDoc = readChecked(context, policyFile, 'policy');
    const profilesDir = layer.section('profiles') ?? `${layer.repoDir}/profiles`;
    const profiles = new Set<string>();
    let names: string[] = [];
    if (!context.exists(profilesDir)) {
      context.violation({
        subject: profilesDir,
        message: `the profiles section ${profilesDir} cannot be read (run: majordomus init --extend)`,
      });
    } else {
      try {
        names = context
          .list(profilesDir)
          .filter((entry) => !entry.directory && entry.name.endsWith('.yaml'))
          .map((entry) => entry.name);
      } catch (error) {
        if (!isUnreadable(error)) throw error;
        context.violation({ subject: profilesDir, message: `the profiles section ${profilesDir} ${error.reason} (${error.fix})` });
      }
    }
    for (const name of names) {
      const file = `${profilesDir}/${name}`;
      const stem = name.slice(0, -'.yaml'.length);
      // the file exists even when it does not parse: its own violation says why, not a missing default
      profiles.add(stem);
      const doc = readChecked(context, file, 'profile');
      if (!doc) continue;
      const profile = doc.value as Profile;
      if (typeof profile.name === 'string' && profile.name !== stem) {
        context.violation({
          subject: file,
          file,
          line: doc.lines.get('name'),
          message: `the profile is named \`${profile.name}\` but its file is ${name} (make them agree)`,
        });
      }
    }
    if (!policyDoc) return;
    const policy = policyDoc.value as Policy;
    const fallback = policy.profiles?.default;
    if (typeof fallback === 'string' && !profiles.has(fallback)) {
      context.violation({
        subject: policyFile,
        file: policyFile,
        line: policyDoc.lines.get('profiles.default'),
        message: `the default profile \`${fallback}\` has no file ${profilesDir}/${fallback}.yaml (create it or name an existing profile)`,
      });
    }
    const projections = Array.isArray(policy.projections) ? policy.projections : [];
    if (projections.length > 0) {
      const always = projections.filter((projection) => projection?.always_loaded === true).length;
      if (always !== 1) {
        context.violation({
          subject: policyFile,
          file: policyFile,
          line: policyDoc.lines.get('projections'),
          message: `${always} projections are always_loaded; exactly one must be (mark the one every worker loads)`,
        });
      }
    }
    context.ok({ subject: policyFile, message: `the policy and ${names.length} profile(s) checked` });
  },
});
