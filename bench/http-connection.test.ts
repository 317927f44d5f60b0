import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpConnection } from './http-connection.js';

let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      if (req.url === '/chunked') {
        res.write('{"part":');
        res.end('"two"}');
      } else if (req.url === '/empty') {
        res.writeHead(204).end();
      } else if (req.url === '/close') {
        req.socket.destroy();
      } else {
        const answer = JSON.stringify({ method: req.method, key: req.headers['x-api-key'], body });
        res.writeHead(req.method === 'POST' ? 201 : 200, {
          'content-length': Buffer.byteLength(answer),
        });
        res.end(answer);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('the paced generator connection', () => {
  it('sends requests one after another on one socket, with headers and bodies', async () => {
    const connection = new HttpConnection('127.0.0.1', port);
    const first = await connection.send({
      method: 'GET',
      path: '/',
      headers: { 'x-api-key': 'k1' },
    });
    const second = await connection.send({ method: 'POST', path: '/', body: '{"é":1}' });
    connection.close();
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body())).toEqual({ method: 'GET', key: 'k1', body: '' });
    expect(second.status).toBe(201);
    expect(JSON.parse(second.body())).toEqual({ method: 'POST', body: '{"é":1}' });
  });

  it('reads chunked answers and answers without a body', async () => {
    const connection = new HttpConnection('127.0.0.1', port);
    const chunked = await connection.send({ method: 'GET', path: '/chunked' });
    const empty = await connection.send({ method: 'GET', path: '/empty' });
    const after = await connection.send({ method: 'GET', path: '/' });
    connection.close();
    expect([chunked.status, chunked.body()]).toEqual([200, '{"part":"two"}']);
    expect([empty.status, empty.body()]).toEqual([204, '']);
    expect(after.status).toBe(200);
  });

  it('fails the request the server drops, and every one after it', async () => {
    const connection = new HttpConnection('127.0.0.1', port);
    await expect(connection.send({ method: 'GET', path: '/close' })).rejects.toThrow(
      'the server closed the connection',
    );
    await expect(connection.send({ method: 'GET', path: '/' })).rejects.toThrow(
      'the server closed the connection',
    );
  });
});
