import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { selfSignedCertificate } from '../../support/self-signed-certificate';

/** One request as it reached the eavesdropper. */
interface OverheardRequest {
  method: string;
  path: string;
  authorization: string | undefined;
}

export interface HttpsEavesdropper {
  /** https://127.0.0.1:PORT/v1/cf-payment: a base URL the settings accept. */
  baseUrl: string;
  origin: string;
  /** Every request that arrived, oldest first. */
  requests(): OverheardRequest[];
  /** The Authorization headers that arrived, oldest first. */
  authorizations(): string[];
  /** Stops listening and takes its certificate out of this process's trust again. */
  close(): Promise<void>;
}

/**
 * Another https server on loopback that would like the till's token: a self-signed
 * certificate for 127.0.0.1 (tests/support/self-signed-certificate.ts), trusted by this test process only (Node's
 * default CA list, which the till's node:https transport reads at each connection), so the
 * till's client reaches it exactly as it would reach a real host. It answers every request
 * with 401 and the service's failure envelope, and records what arrived.
 */
export async function startHttpsEavesdropper(): Promise<HttpsEavesdropper> {
  const { key, cert } = selfSignedCertificate();

  const trustedBefore = getCACertificates('default');
  setDefaultCACertificates([...trustedBefore, cert]);

  const overheard: OverheardRequest[] = [];
  const server = createServer({ key, cert }, (request, response) => {
    overheard.push({
      method: request.method ?? '',
      path: request.url ?? '',
      authorization: request.headers.authorization,
    });
    request.resume();
    response.writeHead(401, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        data: null,
        errors: null,
        msg: 'unauthorized',
        error_code: 'UNAUTHORIZED',
      }),
    );
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl: `${origin}/v1/cf-payment`,
    origin,
    requests: () => overheard.map((request) => ({ ...request })),
    authorizations: () =>
      overheard.flatMap((request) =>
        request.authorization === undefined ? [] : [request.authorization],
      ),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      setDefaultCACertificates(trustedBefore);
    },
  };
}
