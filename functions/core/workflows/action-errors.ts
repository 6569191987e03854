/**
 * How a task tells the state machine what went wrong. Step Functions names a Lambda task's error after
 * the error's `name` (errorType): workflows/run-workflow.asl.json retries TransientActionError and
 * catches everything else into the failed execution record.
 */

/** The action cannot succeed as configured (bad address, a refused webhook, no phone number): not retried. */
export class ActionFailedError extends Error {
  override readonly name = 'ActionFailedError';
}

/** A dependency was down or slow (the e-mail service, a webhook answering 503): worth retrying. */
export class TransientActionError extends Error {
  override readonly name = 'TransientActionError';
}
