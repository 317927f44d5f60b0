/** A page's keyset position (at, id) as an opaque token the client hands back. */
export interface ActivityPosition {
  readonly at: number;
  readonly id: string;
}

export function encodeCursor(position: ActivityPosition): string {
  return Buffer.from(`${position.at}:${position.id}`).toString('base64url');
}

/** The position a cursor names, or undefined when it is not one this server made. */
export function decodeCursor(cursor: string): ActivityPosition | undefined {
  const text = Buffer.from(cursor, 'base64url').toString();
  const match = /^(\d{1,15}):([\w-]{1,64})$/.exec(text);
  if (match?.[1] === undefined || match[2] === undefined) return undefined;
  return { at: Number(match[1]), id: match[2] };
}
