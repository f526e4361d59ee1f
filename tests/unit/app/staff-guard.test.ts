import { describe, expect, it } from 'vitest';
import { guardCalls, type CallAuthorization } from '../../../electron/app/staff-guard';
import type { GuardedAct } from '../../../electron/staff/guarded-act';
import { StaffRefusal } from '../../../electron/staff/staff-errors';
import type { StaffGrant } from '../../../electron/staff/staff-service';
import type { Calls } from '../../../shared/ipc/contract';
import type { CallHandlers } from '../../../shared/ipc/contract-kit';
import { CallRefusal } from '../../../shared/ipc/call-refusal';

/** A staff gate that records what the guard asked and what it settled. */
function recordingGate(refusal?: StaffRefusal) {
  const asked: GuardedAct[] = [];
  const settled: (string | null)[] = [];
  const counts = { signedIn: 0, touched: 0 };
  const gate = {
    requireSignedIn: () => {
      counts.signedIn += 1;
    },
    authorize: (act: GuardedAct): StaffGrant => {
      asked.push(act);
      if (refusal) throw refusal;
      return {
        actorId: 'staff-2',
        approverId: 'staff-1',
        settle: (failure) => settled.push(failure),
      };
    },
    touch: () => {
      counts.touched += 1;
    },
  };
  return { gate, asked, settled, counts };
}

type Handler = (args: unknown, authorization?: CallAuthorization) => Promise<unknown>;
const guard = (handlers: Record<string, Handler>, gate: ReturnType<typeof recordingGate>['gate']) =>
  guardCalls(handlers as unknown as CallHandlers<Calls>, gate) as unknown as Record<
    string,
    (args: unknown) => Promise<unknown>
  >;

// The guard around every handler: what it asks the staff service before a call, what it hands
// the handler, and how it tells the service the act's outcome (an approval is spent on success only).
describe('guardCalls', () => {
  it('asks for the act with its permissions and arguments, and hands the handler who acts', async () => {
    const { gate, asked, settled, counts } = recordingGate();
    let seen: CallAuthorization | undefined;
    const calls = guard(
      {
        voidPaidOrder: async (_args, authorization) => {
          seen = authorization;
          return { ok: 1 };
        },
      },
      gate,
    );
    const args = { orderId: 'o-1', reason: 'Refunded in cash' };
    await expect(calls.voidPaidOrder!(args)).resolves.toEqual({ ok: 1 });
    expect(asked).toEqual([
      expect.objectContaining({
        call: 'voidPaidOrder',
        needs: ['void-paid'],
        turnsPinsOff: false,
        object: args,
      }),
    ]);
    expect(seen).toEqual({ actorId: 'staff-2', approverId: 'staff-1' });
    expect(settled).toEqual([null]);
    expect(counts.touched).toBe(1);
  });

  it('settles a failed act with the kind the page is told, and throws it on', async () => {
    const { gate, settled } = recordingGate();
    const refusal = new CallRefusal('no-order', 'There is no such order in this till.');
    const calls = guard(
      {
        voidPaidOrder: async () => {
          throw refusal;
        },
        reopenShift: async () => {
          throw new Error('disk full');
        },
      },
      gate,
    );
    await expect(calls.voidPaidOrder!({})).rejects.toBe(refusal);
    await expect(calls.reopenShift!({})).rejects.toThrow('disk full');
    expect(settled).toEqual(['no-order', 'internal']);
  });

  it('settles an export whose save dialog was closed as cancelled, a saved one as done', async () => {
    const { gate, settled } = recordingGate();
    let saved = false;
    const calls = guard({ exportCsv: async () => ({ saved }) }, gate);
    await calls.exportCsv!({ fromDate: '2026-11-22', toDate: '2026-11-22' });
    saved = true;
    await calls.exportCsv!({ fromDate: '2026-11-22', toDate: '2026-11-22' });
    expect(settled).toEqual(['cancelled', null]);
  });

  it("refuses in the staff service's words, with what is missing, and runs nothing", async () => {
    const { gate } = recordingGate(
      new StaffRefusal('needs-manager', 'This needs a manager.', undefined, {
        action: 'void-paid',
        permissions: ['void-paid'],
        approvers: ['staff-1'],
      }),
    );
    let ran = false;
    const calls = guard(
      {
        voidPaidOrder: async () => {
          ran = true;
          return null;
        },
      },
      gate,
    );
    await expect(calls.voidPaidOrder!({})).rejects.toMatchObject({
      kind: 'needs-manager',
      detail: { action: 'void-paid', permissions: ['void-paid'], approvers: ['staff-1'] },
    });
    expect(ran).toBe(false);
  });

  it('asks nothing for an open call, and only for someone signed in for a read', async () => {
    const { gate, asked, counts } = recordingGate();
    const calls = guard({ appInfo: async () => 'info', listOrders: async () => 'orders' }, gate);
    await expect(calls.appInfo!({})).resolves.toBe('info');
    expect(counts).toEqual({ signedIn: 0, touched: 0 });
    await expect(calls.listOrders!({})).resolves.toBe('orders');
    expect(counts).toEqual({ signedIn: 1, touched: 1 });
    expect(asked).toEqual([]);
  });
});
