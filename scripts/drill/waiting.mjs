// Waiting for something to come about, with a deadline: a restarted server to answer, a verdict to be stored.

const READY_TIMEOUT_MS = 30_000;

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls `probe` until it resolves; fails when `child` exits first or after the deadline, with the last refusal. */
export async function untilReady(name, child, probe, timeoutMs = READY_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}) before it was ready`);
    try {
      return await probe();
    } catch (error) {
      last = error;
    }
    await sleep(100);
  }
  throw new Error(`${name} was not ready after ${timeoutMs} ms: ${last?.message}`);
}

/** Resolves with `check()`'s first truthy answer, polled every `everyMs`; null after `timeoutMs`. */
export async function eventually(check, timeoutMs, everyMs = 200) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await check();
    if (answer) return answer;
    if (Date.now() >= deadline) return null;
    await sleep(everyMs);
  }
}
