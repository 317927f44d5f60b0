/** Where the change feed reports losing and regaining its connection, and failing listeners. */
export interface FeedLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}
