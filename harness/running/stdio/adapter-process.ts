// One adapter process: started in its own process group with a marker in its environment (so
// that killing it leaves no orphans), spoken to in lines of JSON, with the tail of its stderr
// kept for error messages. Every wait on it is bounded: a descendant that outlives it may hold
// its pipes open, and it may close its stdout and live on.
import { spawn, type ChildProcess } from "node:child_process";
import { finished } from "node:stream";
import { settleWithin } from "../deadline.ts";
import { LineSplitter } from "./lines.ts";
import { killMarked, markedEnvironment, newMarker } from "./marker.ts";
import { trackChild } from "../children.ts";

const STDERR_TAIL_BYTES = 2048;

/** What the harness accepts from an adapter, and how long it waits for one to go. */
export interface ProcessLimits {
  /** The longest line the adapter may write, in bytes without its newline: the largest reply. */
  maxLineBytes: number;
  /** How long to wait for the adapter to exit after SIGKILL, or after it closed its stdout. */
  exitGraceMs: number;
  /** How long to wait for its stdout and stderr to close once it has exited. */
  pipeGraceMs: number;
}

export const DEFAULT_LIMITS: ProcessLimits = {
  // Some 4,000 times the largest reply of the suite's cases (4.4 KB); parsing a reply this long
  // takes some 60 MB of heap.
  maxLineBytes: 16 * 1024 * 1024,
  exitGraceMs: 2_000,
  pipeGraceMs: 1_000,
};

/** The process misbehaved: the message says how; explain() adds the tail of its stderr. */
export class ProcessFailure extends Error {}

/** Why no answer will come, for the request `what` waits on. */
type Fault = (what: string) => string;
type Waiter = { what: string; resolve: (line: string) => void; reject: (error: Error) => void };

export class AdapterProcess {
  private readonly child: ChildProcess;
  private readonly marker = newMarker();
  private readonly limits: ProcessLimits;
  /** The first line the process wrote while no request waited, not read yet: later ones are dropped. */
  private unasked: string | undefined;
  private readonly waiters: Waiter[] = [];
  private stderr = "";
  private exit: string | undefined;
  private fault: Fault | undefined;
  private readonly exited: Promise<void>;
  /** Forgets the process once it has ended; until then, whatever way the harness ends, the process ends with it. */
  private readonly untrack: () => boolean;
  private finish!: () => void;
  /** Settles once the process has exited and its pipes have closed (or been given up on). */
  private readonly ended = new Promise<void>((resolve) => {
    this.finish = resolve;
  });

  constructor(
    readonly command: string,
    limits: Partial<ProcessLimits> = {},
  ) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
    this.child = spawn(command, {
      shell: true,
      detached: true,
      // Stryker disable next-line ArrayDeclaration: pipes are also Node's default; written out because the code relies on them
      stdio: ["pipe", "pipe", "pipe"],
      env: markedEnvironment(this.marker),
    });
    this.untrack = trackChild(() => this.killNow());
    // Listened to first: a spawn that fails early (no file descriptors left) has no streams,
    // and an "error" event without a listener would end the harness. A failed spawn emits
    // "error" and no "exit".
    this.exited = new Promise((resolve) => {
      const exited = (how: string) => {
        this.exitedAs(how);
        resolve();
      };
      this.child.once("error", (error) => exited(`could not be started (${error.message})`));
      this.child.once("exit", (code, signal) => exited(signal ? `was killed by ${signal}` : `exited with code ${code}`));
    });
    this.child.stdin?.on("error", () => {
      // Writing to a process that died: reported by the exit handler.
    });
    this.child.stderr?.setEncoding("utf8");
    this.child.stderr?.on("data", (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-STDERR_TAIL_BYTES);
    });
    const stdout = this.child.stdout;
    if (stdout) {
      const lines = new LineSplitter(this.limits.maxLineBytes, (line) => this.received(line), () => this.refuseLongLine());
      stdout.on("data", (chunk: Buffer) => lines.push(chunk));
      stdout.on("end", () => {
        lines.end();
        void this.outputClosed();
      });
    }
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get alive(): boolean {
    return this.exit === undefined;
  }

  send(message: unknown): void {
    // Stryker disable next-line ConditionalExpression: a write to a dead process fails silently anyway (the stdin error listener)
    if (this.alive) this.child.stdin?.write(JSON.stringify(message) + "\n");
  }

  /** The next line the process writes, or a ProcessFailure when it cannot come or time runs out. */
  nextLine(timeoutMs: number, what: string, limit: string): Promise<string> {
    const unasked = this.unasked;
    if (unasked !== undefined) {
      this.unasked = undefined;
      return Promise.resolve(unasked);
    }
    if (this.fault) return Promise.reject(new ProcessFailure(this.fault(what)));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new ProcessFailure(`the adapter did not answer ${what} within ${limit}`));
      }, timeoutMs);
      const waiter: Waiter = {
        what,
        resolve: (line) => {
          clearTimeout(timer);
          resolve(line);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      this.waiters.push(waiter);
    });
  }

  /** The message with what the adapter last wrote to stderr: whole once kill() has returned. */
  explain(message: string): string {
    const tail = this.stderr.trim();
    return tail ? `${message}; its stderr ends with:\n${tail}` : message;
  }

  /** Ends the process and everything it started, and waits (bounded) until it and its pipes have gone. */
  async kill(): Promise<void> {
    if (this.alive) this.killNow();
    if (!(await within(this.exited, this.limits.exitGraceMs))) {
      this.exit ??= `was sent SIGKILL and had not exited ${this.limits.exitGraceMs} ms later`;
      this.end();
    }
    await this.ended;
  }

  /** Kills the process group, then the descendants that left it. */
  killNow(): void {
    if (this.child.pid === undefined) return;
    try {
      process.kill(-this.child.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
    killMarked(this.marker);
  }

  /** Waits up to `graceMs` for the process to exit by itself, then kills whatever is left of it. */
  async stop(graceMs: number): Promise<void> {
    await within(this.exited, graceMs);
    await this.kill();
  }

  private received(line: string): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter.resolve(line);
    else this.unasked ??= line;
  }

  private refuseLongLine(): void {
    this.fail((what) => `the adapter wrote a line longer than ${this.limits.maxLineBytes} bytes in answer to ${what}`);
    this.killNow();
    this.child.stdout?.destroy();
  }

  /** Stdout ended: as the process exits, normally; a process still running after the grace cannot answer again. */
  private async outputClosed(): Promise<void> {
    if (await within(this.exited, this.limits.exitGraceMs)) return;
    this.fail((what) => `the adapter closed its output (stdout) but kept running, so it cannot answer ${what}`);
    this.killNow();
  }

  /** The process is gone: what it left behind goes too, and its pipes are read to the end. */
  private exitedAs(how: string): void {
    if (this.exit !== undefined) return;
    this.exit = how;
    this.killNow();
    void this.pipesClosed().then(() => this.end());
  }

  /** Waits for stdout and stderr to close; a descendant that outlived the process may hold them, so only for a while. */
  private async pipesClosed(): Promise<void> {
    const pipes = [this.child.stdout, this.child.stderr].filter((pipe) => pipe !== null);
    const closed = Promise.all(pipes.map((pipe) => new Promise((resolve) => finished(pipe, resolve))));
    if (!(await within(closed, this.limits.pipeGraceMs))) for (const pipe of pipes) pipe.destroy();
  }

  private end(): void {
    if (!this.untrack()) return; // ended already
    this.fail((what) => `the adapter ${this.exit} before answering ${what}`);
    for (const pipe of [this.child.stdin, this.child.stdout, this.child.stderr]) pipe?.destroy();
    this.finish();
  }

  /** From now on every request fails, with the first fault found. */
  private fail(fault: Fault): void {
    this.fault ??= fault;
    for (const waiter of this.waiters.splice(0)) waiter.reject(new ProcessFailure(this.fault(waiter.what)));
  }
}

/** Whether `promise` settles within `ms`. */
function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return settleWithin(promise.then(() => true), ms, () => false);
}
