/**
 * Where IT puts the managed policy, per OS. Machine-wide locations that only administrators
 * can write:
 *   Windows  %ProgramData%\CounterApp\policy.json  (C:\ProgramData when the variable is missing)
 *   macOS    /Library/Application Support/CounterApp/policy.json
 *   Linux    /etc/counter-app/policy.json  (and any other platform)
 *
 * Pure: the platform and environment are passed in. There is deliberately no environment
 * variable that points somewhere else: that would let a user without admin rights swap in a
 * policy with nothing locked. (%ProgramData% itself comes from the environment, as Windows
 * resolves it; the policy is an IT convenience, not a barrier against someone who can
 * start the app with a crafted environment.)
 */
export function policyPath(
  platform: string,
  env: Readonly<Record<string, string | undefined>>,
): string {
  if (platform === 'win32') return `${windowsProgramData(env)}\\CounterApp\\policy.json`;
  if (platform === 'darwin') return '/Library/Application Support/CounterApp/policy.json';
  return '/etc/counter-app/policy.json';
}

const DEFAULT_PROGRAM_DATA = 'C:\\ProgramData';

function windowsProgramData(env: Readonly<Record<string, string | undefined>>): string {
  // Windows environment names are case-insensitive; a copied env object may not be.
  const entry = Object.entries(env).find(([name]) => name.toLowerCase() === 'programdata');
  const value = entry?.[1]?.trim();
  // Only an absolute drive path (C:\...) is taken; anything else (relative, UNC, empty) is ignored.
  if (!value || !/^[A-Za-z]:\\[^\0<>"|?*]*$/.test(value)) return DEFAULT_PROGRAM_DATA;
  return value.replace(/\\+$/, '');
}
