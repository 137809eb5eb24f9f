import { ServerResponse, type OutgoingHttpHeader, type OutgoingHttpHeaders } from 'node:http';
import { COMMON_HEADERS, HSTS, RESOURCE_CSP, isSecuredHeaderList } from './security-headers.js';

type HeaderArg = OutgoingHttpHeaders | OutgoingHttpHeader[];

/**
 * docgen serve's responses (http.createServer's ServerResponse option). Every response goes
 * through writeHead (`res.end` calls it too), so this is the one place that makes sure each
 * carries the security headers, however it was sent: a file's precomputed header list
 * (securedHeaderList) already holds them and goes out as it is, with no per-request header
 * map; anything else gets the ones it did not set itself.
 */
export class ServeResponse extends ServerResponse {
  /** The client came over https, as a trusted proxy says (set per request by the server): HSTS. */
  https = false;
  /** The session's user as the access log names it (a hash), once the session is verified. */
  user: string | null = null;
  /** Body bytes of a response sent with a header list (no Content-Length to read back); -1 when unknown. */
  bodyBytes = -1;
  /** performance.now() when the request came in. */
  startedAt = 0;

  override writeHead(statusCode: number, reasonOrHeaders?: string | HeaderArg, headers?: HeaderArg): this {
    const list = typeof reasonOrHeaders === 'string' ? headers : reasonOrHeaders;
    if (!isSecuredHeaderList(list)) this.addSecurityHeaders();
    return typeof reasonOrHeaders === 'string' ? super.writeHead(statusCode, reasonOrHeaders, headers) : super.writeHead(statusCode, reasonOrHeaders);
  }

  private addSecurityHeaders(): void {
    for (let i = 0; i < COMMON_HEADERS.length; i += 2) {
      if (!this.hasHeader(COMMON_HEADERS[i])) this.setHeader(COMMON_HEADERS[i], COMMON_HEADERS[i + 1]);
    }
    if (!this.hasHeader('Content-Security-Policy')) this.setHeader('Content-Security-Policy', RESOURCE_CSP);
    if (this.https) this.setHeader('Strict-Transport-Security', HSTS);
  }
}
