/** Built from ids only, so it says nothing about the people involved. */
export function recordingStorageKey(sessionId: string, assetId: string): string {
  return `recordings/${sessionId}/${assetId}`;
}

/** The session a recording's storage key belongs to (`recordingStorageKey` read back). */
export function sessionOfStorageKey(key: string): string {
  const [prefix, sessionId] = key.split('/');
  if (prefix !== 'recordings' || !sessionId) throw new Error(`Not a recording's storage key: ${key}`);
  return sessionId;
}
