/** A count a test can wait on, e.g. of clients that hung up mid-answer on a fake server. */
export function createWaitableCounter(what: string) {
  let value = 0;
  let waiters: (() => void)[] = [];
  return {
    get value() {
      return value;
    },
    add() {
      value += 1;
      for (const wake of waiters.splice(0)) wake();
    },
    reset() {
      value = 0;
      waiters = [];
    },
    /** Resolves once the count reaches `count`; rejects after `timeoutMs`, saying what it saw. */
    waitFor(count: number, timeoutMs = 5000): Promise<void> {
      return new Promise((resolve, reject) => {
        const timeout = setTimeout(
          () => reject(new Error(`expected ${count} ${what}, saw ${value}`)),
          timeoutMs,
        );
        const check = () => {
          if (value >= count) {
            clearTimeout(timeout);
            resolve();
          } else waiters.push(check);
        };
        check();
      });
    },
  };
}
