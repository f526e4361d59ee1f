import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import {
  startSandbox,
  type RunningSandbox,
  type SandboxOptions,
} from '../../electron/sandbox/sandbox-server';
import { selfSignedCertificate } from './self-signed-certificate';

/**
 * The sandbox over https, as a far-away service is: a certificate for 127.0.0.1 made at run
 * time (self-signed-certificate.ts; no key is ever written to disk or committed), trusted by
 * this process only (Node's default CA list, which node:https reads at each new
 * connection) until close(). `roundTripMs` puts the service that far away
 * (electron/sandbox/latency-relay.ts).
 */
export async function startTlsSandbox(
  options: Omit<SandboxOptions, 'tls'> = {},
): Promise<RunningSandbox> {
  const { key, cert } = selfSignedCertificate();
  const trustedBefore = getCACertificates('default');
  setDefaultCACertificates([...trustedBefore, cert]);
  try {
    const sandbox = await startSandbox({ ...options, tls: { key, cert } });
    return {
      ...sandbox,
      async close() {
        await sandbox.close();
        setDefaultCACertificates(trustedBefore);
      },
    };
  } catch (error) {
    setDefaultCACertificates(trustedBefore);
    throw error;
  }
}
