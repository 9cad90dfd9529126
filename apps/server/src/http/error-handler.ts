import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type Message, RetryLaterError } from '../errors/app-error.ts';
import { retryableDatabaseError } from '../errors/database-errors.ts';
import { httpStatusOf } from './error-status.ts';
import { HTTP_MESSAGES as MESSAGES } from './http-messages.ts';
import { localize } from './request-language.ts';

/**
 * One JSON error shape for every failure: `{ code, message, error, issues? }` where `message` (and
 * `error`, the spec's field name) is the seller-facing text in the request's language; an AppError's
 * `answer` (e.g. the pre-flight findings of a stopped export) is sent beside them.
 * Expected failures are 4xx; anything unexpected is logged and answered 500 without internals.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | AppError, request, reply) => {
    // A statement or lock timeout, a deadlock, no free connection: 503 with Retry-After, never 500.
    const err = thrown instanceof AppError ? thrown : (retryableDatabaseError(thrown) ?? thrown);
    const send = (status: number, code: string, message: Message, extra: Record<string, unknown> = {}) => {
      const text = localize(request, message);
      return reply.status(status).send({ code, message: text, error: text, ...extra });
    };
    if (err instanceof AppError) {
      const status = httpStatusOf(err.kind);
      if (err instanceof RetryLaterError) {
        reply.header('retry-after', String(err.retryAfterSeconds));
        request.log.warn({ code: err.code }, 'retry later');
      } else if (status >= 500) request.log.error({ err, detail: err.detail }, err.code);
      return send(status, err.code, err.userMessage, err.answer);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({ path: v.instancePath, message: v.message }));
      return send(400, 'invalid_request', MESSAGES.invalidRequest, { issues });
    }
    const fe = err as FastifyError;
    if (
      fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      fe instanceof SyntaxError
    ) {
      return send(400, 'invalid_json', MESSAGES.invalidJson);
    }
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return send(413, 'body_too_large', MESSAGES.bodyTooLarge);
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return send(415, 'unsupported_media_type', MESSAGES.unsupportedMediaType);
    }
    if (fe.statusCode === 429) return send(429, 'too_many_requests', MESSAGES.tooManyRequests);
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return send(fe.statusCode, 'invalid_request', MESSAGES.invalidRequest);
    }
    request.log.error({ err }, 'unhandled error');
    return send(500, 'server_error', MESSAGES.serverError);
  });
}
