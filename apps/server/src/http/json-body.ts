import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from '@rr/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.ts';

const TOO_DEEP = {
  ko: `요청 JSON의 중첩이 너무 깊습니다 (최대 ${MAX_JSON_DEPTH}단계).`,
  en: `The request JSON is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`,
};

/**
 * Fastify's JSON parser (prototype-poisoning checks kept) behind a depth check: a body nested deeper
 * than MAX_JSON_DEPTH is refused with 400 `json_too_deep` by a scan without recursion, before
 * JSON.parse or any recursive code (schemas, sanitising, Ajv) sees it. Applies to every route.
 */
export function installJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new AppError('json_too_deep', 'invalid', TOO_DEEP), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
