import { SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { log } from '../../functions/core/runtime/log.js';
import { localCredentials, LOCAL_REGION } from '../local-aws.js';
import { readBody } from '../read-body.js';
import { stopServer } from './aws-json-api.js';
import { nextFireTime } from './schedule-times.js';

interface Schedule {
  Name: string;
  GroupName: string;
  Arn: string;
  ScheduleExpression: string;
  ScheduleExpressionTimezone: string;
  State: 'ENABLED' | 'DISABLED';
  Description?: string;
  FlexibleTimeWindow: { Mode: string };
  Target: { Arn: string; RoleArn: string; Input?: string; RetryPolicy?: unknown };
  CreationDate: number;
  LastModificationDate: number;
}

export interface LocalScheduler {
  endpoint: string;
  stop(): Promise<void>;
}

const CHECK_EVERY_MS = 5_000;
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * EventBridge Scheduler for the local runtime: the REST API calls the product makes (Create, Update,
 * Get, DeleteSchedule on /schedules/{Name}), kept in `stateFile` across restarts, and the schedules
 * themselves: when one is due (checked every 5 s) it starts its target on the local Step Functions as
 * Scheduler would. GET / lists them with their next run; POST /local/schedules/{Name}/run runs one now.
 */
export async function startScheduler(port: number, stepFunctionsEndpoint: string, stateFile: string): Promise<LocalScheduler> {
  const schedules = new Map<string, Schedule>(
    existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, 'utf8')) as Schedule[]).map((s) => [s.Name, s]) : [],
  );
  const lastChecked = new Map<string, number>();
  const save = () => writeFileSync(stateFile, JSON.stringify([...schedules.values()], null, 2));
  const sfn = new SFNClient({ endpoint: stepFunctionsEndpoint, region: LOCAL_REGION, credentials: localCredentials, maxAttempts: 1 });

  const fire = async (schedule: Schedule) => {
    try {
      await sfn.send(new StartExecutionCommand({ stateMachineArn: schedule.Target.Arn, input: schedule.Target.Input ?? '{}' }));
    } catch (error) {
      log.error('Local schedule could not start its target', { name: schedule.Name, error });
    }
  };
  const nextRun = (schedule: Schedule, after: number) =>
    schedule.State === 'ENABLED' ? nextFireTime(schedule.ScheduleExpression, schedule.ScheduleExpressionTimezone, after) : undefined;
  const started = Date.now();
  const timer = setInterval(() => {
    const now = Date.now();
    for (const schedule of schedules.values()) {
      const since = lastChecked.get(schedule.Name) ?? Math.max(started, schedule.LastModificationDate * 1000);
      lastChecked.set(schedule.Name, now);
      const due = nextRun(schedule, since);
      if (due !== undefined && due <= now) void fire(schedule);
    }
  }, CHECK_EVERY_MS);
  timer.unref();

  const answer = (res: ServerResponse, status: number, body: unknown, errorType?: string) => {
    res.writeHead(status, { 'content-type': 'application/json', ...(errorType && { 'x-amzn-errortype': errorType }) });
    res.end(JSON.stringify(errorType ? { Message: String(body) } : body));
  };
  const notFound = (res: ServerResponse, name: string) => answer(res, 404, `Schedule ${name} does not exist.`, 'ResourceNotFoundException');

  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const run = /^\/local\/schedules\/([^/]+)\/run$/.exec(url.pathname);
    if (req.method === 'POST' && run) {
      const schedule = schedules.get(decodeURIComponent(run[1]!));
      if (!schedule) return notFound(res, run[1]!);
      await fire(schedule);
      return answer(res, 200, { started: true });
    }
    if (req.method === 'GET' && url.pathname === '/') {
      const rows = [...schedules.values()]
        .map((s) => {
          const next = nextRun(s, Date.now());
          return `<tr><td>${escapeHtml(s.Name)}</td><td>${escapeHtml(s.Description ?? '')}</td><td>${escapeHtml(s.ScheduleExpression)} ${escapeHtml(s.ScheduleExpressionTimezone)}</td><td>${next ? new Date(next).toISOString() : '-'}</td></tr>`;
        })
        .join('');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(`<!doctype html><title>Schedules</title><h1>Schedules (${schedules.size})</h1><table border="1" cellpadding="4"><tr><th>Name</th><th>Description</th><th>Expression</th><th>Next run (UTC)</th></tr>${rows}</table>`);
    }
    const match = /^\/schedules\/([^/]+)$/.exec(url.pathname);
    if (!match) return answer(res, 404, `Unknown path ${url.pathname}`, 'ResourceNotFoundException');
    const name = decodeURIComponent(match[1]!);
    const existing = schedules.get(name);
    if (req.method === 'GET') return existing ? answer(res, 200, existing) : notFound(res, name);
    if (req.method === 'DELETE') {
      if (!existing) return notFound(res, name);
      schedules.delete(name);
      save();
      return answer(res, 200, {});
    }
    if (req.method !== 'POST' && req.method !== 'PUT') return answer(res, 405, 'Method not allowed', 'ValidationException');
    if (req.method === 'POST' && existing) return answer(res, 409, `Schedule ${name} already exists.`, 'ConflictException');
    if (req.method === 'PUT' && !existing) return notFound(res, name);
    const input = JSON.parse((await readBody(req, 256 * 1024)).toString('utf8') || '{}') as Partial<Schedule>;
    if (!input.ScheduleExpression || !input.Target?.Arn || !input.Target.RoleArn || !input.FlexibleTimeWindow) {
      return answer(res, 400, 'ScheduleExpression, FlexibleTimeWindow and Target (Arn, RoleArn) are required', 'ValidationException');
    }
    const timeZone = input.ScheduleExpressionTimezone ?? 'UTC';
    try {
      nextFireTime(input.ScheduleExpression, timeZone, Date.now());
    } catch (error) {
      return answer(res, 400, error instanceof Error ? error.message : 'Invalid expression', 'ValidationException');
    }
    const now = Date.now() / 1000;
    const schedule: Schedule = {
      Name: name,
      GroupName: 'default',
      Arn: `arn:aws:scheduler:${LOCAL_REGION}:000000000000:schedule/default/${name}`,
      ScheduleExpression: input.ScheduleExpression,
      ScheduleExpressionTimezone: timeZone,
      State: input.State ?? 'ENABLED',
      Description: input.Description,
      FlexibleTimeWindow: input.FlexibleTimeWindow,
      Target: input.Target,
      CreationDate: existing?.CreationDate ?? now,
      LastModificationDate: now,
    };
    schedules.set(name, schedule);
    lastChecked.delete(name);
    save();
    return answer(res, 200, { ScheduleArn: schedule.Arn });
  };

  const server = createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      if (error instanceof SyntaxError) return answer(res, 400, 'The body is not JSON', 'ValidationException');
      log.error('Local scheduler failed', { url: req.url, error });
      answer(res, 500, 'The local scheduler failed', 'InternalServerException');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      clearInterval(timer);
      sfn.destroy();
      await stopServer(server);
    },
  };
}
