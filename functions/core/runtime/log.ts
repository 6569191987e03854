/**
 * Structured logs: one JSON object per line (Lambda's JSON log format keeps them as objects).
 * Tests and the local runtime can silence them with LOG_LEVEL=silent.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

function enabled(level: Level): boolean {
  const configured = (process.env.LOG_LEVEL ?? 'info') as Level | 'silent';
  return order[level] >= (order[configured] ?? order.info);
}

function write(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  if (!enabled(level)) return;
  const line = JSON.stringify({ level, message, time: new Date().toISOString(), ...fields }, (_key, value) =>
    value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value,
  );
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
}

export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};
