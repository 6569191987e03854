/**
 * Network failures in words, for owners and logs alike. Node's own messages name the address it
 * connected to ("connect ECONNREFUSED 10.0.0.5:443"), which would tell any user where an internal host
 * name points; these say what happened, never where.
 */
const CODE_TEXTS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'the connection was reset',
  ECONNABORTED: 'the connection was closed',
  EPIPE: 'the connection was closed',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the server is unreachable',
  ENETUNREACH: 'the network is unreachable',
  EHOSTDOWN: 'the server is down',
  ENOTFOUND: 'the name does not exist',
  EAI_AGAIN: 'the name could not be looked up',
  ENODATA: 'the name has no address',
  ERR_STREAM_PREMATURE_CLOSE: 'the connection closed early',
  Z_DATA_ERROR: 'the compressed answer is damaged',
  Z_BUF_ERROR: 'the compressed answer is damaged',
};

/** TLS problems carry OpenSSL's codes (CERT_HAS_EXPIRED, DEPTH_ZERO_SELF_SIGNED_CERT, ERR_TLS_...). */
const isCertificateCode = (code: string) => /CERT|SIGNATURE|ERR_TLS|ERR_SSL|SSL_/.test(code);

/** What went wrong with a connection, in a few words without addresses ("connection refused"). */
export function networkErrorText(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (!code) return 'a network error';
  if (CODE_TEXTS[code]) return CODE_TEXTS[code];
  if (isCertificateCode(code)) return `its security certificate is not valid (${code})`;
  if (code.startsWith('HPE_')) return 'the server sent an invalid HTTP answer';
  return `a network error (${code})`;
}
