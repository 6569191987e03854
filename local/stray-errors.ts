import { log } from '../functions/core/runtime/log.js';

/**
 * Every local function runs in this one process. On AWS an error no request awaited (a rejected
 * promise nobody handled, an 'error' event nobody listened to) ends that one function instance;
 * here it would end every stand-in at once, so it is logged and the runtime serves on.
 * Returns what removes the guard again.
 */
export function keepRunningOnStrayErrors(): () => void {
  const onRejection = (reason: unknown) =>
    log.error('Unhandled promise rejection in a local function (on AWS it would end that instance)', { error: reason });
  const onException = (error: Error) =>
    log.error('Uncaught exception in a local function (on AWS it would end that instance)', { error });
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return () => {
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
  };
}
