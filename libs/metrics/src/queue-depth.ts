/** A consumed queue's job counts by state, as BullMQ's `getJobCounts` answers them. */
export type QueueCounts = () => Promise<Record<string, number>>;

export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/** A scrape never waits longer than this for Redis: a queue that does not answer is left out of that scrape. */
const COUNT_TIMEOUT_MS = 2000;

const sources = new Set<{ queue: string; counts: QueueCounts }>();

/** Reports `queue`'s depth at every scrape until the returned function is called (its consumer closed). */
export function trackQueueDepth(queue: string, counts: QueueCounts): () => void {
  const source = { queue, counts };
  sources.add(source);
  return () => void sources.delete(source);
}

/** The depth of every tracked queue now, by state; queues whose counts failed or timed out are absent. */
export async function readQueueDepths(): Promise<{ queue: string; state: string; jobs: number }[]> {
  const read = await Promise.allSettled(
    [...sources].map(async ({ queue, counts }) => {
      const answered = await Promise.race([
        counts(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), COUNT_TIMEOUT_MS).unref()),
      ]);
      return QUEUE_STATES.map((state) => ({ queue, state, jobs: answered[state] ?? 0 }));
    }),
  );
  return read.flatMap((result) => (result.status === 'fulfilled' ? result.value : []));
}
