/**
 * How many recordings a partner may make in one session (zod-free: the web app imports it). An analysis that finds
 * a recording unclear before the last of them lets the partner record again; only the last attempt's verdict counts.
 */
export const MAX_RECORDING_ATTEMPTS = 3;
