/**
 * Sessions ended within the last `keepMs`, by id. Older ones are forgotten as new ones come:
 * an access token of a session ended that long ago has expired anyway, so the memory holds
 * only the sessions ended within one access-token lifetime (and a margin).
 */
export function createRecentSessionEnds(keepMs: number) {
  const endedAt = new Map<string, number>();
  return {
    add(sessionId: string, at: number, now: number): void {
      if (!endedAt.has(sessionId)) endedAt.set(sessionId, at);
      // Kept in the order they came, which is nearly the order they ended: the oldest first.
      for (const [id, when] of endedAt) {
        if (when > now - keepMs) break;
        endedAt.delete(id);
      }
    },
    has: (sessionId: string): boolean => endedAt.has(sessionId),
  };
}
