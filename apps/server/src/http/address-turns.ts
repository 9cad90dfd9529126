import type { FastifyInstance } from 'fastify';
import pLimit, { type LimitFunction } from 'p-limit';
import { isApiRequest } from './auth-context.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A long-lived answer (the event stream): it does not take one of its address's turns. */
    stream?: boolean;
  }
}

/**
 * Turns per client address: at most `perAddress` of an address's requests are worked on at once, the
 * others wait in its queue (p-limit) and start as earlier ones finish. A burst of 40 requests from
 * one address is then served in waves, and another company's request waits for at most one wave of
 * it instead of the whole burst (docs/decisions.md, "A burst from one address is served in waves").
 */
export type AddressTurns = {
  /** Waits for a turn of `address`; the answer gives it back (once; later calls do nothing). */
  take(address: string): Promise<() => void>;
  /** Addresses with a request at work or waiting. */
  addresses(): number;
};

export function createAddressTurns(perAddress: number): AddressTurns {
  const lanes = new Map<string, LimitFunction>();
  return {
    take(address) {
      let lane = lanes.get(address);
      if (!lane) {
        lane = pLimit(perAddress);
        lanes.set(address, lane);
      }
      const own = lane;
      return new Promise((granted) => {
        void own(
          () =>
            new Promise<void>((done) => {
              let given = false;
              granted(() => {
                if (given) return;
                given = true;
                done();
              });
            }),
        ).then(() => {
          if (own.activeCount === 0 && own.pendingCount === 0 && lanes.get(address) === own) {
            lanes.delete(address);
          }
        });
      });
    },
    addresses() {
      return lanes.size;
    },
  };
}

/**
 * Each /api request takes a turn of its client address after the per-address limit and before the
 * session lookup, and gives it back when its answer is sent or its connection closes. The event
 * stream (`config.stream`) takes none: it stays open for as long as the screen does.
 */
export function installAddressTurns(app: FastifyInstance, turns: AddressTurns): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config?.stream || !isApiRequest(request)) return;
    const leave = await turns.take(request.ip);
    const res = reply.raw;
    // A client that gave up while its request waited: its answer's connection is already closed.
    if (res.closed || res.destroyed || request.raw.destroyed) {
      leave();
      return;
    }
    res.once('close', leave);
  });
}
