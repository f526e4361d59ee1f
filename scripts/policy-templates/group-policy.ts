/**
 * What the ADMX and its ADML agree on: the registry key the app reads
 * (electron/settings/registry-policy.ts), and each setting offered twice, "locked" under the
 * app's key and "preset" under its Recommended subkey (the Chrome and Edge convention that
 * Group Policy and Intune administrators know).
 */
const POLICY_KEY = 'Software\\Policies\\CounterApp\\Counter';
export const NAMESPACE = 'CounterApp.Policies.Counter';

export interface PolicyVariant {
  suffix: '' | '_Recommended';
  key: string;
  category: string;
}

export const policyVariants: readonly PolicyVariant[] = [
  { suffix: '', key: POLICY_KEY, category: 'Counter' },
  { suffix: '_Recommended', key: `${POLICY_KEY}\\Recommended`, category: 'Counter_Recommended' },
];

export const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
