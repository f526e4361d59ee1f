import type { CallName, CashierApi, Calls, EventName, Events } from '../../../shared/ipc/contract';
import { cashierApi } from '../../common/bridge';
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

export async function callPos<Name extends CallName>(
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
