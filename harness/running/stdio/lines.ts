// Splits what an adapter writes on stdout into lines, holding at most a bounded part of one:
// a longer line is refused rather than buffered, so that no adapter can exhaust the harness's
// memory or the longest string the runtime can build.
export class LineSplitter {
  private parts: Buffer[] = [];
  private bytes = 0;
  private refused = false;

  constructor(
    private readonly maxBytes: number,
    private readonly onLine: (line: string) => void,
    private readonly onTooLong: () => void,
  ) {}

  /** Takes a chunk: each complete line goes to onLine; a line over maxBytes calls onTooLong once, and everything after it is ignored. */
  push(chunk: Buffer): void {
    let start = 0;
    while (!this.refused) {
      const end = chunk.indexOf(0x0a, start);
      this.append(chunk.subarray(start, end === -1 ? chunk.length : end));
      if (end === -1 || this.refused) return;
      this.emit();
      start = end + 1;
    }
  }

  /** The stream ended: a last line without its newline still counts, as it does for readline. */
  end(): void {
    if (!this.refused && this.bytes > 0) this.emit();
  }

  private append(part: Buffer): void {
    this.bytes += part.length;
    if (this.bytes > this.maxBytes) {
      this.refused = true;
      this.parts = [];
      this.onTooLong();
    } else if (part.length > 0) {
      this.parts.push(part);
    }
  }

  private emit(): void {
    const line = Buffer.concat(this.parts, this.bytes).toString("utf8");
    this.parts = [];
    this.bytes = 0;
    // "\r\n" ends a line too, as for readline.
    this.onLine(line.endsWith("\r") ? line.slice(0, -1) : line);
  }
}
