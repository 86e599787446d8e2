import type { Counter } from 'prom-client';

/** A counter's value for the labels given, as this process recorded it (0 before anything was). */
export async function counterValue<L extends string>(
  counter: Counter<L>,
  labels: Partial<Record<L, string>>,
): Promise<number> {
  const { values } = await counter.get();
  return (
    values.find((value) => Object.entries(labels).every(([key, label]) => value.labels[key as L] === label))?.value ?? 0
  );
}
