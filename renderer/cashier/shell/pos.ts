import type { CallName, CashierApi, Calls, EventName, Events } from '../../../shared/ipc/contract';
import { cashierApi } from '../../common/bridge';
import { askManagerApproval } from '../staff/approval-requests';
import { approversOf, permissionOf } from '../staff/staff-words';
import type {
  ArgsOf,
  CallFailure,
  CallResult,
  PayloadOf,
  ResultOf,
} from '../../../shared/ipc/contract-kit';

/**
 * `window.pos`, the cashier page's only way to the till (the preload in the app, the harness
 * bridge in tests). Calls never throw here: a transport that breaks becomes a 'transport'
 * failure like any other, so every caller handles one shape.
 */
function pos(): CashierApi {
  return cashierApi();
}

/**
 * One till call. When main answers that it needs a manager, the manager approval dialog asks
 * for a manager's PIN in place for this very call with these arguments, and the call is made
 * again once: the screen that asked gets that second answer, or the first refusal when the
 * cashier cancels. No screen handles it.
 */
export async function callPos<Name extends CallName>(
  name: Name,
  args: ArgsOf<Calls[Name]>,
): Promise<CallResult<ResultOf<Calls[Name]>>> {
  const first = await callOnce(name, args);
  if (first.ok || first.error.kind !== 'needs-manager') return first;
  const action = permissionOf(first.error.detail);
  if (action === null) return first;
  const approvers = approversOf(first.error.detail);
  if (!(await askManagerApproval({ action, call: name, args, approvers }))) return first;
  return callOnce(name, args);
}

async function callOnce<Name extends CallName>(
  name: Name,
  args: ArgsOf<Calls[Name]>,
): Promise<CallResult<ResultOf<Calls[Name]>>> {
  try {
    const method = pos()[name] as (
      a: ArgsOf<Calls[Name]>,
    ) => Promise<CallResult<ResultOf<Calls[Name]>>>;
    return await method(args);
  } catch {
    return { ok: false, error: transportFailure };
  }
}

const transportFailure: CallFailure = {
  kind: 'transport',
  message: 'The window could not reach the till.',
};

export function onPos<Name extends EventName>(
  name: Name,
  listener: (payload: PayloadOf<Events[Name]>) => void,
): () => void {
  return pos().on(name, listener);
}
