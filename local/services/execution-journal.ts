import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** A task's result as a replay gives it back: its output, or the error Retry and Catch saw. */
export type Outcome = { output: unknown } | { error: { name: string; message: string; cause?: unknown } };

/** One local step of an execution: a Lambda task with its outcome once it has one, or a wait with when it ends. */
export interface JournalStep {
  state: string;
  outcome?: Outcome;
  /** Epoch ms a Wait state ends. */
  dueAt?: number;
}

/** A running execution as kept across restarts: how it started, and its steps so far in the order they ran. */
export interface JournaledExecution {
  executionArn: string;
  name: string;
  startDate: number;
  input: string;
  steps: JournalStep[];
}

/**
 * The running executions of the local Step Functions, kept in `file`, so a restart of `npm run dev`
 * resumes them: run again from their input, each step already journaled is answered from the
 * journal (a task's outcome without calling it again, a wait until the time it was due), and the
 * first step without an outcome runs for real. Steps run one after the other in this state machine
 * (its Map runs one item at a time), so their order is the same on every run of the same input.
 */
export class ExecutionJournal {
  private readonly running: Map<string, JournaledExecution>;

  constructor(private readonly file: string) {
    const kept = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as JournaledExecution[]) : [];
    this.running = new Map(kept.map((execution) => [execution.executionArn, execution]));
  }

  /** The executions a previous run left running. */
  unfinished(): JournaledExecution[] {
    return [...this.running.values()];
  }

  begin(execution: JournaledExecution): void {
    this.running.set(execution.executionArn, execution);
    this.save();
  }

  finish(executionArn: string): void {
    if (this.running.delete(executionArn)) this.save();
  }

  /**
   * The replay of one execution: `step(state)` gives the journaled step when the execution reached
   * `state` next on its earlier run, else a new step; once the path differs from the journal, what
   * followed there is dropped.
   */
  replay(execution: JournaledExecution) {
    let position = 0;
    return {
      step: (state: string): JournalStep => {
        if (execution.steps[position]?.state !== state) execution.steps.splice(position);
        const step = execution.steps[position] ?? { state };
        execution.steps[position++] = step;
        return step;
      },
      record: (step: JournalStep, done: Pick<JournalStep, 'outcome' | 'dueAt'>) => {
        Object.assign(step, done);
        this.save();
      },
    };
  }

  private save(): void {
    writeFileSync(this.file, JSON.stringify([...this.running.values()]));
  }
}
