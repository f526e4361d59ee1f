import type * as http from 'node:http';
import { proxyKey, type ProxyEndpoint } from './pac-result';
import {
  PreconnectHttpAgent,
  PreconnectHttpsAgent,
  type PreconnectResult,
} from './preconnect-agent';
import { proxyAgents, type ProxyAgents } from './proxy-agents';

/**
 * Keep-alive agents by route: one pair for direct requests and one pair per proxy, all
 * with the same options, so pooling works the same with or without a proxy. The direct
 * pair can open a connection ahead of its request (`preconnect`, ./preconnect-agent.ts).
 */
export class AgentPool {
  private http: PreconnectHttpAgent;
  private https: PreconnectHttpsAgent;
  private readonly proxies = new Map<string, ProxyAgents>();

  constructor(private readonly options: Readonly<http.AgentOptions>) {
    this.http = new PreconnectHttpAgent(options);
    this.https = new PreconnectHttpsAgent(options);
  }

  direct(secure: boolean): http.Agent {
    return secure ? this.https : this.http;
  }

  /** Opens a direct connection (TLS included) the next request to that origin takes. */
  preconnect(secure: boolean, hostname: string, port: number): Promise<PreconnectResult> {
    return (secure ? this.https : this.http).preconnect(hostname, port);
  }

  forProxy(proxy: ProxyEndpoint): ProxyAgents {
    const key = proxyKey(proxy);
    let agents = this.proxies.get(key);
    if (!agents) {
      agents = proxyAgents(proxy, this.options);
      this.proxies.set(key, agents);
    }
    return agents;
  }

  /**
   * Closes the direct agents' idle connections (pooled and pre-connected) now, as their
   * idle timeout would, keeping the agents and so their TLS session cache.
   */
  closeIdle(): void {
    this.http.closeIdle();
    this.https.closeIdle();
  }

  /** Closes every pooled and in-use socket; the pool stays usable with fresh agents. */
  destroy(): void {
    this.http.destroy();
    this.https.destroy();
    for (const agents of this.proxies.values()) {
      agents.forward.destroy();
      agents.tunnel.destroy();
    }
    this.proxies.clear();
    this.http = new PreconnectHttpAgent(this.options);
    this.https = new PreconnectHttpsAgent(this.options);
  }
}
