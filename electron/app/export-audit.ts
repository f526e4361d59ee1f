import type { Calls } from '../../shared/ipc/contract';
import type { CallHandlers } from '../../shared/ipc/contract-kit';
import { CallRefusal } from '../../shared/ipc/call-refusal';
import type { AuditFields } from '../staff/audit-trail';
import type { CallAuthorization } from './staff-guard';

/** The calls that save a file where the person chooses. */
type ExportCall = 'exportCsv' | 'exportZReportCsv' | 'exportAuditCsv' | 'exportDiagnostics';
type Handler<Name extends ExportCall> = CallHandlers<Calls>[Name];
type ArgsOf<Name extends ExportCall> = Parameters<Handler<Name>>[0];

const days = ({ fromDate, toDate }: { fromDate: string; toDate: string }) =>
  fromDate === toDate ? fromDate : `${fromDate} to ${toDate}`;

/** What each export takes out of the till: the audit row's object. */
const exported: { [Name in ExportCall]: (args: ArgsOf<Name>) => AuditFields } = {
  exportCsv: (args) => ({ object: { kind: 'orders CSV', id: days(args) } }),
  exportZReportCsv: ({ zNumber }) => ({ object: { kind: 'Z report CSV', id: `Z ${zNumber}` } }),
  exportAuditCsv: (args) => ({
    object: { kind: 'audit trail CSV', id: days(args) },
    detail: {
      ...(args.kind !== undefined ? { kind: args.kind } : {}),
      ...(args.staffId !== undefined ? { staffId: args.staffId } : {}),
    },
  }),
  exportDiagnostics: () => ({ object: { kind: 'diagnostics', id: 'for IT' } }),
};

/**
 * Every export goes to the audit trail once it ends, whoever made it: what was exported, the
 * file it went to and its rows, or 'cancelled' (the save dialog was closed) or 'failed' with
 * why. Wraps the handlers inside the guard, which hands each the person allowed.
 */
export function auditExports(
  handlers: CallHandlers<Calls>,
  audit: (action: string, fields: AuditFields) => void,
): CallHandlers<Calls> {
  const wrapped = { ...handlers };
  for (const name of Object.keys(exported) as ExportCall[]) {
    const handler = handlers[name] as (
      args: unknown,
      authorization?: CallAuthorization,
    ) => Promise<{ saved: boolean; fileName?: string; rows?: number }>;
    const what = exported[name] as (args: unknown) => AuditFields;
    (wrapped as Record<string, unknown>)[name] = async (
      args: unknown,
      authorization?: CallAuthorization,
    ) => {
      const fields = {
        actorId: authorization?.actorId ?? null,
        approverId: authorization?.approverId ?? null,
        ...what(args),
      };
      let result: Awaited<ReturnType<typeof handler>>;
      try {
        result = await handler(args, authorization);
      } catch (error) {
        audit('export', {
          ...fields,
          reason:
            error instanceof CallRefusal ? error.message : 'Something went wrong inside the till.',
          outcome: 'failed',
        });
        throw error;
      }
      audit('export', {
        ...fields,
        ...(result.saved
          ? {
              after: {
                fileName: result.fileName ?? null,
                ...(result.rows !== undefined ? { rows: result.rows } : {}),
              },
            }
          : {}),
        outcome: result.saved ? 'done' : 'cancelled',
      });
      return result;
    };
  }
  return wrapped;
}
