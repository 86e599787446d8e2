/** The recorded size for the review step: whole kilobytes, at least 1 KB for anything recorded. */
export function formatKilobytes(bytes: number): string {
  const kb = bytes > 0 ? Math.max(1, Math.round(bytes / 1024)) : 0;
  return `${kb.toLocaleString('en-US')} KB`;
}

export function recordingFilename(sessionId: string, mimeType: string): string {
  return `consent-${sessionId}.${mimeType.startsWith('video/mp4') ? 'mp4' : 'webm'}`;
}

/** Sent as the spec asks; the server builds its own key from the session id. */
export function recordingStorageKey(sessionId: string, now: number = Date.now()): string {
  return `consent-videos/${sessionId}/${now}`;
}
