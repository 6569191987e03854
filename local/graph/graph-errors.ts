import { randomBytes } from 'node:crypto';

/** An error as the Graph API answers it: `{ error: { message, type, code, error_subcode?, fbtrace_id } }`. */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type: string,
    readonly code: number,
    readonly subcode?: number,
  ) {
    super(message);
  }

  body() {
    return {
      error: {
        message: this.message,
        type: this.type,
        code: this.code,
        ...(this.subcode ? { error_subcode: this.subcode } : {}),
        fbtrace_id: randomBytes(9).toString('base64url'),
      },
    };
  }
}

/** Meta's own texts for the refusals the product can meet. */
export const graphErrors = {
  noToken: () => new GraphError(400, 'An active access token must be used to query information about the current user.', 'OAuthException', 2500),
  badToken: () => new GraphError(400, 'Invalid OAuth access token - Cannot parse access token', 'OAuthException', 190),
  badProof: () => new GraphError(400, 'Invalid appsecret_proof provided in the API argument', 'GraphMethodException', 100),
  /** What Meta answers for an id the token cannot reach, reading (`get`) or sending (`post`). */
  unknownObject: (id: string, verb: 'get' | 'post' = 'get') =>
    new GraphError(
      400,
      `Unsupported ${verb} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
      'GraphMethodException',
      100,
      33,
    ),
  invalidParameter: (detail: string) => new GraphError(400, `(#100) ${detail}`, 'OAuthException', 100),
  unknownPath: (path: string) => new GraphError(400, `Unknown path components: ${path}`, 'OAuthException', 2500),
};
