import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleControl, isControlPath, type ControlTarget } from './control-endpoint';
import { sendFailure } from './envelope-replies';
import { serveLogo } from './logo-route';
import { sendQrScanPage } from './qr-scan-page';
import { serveRates } from './rates-route';
import { serveServicePath, type ServiceRouteContext } from './service-route';

/**
 * Sends each request to the part of the sandbox that serves its path: the control endpoint
 * (only when switched on), the logos, the QR scan page, or the payment service.
 */

interface RouterContext extends ServiceRouteContext {
  /** null when the control endpoint is off: its paths then answer 404 like any unknown path. */
  control: ControlTarget | null;
}

async function route(
  req: IncomingMessage,
  res: ServerResponse,
  context: RouterContext,
): Promise<void> {
  const url = req.url ?? '/';
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  const query = queryAt < 0 ? '' : url.slice(queryAt + 1);

  if (context.control && isControlPath(path)) return handleControl(req, res, path, context.control);
  if (path.startsWith('/logos/')) return serveLogo(req, res, path);
  if (path === '/app/qr-scan' && req.method === 'GET') return sendQrScanPage(res, query);
  if (path === '/rates' && req.method === 'GET') return serveRates(res, context);
  return serveServicePath(req, res, { url, path, query }, context);
}

/** The server's request listener; a failure inside the sandbox answers 500 instead of crashing. */
export function createRequestListener(
  context: RouterContext,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    route(req, res, context).catch(() => {
      if (!res.headersSent)
        sendFailure(res, {
          status: 500,
          code: 'SANDBOX_ERROR',
          msg: 'The sandbox failed to answer.',
        });
      else res.destroy();
    });
  };
}
