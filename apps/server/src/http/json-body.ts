import type { Readable } from 'node:stream';
import { jsonHasMoreTokensThan, jsonNestsDeeperThan, MAX_JSON_DEPTH } from '@rr/domain';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import type { BodyCheck } from '../limits/body-checks.ts';
import { JSON_TOO_DEEP } from '../limits/parse-json-text.ts';
import { chunksForPool, WORK_POOL_JSON_BYTES, type WorkPool } from '../limits/work-pool.ts';

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
     * The route reads its JSON body itself and gets its bytes (the chunks it arrived in, `Buffer[]`,
     * within the route's body limit): saveItems reads, checks and builds its documents in the pool.
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
  app.addContentTypeParser('application/json', (request, payload, done) => {
    readBody(payload, request.headers['content-length'], request.routeOptions.bodyLimit).then(
      (chunks) => parseBody(request, chunks, done),
      (error: Error) => done(error, undefined),
    );
  });

  function parseBody(
    request: FastifyRequest,
    chunks: Buffer[],
    done: (error: Error | null, body?: unknown) => void,
  ): void {
    if (request.routeOptions.config?.rawJsonBody) {
      done(null, chunks);
      return;
    }
    const length = chunks.reduce((n, c) => n + c.byteLength, 0);
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
    if (work && companyId && inPool && length >= (options.minBytes ?? WORK_POOL_JSON_BYTES)) {
      const few = options.loopUpToTokens;
      const text = few === undefined ? undefined : Buffer.concat(chunks, length).toString('utf8');
      if (text !== undefined && few !== undefined && !jsonHasMoreTokensThan(text, few)) {
        onLoop(text);
        return;
      }
      const moved = chunksForPool(chunks);
      work.run(companyId, 'json', { chunks: moved.chunks, check: options.check }, moved.transfer).then(
        (parsed) => {
          if ('tooDeep' in parsed) done(new AppError('json_too_deep', 'invalid', TOO_DEEP), undefined);
          else if ('invalid' in parsed) done(new SyntaxError(parsed.invalid), undefined);
          else done(null, parsed.value);
        },
        (error: Error) => done(error, undefined),
      );
      return;
    }
    onLoop(Buffer.concat(chunks, length).toString('utf8'));
  }
}

/**
 * A request body as the chunks it arrived in, held to the route's limit as Fastify's own reader does
 * (413 past it, 400 when it ends short of its Content-Length). The chunks are not copied into one
 * buffer here: a large body goes to the work pool chunk by chunk, each read's own buffer moved, so
 * receiving it allocates nothing more on the request loop (every such buffer brings its next full
 * garbage collection nearer; issue 21).
 */
function readBody(payload: Readable, declared: string | undefined, limit: number): Promise<Buffer[]> {
  const contentLength = Number(declared);
  if (contentLength > limit) return Promise.reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const stop = () => {
      payload.off('data', onData);
      payload.off('end', onEnd);
      payload.off('error', onError);
    };
    const onData = (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      received += bytes.byteLength;
      const encoded = (payload as Readable & { receivedEncodedLength?: number }).receivedEncodedLength ?? 0;
      if (received > limit || encoded > limit) {
        stop();
        reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
        return;
      }
      chunks.push(bytes);
    };
    const onEnd = () => {
      stop();
      const encoded = (payload as Readable & { receivedEncodedLength?: number }).receivedEncodedLength;
      if (!Number.isNaN(contentLength) && (encoded || received) !== contentLength) {
        reject(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
        return;
      }
      resolve(chunks);
    };
    const onError = (error: Error & { statusCode?: number }) => {
      stop();
      if (!(typeof error.statusCode === 'number' && error.statusCode >= 400)) error.statusCode = 400;
      reject(error);
    };
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.resume();
  });
}
