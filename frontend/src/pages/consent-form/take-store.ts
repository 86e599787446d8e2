const DATABASE = 'partner-takes';
const STORE = 'takes';
/** A database that never answers (a blocked open) must not keep the form from showing. */
const LOAD_WAIT_MS = 3_000;

/** Runs one request in its own transaction; settles when the transaction has committed (or failed). */
function run<T>(mode: IDBTransactionMode, request: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open(DATABASE, 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore(STORE);
    opening.onerror = () => reject(opening.error);
    opening.onsuccess = () => {
      const database = opening.result;
      try {
        const transaction = database.transaction(STORE, mode);
        const asked = request(transaction.objectStore(STORE));
        transaction.oncomplete = () => resolve(asked.result);
        transaction.onerror = transaction.onabort = () => reject(transaction.error);
      } catch (error) {
        reject(error as Error);
      } finally {
        // Closes once the transaction is done.
        database.close();
      }
    };
  });
}

/** Where the partner's recorded take waits, by session id, from its recording until their Yes or No. */
export interface TakeStore {
  /** Resolves once stored, or not (no IndexedDB, private mode, storage full): the take then lives in memory only. */
  save(sessionId: string, take: Blob): Promise<void>;
  /** The kept take, or null (none, or the store unusable). */
  load(sessionId: string): Promise<Blob | null>;
  remove(sessionId: string): Promise<void>;
}

/** IndexedDB on the partner's phone; every failure is as if nothing was kept. */
export const takes: TakeStore = {
  save: (sessionId, take) =>
    run('readwrite', (store) => store.put(take, sessionId)).then(
      () => undefined,
      () => undefined,
    ),
  load: (sessionId) =>
    Promise.race([
      run('readonly', (store) => store.get(sessionId) as IDBRequest<unknown>).then((kept) =>
        kept instanceof Blob ? kept : null,
      ),
      new Promise<null>((resolve) => setTimeout(resolve, LOAD_WAIT_MS, null)),
    ]).catch(() => null),
  remove: (sessionId) =>
    run('readwrite', (store) => store.delete(sessionId)).then(
      () => undefined,
      () => undefined,
    ),
};
