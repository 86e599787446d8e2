/**
 * A sample's value in Prometheus text: `sample` is the series with its labels as exposed
 * (`ciq_jobs_stalled_total{queue="media-analysis"}`); 0 when the text has no such sample (nothing recorded yet).
 */
export function sampleValue(text: string, sample: string): number {
  const escaped = sample.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return Number(new RegExp(`^${escaped} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
}

/** GET a metrics endpoint's text, insisting it answers 200. */
export async function scrapeMetrics(url: string): Promise<string> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}
