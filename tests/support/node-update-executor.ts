import * as http from 'node:http';
import {
  configureRequestOptions,
  configureRequestUrl,
  HttpExecutor,
  type DownloadOptions,
} from 'builder-util-runtime';

/**
 * electron-updater's HTTP seam with Node's http instead of Electron's net (which exists only
 * in Electron): the same download, checksum and redirect code of builder-util-runtime runs
 * against a real server on loopback. Mirrors electron-updater's ElectronHttpExecutor.
 */
export class NodeUpdateExecutor extends HttpExecutor<http.ClientRequest> {
  /** Every URL asked for, in order. */
  readonly requested: string[] = [];

  createRequest(options: http.RequestOptions, callback: (response: http.IncomingMessage) => void) {
    this.requested.push(
      `${options.protocol ?? 'http:'}//${options.hostname}:${options.port}${options.path}`,
    );
    return http.request(options, callback);
  }

  async download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return await options.cancellationToken.createPromise((resolve, reject, onCancel) => {
      const requestOptions = { headers: options.headers ?? undefined, redirect: 'manual' };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      this.doDownload(
        requestOptions,
        {
          destination,
          options,
          onCancel,
          callback: (error) => (error == null ? resolve(destination) : reject(error)),
          responseHandler: null,
        },
        0,
      );
    });
  }
}
