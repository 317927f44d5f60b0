/** One request the embedded postback receiver got. */
export interface ReceivedPostback {
  readonly id: number;
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly receivedAt: number;
}

export interface PostbackInbox {
  record(postback: Omit<ReceivedPostback, 'id'>): ReceivedPostback;
  /** Newest first. */
  list(): readonly ReceivedPostback[];
}

/**
 * The last `capacity` postbacks, in this process's memory: embedded mode is one process,
 * and a restart empties the inbox as it would a developer's own test receiver.
 */
export function createPostbackInbox(capacity: number): PostbackInbox {
  const kept: ReceivedPostback[] = [];
  let nextId = 1;
  return {
    record(postback) {
      const entry = { id: nextId++, ...postback };
      kept.unshift(entry);
      if (kept.length > capacity) kept.length = capacity;
      return entry;
    },
    list: () => [...kept],
  };
}
