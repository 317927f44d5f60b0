import { describe, expect, it } from 'vitest';
import { createPostbackInbox } from './postback-inbox.js';

const postback = (body: string) => ({
  method: 'POST',
  url: '/dev/postbacks',
  headers: { 'content-type': 'application/json' },
  body,
  receivedAt: 0,
});

describe('createPostbackInbox', () => {
  it('lists newest first with increasing ids', () => {
    const inbox = createPostbackInbox(3);
    inbox.record(postback('a'));
    inbox.record(postback('b'));
    expect(inbox.list().map((p) => [p.id, p.body])).toEqual([
      [2, 'b'],
      [1, 'a'],
    ]);
  });

  it('keeps only the newest `capacity` postbacks', () => {
    const inbox = createPostbackInbox(2);
    for (const body of ['a', 'b', 'c']) inbox.record(postback(body));
    expect(inbox.list().map((p) => p.body)).toEqual(['c', 'b']);
  });
});
