/**
 * Runs `fn` with the local runtime's environment (table name, endpoints), so a test can read what
 * the handlers wrote through the same domain code. Test files run in workers that lack this env.
 */
export async function withRuntimeEnv<T>(env: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  Object.assign(process.env, env);
  return fn();
}
