import { jsonHasMoreTokensThan, jsonNestsDeeperThan, MAX_JSON_DEPTH } from '@rr/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import type { BodyCheck } from '../limits/body-checks.ts';
import type { WorkPool } from '../limits/work-pool.ts';

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
  }
}

const TOO_DEEP = {
  ko: `요청 JSON의 중첩이 너무 깊습니다 (최대 ${MAX_JSON_DEPTH}단계).`,
  en: `The request JSON is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`,
};

/**
 * From this size a JSON body is parsed in the work pool (issue 21). Measured on the 2-core machine:
 * decoding, scanning and parsing a 9 MB product document cost the request loop 20–70 ms, taking the
 * parsed value back from the thread (structured clone) 2–13 ms; for a body of many small objects the
 * two are about equal (2.5 MB: parse 10–22 ms, clone 14–17 ms), so below this size the loop parses.
 * The largest real capture body is 264 KB; real product documents are 10–300 KB.
 */
export const WORK_POOL_JSON_BYTES = 256 * 1024;

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

/**
 * The body's bytes for the work pool, and what to transfer: a body that owns its whole ArrayBuffer
 * (Fastify concatenates the chunks of a large body into a fresh buffer) is handed over without a
 * copy (the buffer is detached here: nothing reads the raw body after its parser); otherwise the
 * bytes are copied as structured clone does.
 */
function ownBytes(data: Buffer): { bytes: Uint8Array; transfer: ArrayBuffer[] } {
  const { buffer } = data;
  if (buffer instanceof ArrayBuffer && data.byteOffset === 0 && data.byteLength === buffer.byteLength)
    return { bytes: new Uint8Array(buffer), transfer: [buffer] };
  return { bytes: new Uint8Array(buffer, data.byteOffset, data.byteLength), transfer: [] };
}
