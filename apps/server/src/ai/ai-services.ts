import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { type AiGateway, createAiGateway } from './gateway.ts';
import { createRedisSlotStore } from './limiter/redis-slot-store.ts';
import { type AiMonitor, createAiMonitor } from './monitor.ts';

export type AiServices = {
  gateway: AiGateway;
  monitor: AiMonitor;
  /** Stops the monitor and closes the Redis connection, if any (call on server close). */
  close(): Promise<void>;
};

const byDb = new WeakMap<Db, AiServices>();

/**
 * One gateway and monitor per database handle, shared by the routes and the workflow tasks. The
 * per-key limit is shared through Redis when `REDIS_URL` is set, else through PostgreSQL.
 */
export function aiServicesFor(
  db: Db,
  config: Pick<Config, 'geminiBaseUrl' | 'openaiBaseUrl'> & Partial<Pick<Config, 'redisUrl'>>,
  log?: { warn: (obj: object, msg: string) => void },
): AiServices {
  let services = byDb.get(db);
  if (!services) {
    const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: true }) : undefined;
    // ioredis reconnects by itself; a reservation made while it is down fails that request.
    redis?.on('error', (err: Error) => log?.warn({ err: err.message }, 'AI limiter Redis connection error'));
    const gateway = createAiGateway({
      db,
      ...(redis ? { slotStore: createRedisSlotStore(redis) } : {}),
      geminiBaseUrl: config.geminiBaseUrl,
      openaiBaseUrl: config.openaiBaseUrl,
      log,
    });
    const monitor = createAiMonitor(db, gateway, { log });
    services = {
      gateway,
      monitor,
      async close() {
        byDb.delete(db);
        monitor.stop();
        await redis?.quit().catch(() => redis.disconnect());
      },
    };
    byDb.set(db, services);
  }
  return services;
}
