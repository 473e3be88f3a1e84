// One of the harness's own modules in a child process of its own, spoken to in messages: where
// the code of an adapter module runs. Whatever that code does to its process (exits, never
// yields, replaces globals, pollutes prototypes, writes to stdout, crashes), the harness's own
// process is untouched: it bounds every wait, kills the child and everything the child started,
// and still writes its report. isolate-channel.ts is the child's side.
import { fork, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { childEntry } from "./child-entry.ts";
import { settleWithin } from "./deadline.ts";
import { trackChild } from "./children.ts";
import { killMarked, markedEnvironment, newMarker } from "./stdio/marker.ts";
import type { FromChild, ToChild } from "./isolate-channel.ts";

/** How long to wait for a killed child to be reported gone, and for its pipes to close once it has exited. */
const EXIT_GRACE_MS = 2_000;
const PIPE_GRACE_MS = 1_000;
/** The longest line of the child's output passed on, and how much of its end a reason quotes. */
const OUTPUT_LINE_CHARS = 2_000;
const OUTPUT_TAIL_CHARS = 1_000;

export interface IsolateOptions {
  /** Each line the child writes to its stdout or stderr (an adapter's own logging), cut at OUTPUT_LINE_CHARS. */
  onOutput?: (line: string) => void;
  /**
   * The Node.js binary the child runs on (the command line's --node, checked to be one); this
   * process's own when absent. Messages cross in V8's serialization format, which Node.js 20, 22
   * and 24 read from one another (test/commands/node-option.test.ts).
   */
  execPath?: string;
}

/** The next message, or why none will come. */
export type Received<T> = { message: T } | { ended: string };

export class Isolate<In, Out> {
  private readonly child: ChildProcess;
  private readonly marker = newMarker();
  /** Marks the harness's own messages: anything else that reaches the channel (a library in the child that sends its own) is not an answer. */
  private readonly nonce = randomUUID();
  private readonly queue: Out[] = [];
  private waiter: ((received: Received<Out>) => void) | undefined;
  private readonly untrack: () => boolean;
  private readonly exited: Promise<void>;
  private tail = "";
  /** Why the child can answer no more: set once it has exited or been killed. */
  ended: string | undefined;

  /** Starts `name` (without extension), found beside the module at `besideUrl`, and hands it `setup`. */
  constructor(besideUrl: string, name: string, setup: unknown, options: IsolateOptions = {}) {
    const entry = childEntry(besideUrl, name);
    this.child = fork(entry.path, [], {
      // A TypeScript source needs tsx's loader; a compiled module needs nothing.
      execArgv: entry.typescript ? ["--import", import.meta.resolve("tsx/esm")] : [],
      ...(options.execPath !== undefined && { execPath: options.execPath }),
      serialization: "advanced",
      stdio: ["ignore", "pipe", "pipe", "ipc"],
      // Its own process group, and a marker its descendants inherit, so that killing it leaves nothing behind.
      detached: true,
      env: markedEnvironment(this.marker),
    });
    this.untrack = trackChild(() => this.killNow());
    // Ended once it has exited and its pipes have closed, so that a reason quotes all it wrote; a
    // descendant that outlived it may hold the pipes, so they are given up on after a grace.
    this.exited = new Promise((resolve) => {
      let how = "exited";
      this.child.once("exit", (code, signal) => {
        how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
        this.killNow();
        setTimeout(() => [this.child.stdout, this.child.stderr].forEach((pipe) => pipe?.destroy()), PIPE_GRACE_MS).unref();
      });
      this.child.once("close", () => {
        this.end(how);
        resolve();
      });
    });
    // A failed start, or a message that could not be sent to a child that died: the exit says it.
    this.child.on("error", (error) => this.end(`could not be started or spoken to (${error.message})`));
    this.child.on("message", (message: FromChild<Out>) => this.received(message));
    for (const stream of [this.child.stdout, this.child.stderr]) {
      stream?.setEncoding("utf8");
      stream?.on("data", lineReader((line) => this.output(line, options.onOutput)));
    }
    this.post({ nonce: this.nonce, setup });
  }

  send(message: In): void {
    this.post({ message });
  }

  private post(message: ToChild<In>): void {
    // A child that died meanwhile is reported by its exit.
    if (this.ended === undefined) this.child.send(message, () => undefined);
  }

  /** The child's next message, waiting at most `ms`; `late` says why when none came in time (the child is then killed). */
  async receive(ms: number, late: string): Promise<Received<Out>> {
    const queued = this.queue.shift();
    if (queued !== undefined) return { message: queued };
    if (this.ended !== undefined) return { ended: this.ended };
    const next = new Promise<Received<Out>>((resolve) => (this.waiter = resolve));
    const received = await settleWithin(next, ms, () => ({ ended: late }));
    this.waiter = undefined;
    if ("ended" in received && this.ended === undefined) {
      this.ended = late;
      await this.kill();
    }
    return received;
  }

  /** What the child last wrote, for a reason that says why it ended. */
  explain(reason: string): string {
    const tail = this.tail.trim();
    return tail ? `${reason}; its output ends with:\n${tail}` : reason;
  }

  /** Kills the child and everything it started, and waits (bounded) for it to be gone. */
  async kill(): Promise<void> {
    this.killNow();
    await settleWithin(this.exited, EXIT_GRACE_MS, () => undefined);
    this.end("was stopped");
  }

  private killNow(): void {
    if (this.child.pid !== undefined) {
      try {
        process.kill(-this.child.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
    killMarked(this.marker);
  }

  private received(message: FromChild<Out>): void {
    // Only the harness's own messages count.
    if (typeof message !== "object" || message === null || message.nonce !== this.nonce) return;
    // Taken at once: a second message in the same read (they come in batches when the harness is
    // busy) must wait in the queue, not go to a receive that has already been answered.
    const waiter = this.waiter;
    this.waiter = undefined;
    if (waiter) waiter({ message: message.message });
    else this.queue.push(message.message);
  }

  private output(line: string, onOutput: ((line: string) => void) | undefined): void {
    const shown = line.length > OUTPUT_LINE_CHARS ? `${line.slice(0, OUTPUT_LINE_CHARS)}… (${line.length - OUTPUT_LINE_CHARS} more characters)` : line;
    this.tail = `${this.tail}\n${shown}`.slice(-OUTPUT_TAIL_CHARS);
    onOutput?.(shown);
  }

  private end(how: string): void {
    this.ended ??= how;
    if (!this.untrack()) return;
    this.killNow(); // what it started may outlive it
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.({ ended: this.ended });
  }
}

/** Splits text chunks into lines without holding more than one line (cut) at a time. */
function lineReader(onLine: (line: string) => void): (chunk: string) => void {
  let pending = "";
  return (chunk) => {
    const lines = (pending + chunk).split("\n");
    pending = lines.pop()!;
    for (const line of lines) onLine(line.replace(/\r$/, ""));
    if (pending.length > OUTPUT_LINE_CHARS) {
      onLine(pending);
      pending = "";
    }
  };
}
