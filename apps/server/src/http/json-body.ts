import { jsonHasMoreTokensThan, jsonNestsDeeperThan, MAX_JSON_DEPTH } from '@rr/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import type { BodyCheck } from '../limits/body-checks.ts';
import { JSON_TOO_DEEP } from '../limits/parse-json-text.ts';
import { ownBytes, WORK_POOL_JSON_BYTES, type WorkPool } from '../limits/work-pool.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A large JSON body (from `minBytes`, WORK_POOL_JSON_BYTES unless set) of a signed-in company is
     * decoded, depth-checked and parsed in the work pool, not on the event loop — on every route
     * unless it sets `false` — then held to the route's budget there (`check`): a body past it is
     * refused without its value crossing back (1688 captures, category metas). With
     * `loopUpToTokens`, a body with at most that many structural characters outside its strings (an
     * image as one base64 string) is parsed on the loop: a pool turn would only make a seller's
     * parallel uploads wait for the company's turns, while a body of many values still goes to the pool.
     */
    jsonInWorkPool?: boolean | { minBytes?: number; check?: BodyCheck; loopUpToTokens?: number };
    /**
     * The route reads its JSON body itself and gets its bytes (a Buffer, within the route's body
     * limit): saveItems reads, checks and builds its documents in the work pool in one go.
     */
    rawJsonBody?: boolean;
  }
}

const TOO_DEEP = JSON_TOO_DEEP;

/**
 * An image body (`imageData`, `imgUrl`, `filename`, `type` and a few flags) has about 20 structural
 * characters outside its strings; 64 leaves room and stops a body of many small values early.
 */
export const IMAGE_BODY_TOKENS = 64;

/**
 * Fastify's JSON parser (prototype-poisoning checks kept) behind a depth check: a body nested deeper
 * than MAX_JSON_DEPTH is refused with 400 `json_too_deep` by a scan without recursion, before
 * JSON.parse or any recursive code (schemas, sanitising, Ajv) sees it. Applies to every route; with
 * `work`, large bodies of a signed-in company are read in the work pool (see `jsonInWorkPool`).
 */
export function installJsonParser(app: FastifyInstance, work?: WorkPool): void {
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const data = body as Buffer;
    if (request.routeOptions.config?.rawJsonBody) {
      done(null, data);
      return;
    }
    const companyId = request.session?.companyId;
    const inPool = request.routeOptions.config?.jsonInWorkPool ?? true;
    const options = typeof inPool === 'object' ? inPool : {};
    const onLoop = (text: string) => {
      if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
        done(new AppError('json_too_deep', 'invalid', TOO_DEEP), undefined);
        return;
      }
      parseJson(request, text, done);
    };
    if (work && companyId && inPool && data.byteLength >= (options.minBytes ?? WORK_POOL_JSON_BYTES)) {
      const few = options.loopUpToTokens;
      const text = few === undefined ? undefined : data.toString('utf8');
      if (text !== undefined && few !== undefined && !jsonHasMoreTokensThan(text, few)) {
        onLoop(text);
        return;
      }
      const { bytes, transfer } = ownBytes(data);
      work.run(companyId, 'json', { data: bytes, check: options.check }, transfer).then(
        (parsed) => {
          if ('tooDeep' in parsed) done(new AppError('json_too_deep', 'invalid', TOO_DEEP), undefined);
          else if ('invalid' in parsed) done(new SyntaxError(parsed.invalid), undefined);
          else done(null, parsed.value);
        },
        (error: Error) => done(error, undefined),
      );
      return;
    }
    onLoop(data.toString('utf8'));
  });
}
