import { Badge } from '@mantine/core';
import { useUpdateStatus } from './use-update-status';

/** In the header once an update is downloaded: nothing changes until the app closes. */
export function UpdateReadyBadge() {
  const status = useUpdateStatus();
  if (status.kind !== 'ready') return null;
  return (
    <Badge color="teal" variant="light" size="lg" data-testid="update-ready">
      Update ready: installs at close
    </Badge>
  );
}
