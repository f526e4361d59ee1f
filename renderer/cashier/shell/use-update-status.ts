import { useEffect, useState } from 'react';
import type { UpdateStatus } from '../../../shared/update-status';
import { callPos } from './pos';
import { usePosEvent } from './use-pos';

/** The till's update status: asked once, then followed through main's events. */
export function useUpdateStatus(): UpdateStatus {
  const [asked, setAsked] = useState<UpdateStatus>({ kind: 'off' });
  const pushed = usePosEvent('update-status');
  useEffect(() => {
    let live = true;
    void callPos('updateStatus', {}).then((result) => {
      if (live && result.ok && result.value) setAsked(result.value);
    });
    return () => {
      live = false;
    };
  }, []);
  return pushed ?? asked;
}

/** The status in the cashier's words. */
export function updateStatusWords(status: UpdateStatus): string {
  switch (status.kind) {
    case 'off':
      return 'Updates are managed by IT.';
    case 'checking':
      return 'Looking for an update…';
    case 'current':
      return 'This is the newest version.';
    case 'downloading':
      return `Downloading version ${status.version} in the background. Sales are not affected.`;
    case 'ready':
      return `Version ${status.version} is ready. It installs when the app closes.`;
    case 'failed':
      return status.reason;
  }
}
