import type { Clock } from '../../shared/clock';
import { DIRECT, parsePacResult, type ProxyRoute } from './pac-result';
import type { ProxyResolver } from './proxy-resolver';

/** How long an answer is kept: a sale must not wait on a PAC script for each request. */
export const PROXY_ROUTE_TTL_MS = 60_000;
/** Origins remembered at once: the till talks to one service and a few logo hosts. */
const MAX_ORIGINS = 64;

/**
 * The route for each origin, asked of the resolver at most once per PROXY_ROUTE_TTL_MS
 * (on the injected Clock). Requests to the same origin while an answer is pending share
 * it. A resolver that fails answers DIRECT (what Chromium does when a PAC script fails), and
 * the caller's own deadline covers a resolver that never answers.
 */
export class ProxyRoutes {
  private readonly answers = new Map<string, { untilMs: number; route: Promise<ProxyRoute> }>();

  constructor(
    private readonly resolve: ProxyResolver,
    private readonly clock: Clock,
  ) {}

  routeFor(url: string): Promise<ProxyRoute> {
    let origin: string;
    try {
      origin = new URL(url).origin;
    } catch {
      return Promise.resolve(DIRECT);
    }
    if (origin === 'null') return Promise.resolve(DIRECT);
    const now = this.clock.now();
    const known = this.answers.get(origin);
    if (known && known.untilMs > now) return known.route;
    // Asked with the origin only: the answer is kept for the whole origin, and a path or
    // query has no business in a PAC script.
    let route: Promise<ProxyRoute>;
    try {
      route = this.resolve(`${origin}/`).then(parsePacResult, () => DIRECT);
    } catch {
      route = Promise.resolve(DIRECT);
    }
    if (this.answers.size >= MAX_ORIGINS) this.answers.clear();
    this.answers.set(origin, { untilMs: now + PROXY_ROUTE_TTL_MS, route });
    return route;
  }
}
