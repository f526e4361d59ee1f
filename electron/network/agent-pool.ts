import * as http from 'node:http';
import * as https from 'node:https';
import { proxyKey, type ProxyEndpoint } from './pac-result';
import { proxyAgents, type ProxyAgents } from './proxy-agents';

/**
 * Keep-alive agents by route: one pair for direct requests and one pair per proxy, all
 * with the same options, so pooling works the same with or without a proxy.
 */
export class AgentPool {
  private http: http.Agent;
  private https: https.Agent;
  private readonly proxies = new Map<string, ProxyAgents>();

  constructor(private readonly options: Readonly<http.AgentOptions>) {
    this.http = new http.Agent(options);
    this.https = new https.Agent(options);
  }

  direct(secure: boolean): http.Agent {
    return secure ? this.https : this.http;
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

  /** Closes every pooled and in-use socket; the pool stays usable with fresh agents. */
  destroy(): void {
    this.http.destroy();
    this.https.destroy();
    for (const agents of this.proxies.values()) {
      agents.forward.destroy();
      agents.tunnel.destroy();
    }
    this.proxies.clear();
    this.http = new http.Agent(this.options);
    this.https = new https.Agent(this.options);
  }
}
