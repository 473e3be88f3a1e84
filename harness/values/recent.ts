// A bounded memory of answers that depend on their key alone: the most recently used `size`
// of them are kept, so a long run (fuzzing, say) does not grow without end.
export class Recent<T> {
  private readonly answers = new Map<string, T>();

  constructor(private readonly size: number) {}

  /** The answer for `key`, computed by `compute` unless it is remembered. */
  get(key: string, compute: () => T): T {
    if (this.answers.has(key)) {
      const answer = this.answers.get(key) as T;
      // Used again: now the most recent (a Map keeps insertion order).
      this.answers.delete(key);
      this.answers.set(key, answer);
      return answer;
    }
    const answer = compute();
    this.answers.set(key, answer);
    if (this.answers.size > this.size) this.answers.delete(this.answers.keys().next().value!);
    return answer;
  }
}
