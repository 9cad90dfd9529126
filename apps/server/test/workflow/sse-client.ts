import http from 'node:http';

export type Sse = { id: number; type: string; data: Record<string, unknown> };

/** Opens GET /api/events on the listening app and collects events until `close()`. */
export function openEvents(port: number, cookie: string, lastEventId?: number) {
  const events: Sse[] = [];
  let raw = '';
  const req = http.get({
    host: '127.0.0.1',
    port,
    path: '/api/events',
    headers: { cookie, ...(lastEventId !== undefined ? { 'last-event-id': String(lastEventId) } : {}) },
  });
  const ready = new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
  void ready.then((res) =>
    res.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
      let end = raw.indexOf('\n\n');
      while (end >= 0) {
        const block = raw.slice(0, end);
        raw = raw.slice(end + 2);
        const id = /^id: (\d+)$/m.exec(block)?.[1];
        const type = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (id && type && data) events.push({ id: Number(id), type, data: JSON.parse(data) });
        end = raw.indexOf('\n\n');
      }
    }),
  );
  return { events, ready, close: () => req.destroy() };
}
