// One adapter process: started in its own process group (so that killing it leaves no
// orphans), spoken to in lines of JSON, with the tail of its stderr kept for error messages.
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";

const STDERR_TAIL_BYTES = 2048;

/** The process misbehaved: the message says how, with the tail of its stderr. */
export class ProcessFailure extends Error {}

type Waiter = { what: string; resolve: (line: string) => void; reject: (error: Error) => void };

const running = new Set<AdapterProcess>();
// Whatever way the harness ends, its adapters end with it.
process.once("exit", () => {
  for (const adapter of running) adapter.killNow();
});

export class AdapterProcess {
  private readonly child: ChildProcess;
  private readonly lines: string[] = [];
  private readonly waiters: Waiter[] = [];
  private stderr = "";
  private exit: string | undefined;
  private readonly exited: Promise<void>;

  constructor(readonly command: string) {
    // Stryker disable next-line ArrayDeclaration: pipes are also Node's default; written out because the code relies on them
    this.child = spawn(command, { shell: true, detached: true, stdio: ["pipe", "pipe", "pipe"] });
    running.add(this);
    // Listened to first: a spawn that fails early (no file descriptors left) has no streams,
    // and an "error" event without a listener would end the harness.
    this.exited = new Promise((resolve) => {
      this.child.once("error", (error) => this.ended(`could not be started (${error.message})`, resolve));
      this.child.once("close", (code, signal) => this.ended(signal ? `was killed by ${signal}` : `exited with code ${code}`, resolve));
    });
    this.child.stdin?.on("error", () => {
      // Writing to a process that died: reported by the exit handler below.
    });
    this.child.stderr?.setEncoding("utf8");
    this.child.stderr?.on("data", (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-STDERR_TAIL_BYTES);
    });
    if (this.child.stdout) {
      createInterface({ input: this.child.stdout }).on("line", (line) => {
        const waiter = this.waiters.shift();
        if (waiter) waiter.resolve(line);
        else this.lines.push(line);
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

  /** The next line the process writes, or a ProcessFailure when it exits or time runs out. */
  nextLine(timeoutMs: number, what: string, limit: string): Promise<string> {
    const queued = this.lines.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    if (!this.alive) return Promise.reject(this.failure(`the adapter ${this.exit} before answering ${what}`));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(this.failure(`the adapter did not answer ${what} within ${limit}`));
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

  /** An error naming what went wrong, with what the adapter last wrote to stderr. */
  failure(message: string): ProcessFailure {
    const tail = this.stderr.trim();
    return new ProcessFailure(tail ? `${message}; its stderr ends with:\n${tail}` : message);
  }

  /** Ends the process and everything it started, and waits until it has gone. */
  async kill(): Promise<void> {
    this.killNow();
    await this.exited;
  }

  killNow(): void {
    if (this.child.pid === undefined) return;
    try {
      process.kill(-this.child.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }

  /** Waits up to `graceMs` for the process to exit by itself, then kills it. */
  async stop(graceMs: number): Promise<void> {
    const timer = setTimeout(() => this.killNow(), graceMs);
    await this.exited;
    clearTimeout(timer);
    this.killNow(); // whatever it left behind in its group
  }

  private ended(how: string, resolve: () => void): void {
    this.exit ??= how;
    running.delete(this);
    for (const waiter of this.waiters.splice(0)) waiter.reject(this.failure(`the adapter ${how} before answering ${waiter.what}`));
    resolve();
  }
}
