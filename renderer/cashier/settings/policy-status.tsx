import { Alert } from '@mantine/core';
import type { PageSettings } from '../../../shared/settings';

/** Whether IT's policy applies, and if it was ignored, why. */
export function PolicyStatus({ policy }: { policy: PageSettings['policy'] }) {
  return policy.kind === 'applied' ? (
    <Alert
      color="grape"
      variant="light"
      data-testid="policy-status"
      title="Some settings are managed by IT"
    >
      {policy.lockedKeys.length} setting{policy.lockedKeys.length === 1 ? ' is' : 's are'} locked by
      the policy at {policy.path}. Ask IT to change them.
    </Alert>
  ) : policy.kind === 'invalid' || policy.kind === 'untrusted' ? (
    <Alert
      color="red"
      variant="light"
      data-testid="policy-status"
      title={
        policy.kind === 'invalid'
          ? 'An IT policy has problems and was ignored'
          : 'An IT policy was ignored: it is not protected'
      }
    >
      {policy.kind === 'invalid'
        ? `${policy.path}: ${policy.problems.join(' ')}`
        : `${policy.reason} Ask IT to check it.`}
    </Alert>
  ) : null;
}
