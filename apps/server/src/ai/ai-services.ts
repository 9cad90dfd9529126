import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { type AiGateway, createAiGateway } from './gateway.ts';
import { type AiMonitor, createAiMonitor } from './monitor.ts';

export type AiServices = { gateway: AiGateway; monitor: AiMonitor };

const byDb = new WeakMap<Db, AiServices>();

/** One gateway and monitor per database handle, shared by the routes and the workflow tasks. */
export function aiServicesFor(
  db: Db,
  config: Pick<Config, 'geminiBaseUrl' | 'openaiBaseUrl'>,
  log?: { warn: (obj: object, msg: string) => void },
): AiServices {
  let services = byDb.get(db);
  if (!services) {
    const gateway = createAiGateway({
      db,
      geminiBaseUrl: config.geminiBaseUrl,
      openaiBaseUrl: config.openaiBaseUrl,
      log,
    });
    services = { gateway, monitor: createAiMonitor(db, gateway, { log }) };
    byDb.set(db, services);
  }
  return services;
}
