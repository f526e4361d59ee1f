import { Box } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { AuditChainStatus } from '../../../shared/audit/audit-views';
import { callPos } from '../shell/pos';
import { AuditChainAlert } from './audit-chain-alert';

/**
 * Above every screen, for whoever may see the audit trail: main's check of the trail at start
 * found it changed outside the till. Asked again when someone else signs in (`personKey`).
 */
export function AuditChainBanner({ personKey, onOpen }: { personKey: string; onOpen: () => void }) {
  const [status, setStatus] = useState<AuditChainStatus | null>(null);
  useEffect(() => {
    let live = true;
    void callPos('auditChain', {}).then((result) => {
      if (live && result.ok) setStatus(result.value);
    });
    return () => {
      live = false;
    };
  }, [personKey]);
  if (!status || status.intact) return null;
  return (
    <Box mb="md">
      <AuditChainAlert status={status} onOpen={onOpen} />
    </Box>
  );
}
