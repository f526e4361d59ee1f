import type { Events } from '../../../../shared/ipc/contract';
import type { PayloadOf, Subscriptions } from '../../../../shared/ipc/contract-kit';

/**
 * A stand-in for window.pos / window.display's subscriptions: tests push payloads with emit()
 * and see who listens. Like the real bridges, a new subscriber gets the latest value.
 */
export class FakeEventApi<
  Names extends keyof Events & string = keyof Events & string,
> implements Subscriptions<Events, Names> {
  private readonly listeners = new Map<string, Set<(payload: unknown) => void>>();
  private readonly latest = new Map<string, unknown>();

  on<Name extends Names>(
    name: Name,
    listener: (payload: PayloadOf<Events[Name]>) => void,
  ): () => void {
    const set = this.listeners.get(name) ?? new Set();
    this.listeners.set(name, set);
    const untyped = listener as (payload: unknown) => void;
    set.add(untyped);
    if (this.latest.has(name)) untyped(this.latest.get(name));
    return () => void set.delete(untyped);
  }

  emit<Name extends Names>(name: Name, payload: PayloadOf<Events[Name]>): void {
    this.latest.set(name, payload);
    for (const listener of [...(this.listeners.get(name) ?? [])]) listener(payload);
  }

  listenerCount(name: Names): number {
    return this.listeners.get(name)?.size ?? 0;
  }
}
