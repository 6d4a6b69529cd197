/**
 * Whether a command runs in CI. Git hooks belong to a developer's clone: a CI job checks out the
 * repository fresh, installs nothing into `.git/hooks`, and calls the gates itself. So under CI the
 * wiring rule does not fail for hooks this clone lacks (what the repository commits is still judged),
 * and `hooks install --prepare`, which a package manager runs on install, installs nothing.
 *
 * CI is recognised by the variables the common systems set: `CI` (GitHub Actions, GitLab, CircleCI,
 * Travis, Buildkite, Bitbucket, Woodpecker and most others) unless it is empty, `0` or `false`, and
 * the few systems' own that do not set it.
 */

/** The variables that say a process runs in CI, in the order they are asked. */
export const CI_VARIABLES: readonly string[] = [
  'CI',
  'GITHUB_ACTIONS',
  'GITLAB_CI',
  'BUILDKITE',
  'CIRCLECI',
  'TF_BUILD',
  'JENKINS_URL',
  'TEAMCITY_VERSION',
  'BITBUCKET_BUILD_NUMBER',
];

/** The variable that says this environment is CI, as `NAME=value`, or undefined outside CI. */
export function ciVariable(env: Readonly<Record<string, string | undefined>>): string | undefined {
  for (const name of CI_VARIABLES) {
    const value = env[name];
    if (value === undefined || value === '' || /^(0|false)$/i.test(value)) continue;
    return `${name}=${value}`;
  }
  return undefined;
}
