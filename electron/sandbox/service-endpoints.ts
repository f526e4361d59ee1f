import { failureText, successText, type EnvelopeError } from './envelope-replies';
import { checkBearer } from './bearer-auth';
import { sandboxChains, type SandboxChain } from './catalogue';
import { generatedAssets, generatedChains } from './generated-chains';
import { logoUrl } from './logos';
import { formatExpireAt, type ExpireAtOrder } from './expire-at-format';
import type { FaultRule, SandboxEndpoint } from './fault-rules';
import { bendLink, linkPartsOf, qrUrlOf, totalOf } from './payment-link';
import type { ParsedBody } from './read-body';
import { bodyObject, checkChainId } from './field-checks';
import { checkNfcRequest, checkQrRequest } from './request-validation';
import type { SandboxLedger } from './sandbox-ledger';
import type { Clock } from '../../shared/clock';

/**
 * The four service endpoints (API 4.1-4.4) as functions from a request to a reply, so the
 * server can send the reply or, for a drop fault, throw it away after processing.
 */

export interface Reply {
  status: number;
  body: string;
  headers?: Record<string, string>;
}

export interface SandboxConfig {
  expirySeconds: number;
  timeZone: string;
  expireAtOrder: ExpireAtOrder;
  acceptAnyNfcToken: boolean;
  /** Generated chains listed after the sample ones (generated-chains.ts); 0 by default. */
  extraChains: number;
}

export interface ServiceContext {
  origin: string;
  clock: Clock;
  ledger: SandboxLedger;
  token: string;
  config: () => SandboxConfig;
}

export interface ServiceRequest {
  endpoint: SandboxEndpoint;
  method: string;
  query: string;
  body: ParsedBody;
  authorization: string | undefined;
  /** A `link` fault for this request, if any. */
  link?: FaultRule['link'];
}

const methods: Record<SandboxEndpoint, string> = {
  chain: 'GET',
  asset: 'GET',
  generate_qr: 'POST',
  generate_nfc: 'POST',
};

const errorReply = (error: EnvelopeError, headers?: Record<string, string>): Reply => ({
  status: error.status,
  body: failureText(error),
  ...(headers ? { headers } : {}),
});

/** The catalogue replies change only with `extraChains`: rendered once per count. */
function renderCatalogue(
  origin: string,
  extraChains: number,
): {
  chains: string;
  assetsByChain: Map<number, string>;
} {
  const chains = successText([
    ...sandboxChains.map((chain) => ({
      name: chain.name,
      chain_id: chain.chainId,
      logo: logoUrl(origin, chain.logo),
    })),
    ...generatedChains(origin, extraChains),
  ]);
  const assetsByChain = new Map(
    sandboxChains.map((chain: SandboxChain) => [
      chain.chainId,
      successText(
        chain.assets.map((asset) => ({
          asset: asset.symbol,
          chain: chain.name,
          chain_id: chain.chainId,
          decimal: asset.decimals,
          logo: logoUrl(origin, asset.logo),
        })),
      ),
    ]),
  );
  return { chains, assetsByChain };
}

export function createServiceEndpoints(context: ServiceContext) {
  let catalogue = renderCatalogue(context.origin, 0);
  let renderedFor = 0;
  const currentCatalogue = () => {
    const extra = context.config().extraChains;
    if (extra !== renderedFor) {
      catalogue = renderCatalogue(context.origin, extra);
      renderedFor = extra;
    }
    return catalogue;
  };
  const expectedToken = Buffer.from(context.token, 'utf8');

  function listAssets(query: string): Reply {
    const chainIdText = new URLSearchParams(query).get('chain_id');
    if (chainIdText === null || chainIdText === '') {
      return errorReply({
        status: 400,
        code: 'MISSING_FIELD',
        msg: 'chain_id is required.',
        field: 'chain_id',
      });
    }
    const generated = generatedAssets(context.origin, chainIdText, context.config().extraChains);
    if (generated !== null) return { status: 200, body: generated };
    const chain = checkChainId(chainIdText);
    if (!chain.ok) return errorReply(chain.error);
    return {
      status: 200,
      body: currentCatalogue().assetsByChain.get(chain.value.chainId) as string,
    };
  }

  function generateQr(request: ServiceRequest): Reply {
    const body = bodyObject(request.body);
    if (!body.ok) return errorReply(body.error);
    const checked = checkQrRequest(body.value);
    if (!checked.ok) return errorReply(checked.error);
    const order = checked.value;
    if (context.ledger.hasOrder(order.orderId)) return duplicateOrder();

    const config = context.config();
    const atMs = context.clock.now();
    const expireAtMs = atMs + config.expirySeconds * 1000;
    const expireAt = formatExpireAt(expireAtMs, config.timeZone, config.expireAtOrder);
    const total = totalOf(order.amount, order.feeValue);
    let parts = linkPartsOf(order, total);
    let appUrl = `${context.origin}/app`;
    if (request.link) ({ parts, appUrl } = bendLink(parts, appUrl, request.link));
    const qrUrl = qrUrlOf(appUrl, parts);

    context.ledger.addOrder({
      orderId: order.orderId,
      amount: order.amount,
      feeValue: order.feeValue,
      total,
      asset: order.asset.symbol,
      chainId: order.chain.chainId,
      chainName: order.chain.name,
      decimals: order.asset.decimals,
      currency: order.currency,
      serialNumber: order.serialNumber,
      qrUrl,
      rateUsd: order.asset.rateUsd,
      expireAt,
      expireAtMs,
      atMs,
    });
    return {
      status: 200,
      body: successText({ qr_url: qrUrl, rate_usd: order.asset.rateUsd, expire_at: expireAt }),
    };
  }

  function generateNfc(request: ServiceRequest): Reply {
    const body = bodyObject(request.body);
    if (!body.ok) return errorReply(body.error);
    const checked = checkNfcRequest(body.value);
    if (!checked.ok) return errorReply(checked.error);
    const payment = checked.value;
    if (context.ledger.hasOrder(payment.orderId)) return duplicateOrder();
    const tokenState = context.ledger.tokenState(payment.token, context.config().acceptAnyNfcToken);
    if (tokenState === 'used') {
      return errorReply({
        status: 409,
        code: 'TOKEN_USED',
        msg: 'This wallet payment request was already used. Ask the customer to tap again.',
        field: 'token',
      });
    }
    if (tokenState === 'unknown') {
      return errorReply({
        status: 400,
        code: 'UNKNOWN_TOKEN',
        msg: 'The wallet payment request is not known to the service. Ask the customer to tap again.',
        field: 'token',
      });
    }
    context.ledger.addNfcPayment({ ...payment, atMs: context.clock.now() });
    return { status: 200, body: successText('success') };
  }

  return function handle(request: ServiceRequest): Reply {
    const authError = checkBearer(request.authorization, expectedToken);
    if (authError) return errorReply(authError, { 'www-authenticate': 'Bearer' });
    const method = methods[request.endpoint];
    if (request.method !== method) {
      return errorReply(
        { status: 405, code: 'METHOD_NOT_ALLOWED', msg: `Use ${method} for /${request.endpoint}.` },
        { allow: method },
      );
    }
    switch (request.endpoint) {
      case 'chain':
        return { status: 200, body: currentCatalogue().chains };
      case 'asset':
        return listAssets(request.query);
      case 'generate_qr':
        return generateQr(request);
      case 'generate_nfc':
        return generateNfc(request);
    }
  };
}

function duplicateOrder(): Reply {
  return errorReply({
    status: 409,
    code: 'DUPLICATE_ORDER',
    msg: 'This order already exists: its order_id was used before.',
    field: 'order_id',
  });
}
