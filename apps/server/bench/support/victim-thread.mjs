// The victim company of `npm run bench abuse`, timed from its own thread (issue 21). The attacker's
// client work (sending a 9 MB body, reading and parsing a 9 MB answer) runs on the bench's main
// thread; timed there, the victim's getlist would wait behind it, and the figure would measure the
// bench's own event loop, not the server. Plain JavaScript: worker threads do not inherit tsx.
//
// Messages in: { idle: { n, paceMs, kind } } answers { idle: number[] }; { during: { paceMs, kind } }
// starts timing, each time answered as { time } (or { failure }), until { stop: true } answers
// { stopped }. `kind`: 'list' (its product list) or 'save' (a one-field save of its product, issue 39).
import { parentPort, workerData } from 'node:worker_threads';

const { baseUrl, cookie, productId } = workerData;
// Each request from its own address (the per-address limit is 600 a minute), in a range of its own.
let next = 0;
const address = () => `198.19.${(next >> 8) & 255}.${next++ & 255}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

let saves = 0;
async function once(kind = 'list') {
  const started = performance.now();
  const [path, body] =
    kind === 'save'
      ? [
          '/api/aiRocketReg/updatePartial',
          { productId, updateFields: { 'options.0.korName': `흰색 ${saves++}` } },
        ]
      : ['/api/aiRocketReg/getlist', { pageSize: 20 }];
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'x-forwarded-for': address() },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  JSON.parse(text);
  if (res.status !== 200) throw new Error(`victim ${path} answered ${res.status}`);
  return performance.now() - started;
}

let stopping = false;
parentPort.on('message', async (message) => {
  if (message.idle) {
    const times = [];
    try {
      for (let i = 0; i < message.idle.n; i++) {
        times.push(await once(message.idle.kind));
        await sleep(message.idle.paceMs);
      }
    } catch (err) {
      // an idle request that failed ends the bench (NOT MEASURED), its database dropped
      parentPort.postMessage({ idleError: String(err?.message ?? err) });
      return;
    }
    parentPort.postMessage({ idle: times });
  } else if (message.during) {
    stopping = false;
    let taken = 0;
    while (!stopping || taken === 0) {
      try {
        parentPort.postMessage({ time: await once(message.during.kind) });
      } catch {
        parentPort.postMessage({ failure: true });
      }
      taken++;
      await sleep(message.during.paceMs);
    }
    parentPort.postMessage({ stopped: true });
  } else if (message.stop) {
    stopping = true;
  }
});
