/** Waits until `condition` holds, asking every 25 ms, and fails after `timeoutMs`. */
export async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await pause(25);
  }
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
