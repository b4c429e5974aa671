// The question a pane's agent waits on, with an id that names it as long as it waits. An agent that asks
// something else (other words) asks a new question with a new id; one that was answered is used up: it
// waits no longer, even while its words are still on screen, until the pane shows something else.

export interface Question {
  id: string;
  /** What the agent asks, as the approval bar shows it. */
  text: string;
  /** When it started waiting (ms since the epoch). */
  askedAt: number;
}

export class QuestionTracker {
  private current: (Question & { answered: boolean }) | undefined;

  constructor(
    private readonly newId: () => string,
    private readonly now: () => number = Date.now,
  ) {}

  /** The question waiting for an answer now, if any. */
  get waiting(): Question | undefined {
    if (!this.current || this.current.answered) return undefined;
    const { id, text, askedAt } = this.current;
    return { id, text, askedAt };
  }

  /**
   * The pane's shown state changed: `asking` is what it asks when it waits for approval, undefined when it does
   * not wait. The same words keep their question (answered or not); other words are a new question.
   */
  observe(asking: string | undefined): void {
    if (asking === undefined) {
      this.current = undefined;
      return;
    }
    if (this.current?.text === asking) return;
    this.current = { id: this.newId(), text: asking, askedAt: this.now(), answered: false };
  }

  /** The question `id` was answered: it waits no longer. */
  consume(id: string): void {
    if (this.current?.id === id) this.current.answered = true;
  }
}
